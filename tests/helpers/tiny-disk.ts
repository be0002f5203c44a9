import { execFileSync } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A small file system of its own (tmpfs) that a test can fill up, so a database on it fails for
 * real with "No space left on device". Mounting needs root and a system that allows it (CI's and a
 * developer's machines do); elsewhere `mountTinyDisk` says why it cannot and the test says so.
 */
export interface TinyDisk {
  dir: string
  /** Free bytes left on it. */
  free(): number
  /** Fills it up until only `leaveBytes` are free. */
  fill(leaveBytes: number): void
  /** Removes what `fill` wrote. */
  empty(): void
  /** Gives it to the operating-system user `uid` (a PostgreSQL server writes there). */
  chown(uid: number, gid: number): void
  unmount(): void
}

export function mountTinyDisk(sizeMiB: number): TinyDisk | string {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root'
  const dir = mkdtempSync(join(tmpdir(), 'salonia-tiny-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0777`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    return `mount refused: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`
  }
  const filler = join(dir, 'filler')
  const free = () => {
    const stats = statfsSync(dir)
    return stats.bavail * stats.bsize
  }
  return {
    dir,
    free,
    fill: (leaveBytes) => {
      rmSync(filler, { force: true })
      writeFileSync(filler, Buffer.alloc(Math.max(0, free() - leaveBytes)))
    },
    empty: () => rmSync(filler, { force: true }),
    chown: (uid, gid) => chownSync(dir, uid, gid),
    unmount: () => {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
