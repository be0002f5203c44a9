import { join } from 'node:path'
import { acquireDataDirLock, type DataDirLock, type LockRole } from '@server/db/data-dir-lock'
import { AdminCommandError } from './admin-commands'
import { type ControlSocket, controlSocketPath, openControlSocket } from './control-socket'

/**
 * Owning an embedded data directory: its lock, and the control socket that proves the owner alive
 * and lets the admin CLI reach it. The server owns it while it runs; the admin CLI only while no
 * server does, for one command.
 */
export interface DataDirOwnership {
  lock: DataDirLock
  control: ControlSocket
  release(): Promise<void>
}

/** Where PGlite keeps its files inside DATA_DIR. */
export function pgliteDirOf(dataDir: string): string {
  return join(dataDir, 'pglite')
}

/** Takes the lock (DataDirLockedError when a live process holds it) and listens on the socket. */
export async function ownDataDir(dataDir: string, role: LockRole): Promise<DataDirOwnership> {
  const socket = controlSocketPath(dataDir)
  const lock = await acquireDataDirLock(dataDir, { role, controlSocket: socket })
  const who = role === 'server' ? `The server (pid ${process.pid})` : `An admin command (pid ${process.pid})`
  let control: ControlSocket
  try {
    control = await openControlSocket(socket, who)
  } catch (error) {
    lock.release()
    throw error
  }
  if (role === 'admin') {
    // Another CLI finding this one at work is told to wait rather than left without an answer.
    control.serve(async () => {
      throw new AdminCommandError(`${who} is using ${dataDir}; try again when it has finished.`, 409)
    })
  }
  return {
    lock,
    control,
    release: async () => {
      await control.close()
      lock.release()
    },
  }
}
