import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { DEMO_NOW } from './app'

/**
 * Real Salonia processes for the tests about what only real processes show: who owns a data
 * directory, the admin CLI, backups. server/main.ts runs directly (not `npm start`, which builds the
 * web app first); the API serves without the built app.
 */

export const PROCESS_TEST_SECRET = 'process-test-secret-process-test-secret'

function environment(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    APP_SECRET: PROCESS_TEST_SECRET,
    APP_NOW: DEMO_NOW,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    ...extra,
  }
  delete env.DATABASE_URL
  return env
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

export interface ServerProcess {
  child: ChildProcess
  url: string
  output(): string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Spawns server/main.ts; `ready` resolves once it serves, or with its exit if it refuses to start. */
export function spawnServer(
  dataDir: string,
  port: number,
): { server: ServerProcess; ready: Promise<'serving' | 'exited'> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: environment(dataDir, { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const ready = new Promise<'serving' | 'exited'>((resolve) => {
    const check = () => {
      if (output.includes('Salonia is running')) resolve('serving')
      else if (child.exitCode !== null || child.signalCode !== null) resolve('exited')
      else setTimeout(check, 25)
    }
    check()
  })
  const server: ServerProcess = {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      return exited
    },
  }
  return { server, ready }
}

export interface AdminRun {
  code: number | null
  stdout: string
  stderr: string
}

/** `npm run admin -- <args>` on a data directory (scripts/admin.ts directly). */
export function runAdmin(dataDir: string, args: string[], extra: Record<string, string> = {}): Promise<AdminRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    env: environment(dataDir, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })))
}

/** Signs in as the demo salon's owner through the demo sign-in, as a browser would; returns the Cookie header. */
export async function demoOwnerCookie(baseUrl: string): Promise<string> {
  const start = await fetch(`${baseUrl}/api/google/auth-url/SAL001`)
  const signInCookie = cookieHeader(start.headers.getSetCookie())
  const { authUrl } = (await start.json()) as { authUrl: string }
  const state = new URL(authUrl, baseUrl).searchParams.get('state')
  const done = await fetch(`${baseUrl}/api/auth/demo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: signInCookie },
    body: JSON.stringify({ state }),
  })
  if (!done.ok) throw new Error(`demo sign-in failed: ${done.status} ${await done.text()}`)
  return cookieHeader(done.headers.getSetCookie())
}

function cookieHeader(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c && !c.endsWith('='))
    .join('; ')
}
