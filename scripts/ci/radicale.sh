#!/usr/bin/env bash
# A Radicale CalDAV server on the loopback for the CalDAV tests (TEST_RADICALE_URL): the tests write
# to it directly as the owner's phone would (tests/helpers/radicale.ts), and the product reaches it
# through tests/fakes/caldav-proxy.ts, which plays its failures:
#
#   scripts/ci/radicale.sh start   # listens on 127.0.0.1:5233; reuses the one already answering there
#   scripts/ci/radicale.sh stop    # ends the one this script started
#
# `start` ends with the line TEST_RADICALE_URL=http://salonia:<password>@127.0.0.1:5233 on stdout
# (also kept in $DIR/url), so a developer can run: export "$(scripts/ci/radicale.sh start | tail -n 1)"
#
# Debian's `radicale` package (3.1.8 on bookworm; installed here when missing). Radicale 3 has no
# daemon mode: it runs under nohup in the background, its pid, config, users file, storage and log
# in a temporary directory of a fixed name per port (/dev/shm/salonia-radicale.5233, else under
# $TMPDIR; RADICALE_DIR overrides it), where a second `start` finds the password and `stop` the
# pid. Python is called by its full path: `python3` may be a pyenv shim without Debian's modules.
# One user, `salonia`, with a random password kept in that directory; each test file makes its own
# calendars under /salonia/ (tests/helpers/radicale.ts's newCalendar).
set -euo pipefail

PORT="${RADICALE_PORT:-5233}"
# In memory when /dev/shm is there: Radicale fsyncs every write (see the config below), which cost
# about 50 ms a PUT on this machine's disk against 20 ms on tmpfs.
TMP_ROOT="${TMPDIR:-/tmp}"
if [ -d /dev/shm ] && [ -w /dev/shm ]; then TMP_ROOT=/dev/shm; fi
DIR="${RADICALE_DIR:-$TMP_ROOT/salonia-radicale.$PORT}"
PYTHON=/usr/bin/python3
USER_NAME=salonia

fail() {
  echo "radicale.sh: $*" >&2
  exit 1
}

# Something accepts TCP connections on the port (Radicale or not).
answers() { (: <"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

# The HTTP status of a depth-0 PROPFIND of the user's collection, as that user (000: no answer).
# Radicale creates the principal collection on a user's first authenticated request.
propfind_status() {
  curl -s -o /dev/null -w '%{http_code}' --max-time 5 -X PROPFIND -H 'Depth: 0' \
    -u "$USER_NAME:$1" "http://127.0.0.1:$PORT/$USER_NAME/" 2>/dev/null || true
}

installed() { [ -x /usr/bin/radicale ] && "$PYTHON" -c 'import radicale' 2>/dev/null; }

install_missing() {
  local packages=()
  installed || packages+=(radicale)
  command -v curl >/dev/null 2>&1 || packages+=(curl)
  [ "${#packages[@]}" -gt 0 ] || return 0
  echo "Installing Debian's ${packages[*]}…"
  # On a host with systemd the package's own service may start too, on 5232 (hence our 5233).
  apt-get update -qq >/dev/null &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null ||
    fail "could not install ${packages[*]} with apt-get"
  installed || fail "$PYTHON cannot import radicale after installing Debian's package"
}

# The directory must be ours: its name is fixed, in a folder others may write to.
own_dir() {
  mkdir -p -m 700 "$DIR"
  if [ -L "$DIR" ] || [ ! -O "$DIR" ]; then
    fail "$DIR is not a directory of this user"
  fi
}

# The test user's password: the one kept in $DIR, or a new random one (hex: nothing to escape in a URL).
password() {
  if [ ! -s "$DIR/password" ]; then
    (umask 077 && od -An -tx1 -N16 /dev/urandom | tr -d ' \n' >"$DIR/password")
  fi
  cat "$DIR/password"
}

print_url() {
  local url="TEST_RADICALE_URL=http://$USER_NAME:$1@127.0.0.1:$PORT"
  (umask 077 && echo "$url" >"$DIR/url")
  echo "$url"
}

start() {
  if answers; then
    # Ours from an earlier `start` (or a developer's): its password must still be accepted.
    [ -s "$DIR/password" ] || fail "something answers on 127.0.0.1:$PORT, but $DIR/password is missing: not our Radicale?"
    command -v curl >/dev/null 2>&1 || install_missing
    local pw status
    pw="$(password)"
    status="$(propfind_status "$pw")"
    [ "$status" = 207 ] ||
      fail "something answers on 127.0.0.1:$PORT but not as our Radicale (PROPFIND /$USER_NAME/ as $USER_NAME: HTTP $status)"
    echo "Radicale already answers on 127.0.0.1:$PORT; files in $DIR"
    print_url "$pw"
    return 0
  fi
  install_missing
  own_dir

  local pw
  pw="$(password)"
  # A fresh server starts empty; the password stays, so URLs printed before still work.
  rm -rf "$DIR/collections"
  mkdir -m 700 "$DIR/collections"
  (umask 077 && printf '%s:%s\n' "$USER_NAME" "$pw" >"$DIR/users")
  # Radicale fsyncs every write, and 3.1.8 has no way to turn that off: its `_filesystem_fsync`
  # option is internal (a config file that sets it is refused as invalid), hence tmpfs above.
  cat >"$DIR/config" <<EOF
[server]
hosts = 127.0.0.1:$PORT
max_connections = 64

[auth]
type = htpasswd
htpasswd_filename = $DIR/users
htpasswd_encryption = plain
delay = 0

[rights]
type = owner_only

[storage]
filesystem_folder = $DIR/collections

[web]
type = none

[logging]
level = warning
mask_passwords = True
EOF
  chmod 600 "$DIR/config"

  nohup "$PYTHON" -m radicale --config "$DIR/config" >"$DIR/radicale.log" 2>&1 </dev/null &
  local pid=$!
  echo "$pid" >"$DIR/radicale.pid"
  local status=000 deadline=$((SECONDS + 30))
  while [ "$SECONDS" -lt "$deadline" ]; do
    status="$(propfind_status "$pw")"
    [ "$status" = 207 ] && break
    kill -0 "$pid" 2>/dev/null || break # it stopped: its log says why
    sleep 0.1
  done
  if [ "$status" != 207 ] && ! kill -0 "$pid" 2>/dev/null; then
    fail "Radicale stopped as it started; its log ($DIR/radicale.log) ends: $(tail -n 1 "$DIR/radicale.log" 2>/dev/null)"
  fi
  if [ "$status" != 207 ]; then
    kill "$pid" 2>/dev/null || true
    fail "Radicale did not answer PROPFIND /$USER_NAME/ with 207 within 30 s (last: HTTP $status); its log: $DIR/radicale.log ($(tail -n 1 "$DIR/radicale.log" 2>/dev/null))"
  fi
  echo "Radicale $("$PYTHON" -c 'import radicale; print(radicale.VERSION)') on 127.0.0.1:$PORT (user $USER_NAME, pid $pid); files in $DIR"
  print_url "$pw"
}

stop() {
  local pid
  pid="$(cat "$DIR/radicale.pid" 2>/dev/null || true)"
  # Only the process this script started, if it is still a Radicale.
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'radicale'; then
    kill "$pid"
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    ! kill -0 "$pid" 2>/dev/null || fail "Radicale (pid $pid) did not stop within 5 s"
  fi
  rm -f "$DIR/radicale.pid"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
