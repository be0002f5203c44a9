#!/usr/bin/env bash
# A PgBouncer in transaction mode in front of the test PostgreSQL (127.0.0.1:5432), for the tests
# that run several app instances on one database through a pooler (TEST_PGBOUNCER_URL):
#
#   scripts/ci/pgbouncer.sh start   # listens on 127.0.0.1:6432; does nothing if it already answers
#   scripts/ci/pgbouncer.sh stop    # SHUTDOWN through its admin console
#
# Debian's `pgbouncer` package (installed here when missing and run as root). PgBouncer refuses to
# run as root: it runs as the `postgres` user, its ini, auth file, log and pid in a fresh
# temporary directory. `[databases] *` forwards any database name to the server, so the throw-away
# databases the tests create (salonia_test_…) are reachable through it as soon as they exist.
set -euo pipefail

PORT="${PGBOUNCER_PORT:-6432}"
SERVER_HOST="${PGBOUNCER_SERVER_HOST:-127.0.0.1}"
SERVER_PORT="${PGBOUNCER_SERVER_PORT:-5432}"
RUN_AS="${PGBOUNCER_USER:-postgres}"

answers() { pg_isready -h 127.0.0.1 -p "$PORT" -q 2>/dev/null; }

# The pool mode of the PgBouncer on $PORT, from its admin console (empty if it is not ours).
pool_mode() {
  psql -h 127.0.0.1 -p "$PORT" -U postgres -d pgbouncer -Atc 'show config' 2>/dev/null |
    awk -F'|' '$1 == "pool_mode" { print $2 }'
}

check_mode() {
  local mode
  mode="$(pool_mode)"
  if [ "$mode" != "transaction" ]; then
    echo "pgbouncer.sh: something answers on 127.0.0.1:$PORT but not a PgBouncer in transaction mode (pool_mode: ${mode:-unknown})" >&2
    exit 1
  fi
}

start() {
  if answers; then
    check_mode
    echo "PgBouncer already answers on 127.0.0.1:$PORT (transaction mode)"
    return 0
  fi
  local binary
  binary="$(command -v pgbouncer || true)"
  [ -n "$binary" ] || [ ! -x /usr/sbin/pgbouncer ] || binary=/usr/sbin/pgbouncer
  if [ -z "$binary" ]; then
    echo "Installing Debian's PgBouncer…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
    binary=/usr/sbin/pgbouncer
  fi

  local dir
  dir="$(mktemp -d -t salonia-pgbouncer.XXXXXX)"
  # PostgreSQL trusts local connections in CI; PgBouncer still wants the user in its auth file.
  printf '"postgres" ""\n' >"$dir/userlist.txt"
  local prepared=""
  # PgBouncer 1.21 and later can keep protocol-level prepared statements across transaction
  # pooling; Debian 12 ships 1.18, which cannot (the app then sends its statements unnamed).
  if "$binary" --version | awk 'NR == 1 { split($2, v, "."); exit !(v[1] > 1 || (v[1] == 1 && v[2] >= 21)) }'; then
    prepared="max_prepared_statements = 200"
  fi
  cat >"$dir/pgbouncer.ini" <<EOF
[databases]
* = host=$SERVER_HOST port=$SERVER_PORT

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
admin_users = postgres
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 10
max_db_connections = 0
ignore_startup_parameters = extra_float_digits,options
server_login_retry = 1
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
$prepared
EOF
  chown -R "$RUN_AS" "$dir"
  chmod 700 "$dir"
  runuser -u "$RUN_AS" -- "$binary" -d "$dir/pgbouncer.ini"
  for _ in $(seq 1 50); do
    answers && break
    sleep 0.1
  done
  if ! answers; then
    echo "pgbouncer.sh: PgBouncer did not start; its log:" >&2
    cat "$dir/pgbouncer.log" >&2 || true
    exit 1
  fi
  check_mode
  echo "PgBouncer (transaction mode) on 127.0.0.1:$PORT → $SERVER_HOST:$SERVER_PORT; files in $dir"
}

stop() {
  if answers; then
    psql -h 127.0.0.1 -p "$PORT" -U postgres -d pgbouncer -qc 'shutdown' >/dev/null 2>&1 || true
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
