#!/usr/bin/env node
// `npm run dev`: the API server restarted on every server change (node --watch) and the Vite dev
// server with hot reload for the web app, which forwards /api to the API server. Open the Vite
// address it prints (http://localhost:5173 by default).
import { spawn } from 'node:child_process'

const apiPort = process.env.PORT ?? '3000'
const vitePort = process.env.VITE_PORT ?? '5173'
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    // The browser talks to Vite: sign-in comes back there, and that is the app's own origin.
    env: { PUBLIC_URL: `http://localhost:${vitePort}`, ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--port', vitePort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, SALONIA_API_PORT: apiPort },
  }),
]

let stopping = false
const stop = (code) => {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  process.exitCode = code
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
for (const child of children) child.on('exit', (code) => stop(code ?? 0))
