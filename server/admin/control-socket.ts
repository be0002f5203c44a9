import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs'
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { AdminCommandError, type AdminOutput } from './admin-commands'

/**
 * The control socket: how `npm run admin` reaches the process that owns an embedded data
 * directory, since no second process may open that database. Plain HTTP over a Unix domain socket
 * in DATA_DIR/run (mode 0700): only the owner of the files (and root) can connect; nothing listens
 * on the network. Whoever holds the data directory's lock listens on it from the moment it has the
 * lock — that it answers is also how the lock shows its holder alive (server/db/data-dir-lock.ts).
 *
 *   POST /commands  {"command": "list-access-codes", "args": []}
 *   → 200 text/plain: the command's text
 *   → 200 application/octet-stream: a file (x-salonia-path: where the CLI writes it,
 *     x-salonia-message: what it prints then), with its length
 *   → 4xx/5xx text/plain: the refusal or failure, in words
 */

export type CommandRunner = (command: string, args: string[]) => Promise<AdminOutput>

export interface ControlSocket {
  readonly path: string
  /** From now on, commands run through `runner` (until then they are answered "starting"). */
  serve(runner: CommandRunner): void
  close(): Promise<void>
}

/** Longest socket path the kernel takes (sun_path is 108 bytes on Linux, 104 on macOS), with room. */
const MAX_SOCKET_PATH = 100
const MAX_REQUEST_BYTES = 64 * 1024

/**
 * Where the data directory's owner listens: DATA_DIR/run/control.sock, in a directory only the
 * owner may enter. A DATA_DIR so deep that the path would not fit a socket address gets a private
 * temporary directory instead; the lock file names the socket either way, so the CLI finds it.
 */
export function controlSocketPath(dataDir: string): string {
  const preferred = join(dataDir, 'run', 'control.sock')
  if (Buffer.byteLength(preferred) <= MAX_SOCKET_PATH) {
    privateDirectory(dirname(preferred))
    return preferred
  }
  return join(mkdtempSync(join(tmpdir(), TEMPORARY_PREFIX)), 'control.sock')
}

const TEMPORARY_PREFIX = 'salonia-control-'

/** A socket in a temporary directory of its own (the long-path case), removed with it. */
function isTemporary(path: string): boolean {
  const directory = dirname(path)
  return dirname(directory) === tmpdir() && basename(directory).startsWith(TEMPORARY_PREFIX)
}

function privateDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 })
  if (!lstatSync(path).isDirectory()) throw new Error(`${path} should be a directory`)
  chmodSync(path, 0o700)
}

/** Listens on the path; call it only while holding the data directory's lock (it removes a stale socket). */
export async function openControlSocket(path: string, holder: string): Promise<ControlSocket> {
  let runner: CommandRunner | undefined
  const server = createServer((req, res) => {
    void answer(req, res, runner, holder)
  })
  try {
    unlinkSync(path) // left by a process that died holding the lock
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
  chmodSync(path, 0o600)
  return {
    path,
    serve: (next) => {
      runner = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          if (isTemporary(path)) rmSync(dirname(path), { recursive: true, force: true })
          resolve()
        })
        server.closeAllConnections()
      }),
  }
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  runner: CommandRunner | undefined,
  holder: string,
): Promise<void> {
  const fail = (status: number, message: string): void => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    res
      .writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
      .end(message.endsWith('\n') ? message : `${message}\n`)
  }
  try {
    if (req.method !== 'POST' || req.url !== '/commands') return fail(404, 'POST /commands only.')
    const body = await readBody(req)
    const { command, args } = JSON.parse(body) as { command?: unknown; args?: unknown }
    if (typeof command !== 'string' || !Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
      return fail(400, 'Expected {"command": string, "args": string[]}.')
    }
    if (!runner) return fail(503, `${holder} is still starting; try again in a moment.`)
    const output = await runner(command, args)
    if (output.kind === 'text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(output.text)
      return
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': output.data.size,
      'x-salonia-path': encodeURIComponent(output.path),
      'x-salonia-message': encodeURIComponent(output.message),
    })
    Readable.fromWeb(output.data.stream() as never).pipe(res)
  } catch (error) {
    if (error instanceof AdminCommandError) return fail(error.status, error.message)
    fail(500, `The command failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_REQUEST_BYTES) {
        reject(new AdminCommandError('Request too large.', 413))
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** What a command sent over the socket came back as. */
export type ControlAnswer =
  | { kind: 'text'; text: string }
  | { kind: 'file'; path: string; message: string; length: number; body: Readable }

/** Sends a command to the process listening on `path` (the CLI's side). */
export function sendControlCommand(path: string, command: string, args: string[]): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ command, args })
    const req = request(
      {
        socketPath: path,
        method: 'POST',
        path: '/commands',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        if (res.statusCode === 200 && res.headers['content-type'] === 'application/octet-stream') {
          return resolve({
            kind: 'file',
            path: decodeURIComponent(String(res.headers['x-salonia-path'] ?? '')),
            message: decodeURIComponent(String(res.headers['x-salonia-message'] ?? '')),
            length: Number(res.headers['content-length']),
            body: res,
          })
        }
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          if (res.statusCode === 200) resolve({ kind: 'text', text })
          else reject(new AdminCommandError(text.trimEnd(), res.statusCode ?? 500))
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}
