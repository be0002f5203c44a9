/**
 * A process that tries to take a data directory's lock when told: prints "ready", waits for a line
 * on standard input, tries, prints "won", "locked" or "error …", and holds what it won until its
 * standard input closes. Several of them, told at once, race for one lock (data-dir-lock.test.ts).
 */
import { acquireDataDirLock, DataDirLockedError } from '@server/db/data-dir-lock'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: lock-contender.ts <data dir>')

process.stdin.once('data', () => {
  acquireDataDirLock(dataDir, { role: 'server' }).then(
    () => process.stdout.write('won\n'),
    (error: unknown) =>
      process.stdout.write(error instanceof DataDirLockedError ? 'locked\n' : `error ${String(error)}\n`),
  )
})
process.stdin.once('end', () => process.exit(0))
process.stdout.write('ready\n')
