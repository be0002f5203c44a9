import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AdminCommandError } from './admin-commands'
import { type ControlSocket, controlSocketPath, openControlSocket, sendControlCommand } from './control-socket'

const directories: string[] = []
const sockets: ControlSocket[] = []

async function open(): Promise<ControlSocket> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salonia-control-test-'))
  directories.push(dataDir)
  const socket = await openControlSocket(controlSocketPath(dataDir), 'The test server (pid 1)')
  sockets.push(socket)
  return socket
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.close()
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the control socket', () => {
  it('lives in DATA_DIR/run, which only the owner may enter, and goes away on close', async () => {
    const socket = await open()
    expect(socket.path).toMatch(/\/run\/control\.sock$/)
    expect(statSync(dirname(socket.path)).mode & 0o777).toBe(0o700)
    expect(statSync(socket.path).mode & 0o777).toBe(0o600)
    await socket.close()
    expect(existsSync(socket.path)).toBe(false)
    expect(existsSync(dirname(socket.path))).toBe(true)
  })

  it('answers "starting" until it serves commands', async () => {
    const socket = await open()
    const early = await sendControlCommand(socket.path, 'list-access-codes', []).catch((e) => e)
    expect(early).toBeInstanceOf(AdminCommandError)
    expect(early.status).toBe(503)
    expect(early.message).toBe('The test server (pid 1) is still starting; try again in a moment.')

    socket.serve(async (command, args) => ({ kind: 'text', text: `${command} ${args.join(',')}\n` }))
    expect(await sendControlCommand(socket.path, 'create-access-code', ['--label', 'Équipe'])).toEqual({
      kind: 'text',
      text: 'create-access-code --label,Équipe\n',
    })
  })

  it("carries a command's refusal and failure back in words, with a status", async () => {
    const socket = await open()
    socket.serve(async (command) => {
      if (command === 'refuse') throw new AdminCommandError('No access code has the id x.', 404)
      throw new Error('disk full')
    })
    await expect(sendControlCommand(socket.path, 'refuse', [])).rejects.toMatchObject({
      status: 404,
      message: 'No access code has the id x.',
    })
    await expect(sendControlCommand(socket.path, 'fail', [])).rejects.toMatchObject({
      status: 500,
      message: 'The command failed: disk full',
    })
  })

  it('streams a file with where to write it and what to say', async () => {
    const socket = await open()
    const bytes = new Uint8Array(300_000).map((_, i) => i % 251)
    socket.serve(async () => ({
      kind: 'file',
      path: 'sauvegardes/été.tar.gz',
      data: new Blob([bytes]),
      message: 'Gardez APP_SECRET.\n',
    }))
    const answer = await sendControlCommand(socket.path, 'backup', ['sauvegardes/été.tar.gz'])
    if (answer.kind !== 'file') throw new Error('expected a file')
    expect(answer).toMatchObject({ path: 'sauvegardes/été.tar.gz', message: 'Gardez APP_SECRET.\n', length: 300_000 })
    const chunks: Buffer[] = []
    for await (const chunk of answer.body) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).equals(Buffer.from(bytes))).toBe(true)
  })
})
