import { readdirSync, readFileSync } from 'node:fs'

/**
 * How much CPU other programs used while the benchmark ran (Linux only): every second, the CPU
 * time of each process outside the benchmark's own tree and outside PostgreSQL. A shared machine
 * busy with tests or builds makes every figure worse, and the report says so. Samples are taken
 * when the event loop is free, so during the (synchronous) engine benchmark a program that starts
 * and ends between two samples is missed.
 */

export interface OtherActivity {
  /** CPU seconds used by other processes during the run. */
  cpuSeconds: number
  /** The same as a share of the machine's capacity over the run (all CPUs), in %. */
  percentOfMachine: number
  /** The biggest consumers, by command line. */
  top: { command: string; cpuSeconds: number }[]
}

/** Clock ticks per second of /proc/[pid]/stat times (USER_HZ, 100 on Linux builds). */
const TICKS_PER_SECOND = 100

interface ProcessSample {
  ppid: number
  ticks: number
  name: string
}

/** Every process's parent, CPU ticks (user + system) and name, from /proc. */
export function readProcesses(): Map<number, ProcessSample> {
  const processes = new Map<number, ProcessSample>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      // Fields after "(comm)": state ppid … utime (14th field overall) stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      processes.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        name,
      })
    } catch {
      // The process ended between readdir and read.
    }
  }
  return processes
}

function commandLine(pid: number, fallback: string): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
    const text = args.map((a) => a.replace(/^.*\/node_modules\//, '')).join(' ')
    return (text || fallback).slice(0, 60)
  } catch {
    return fallback
  }
}

/** Starts sampling; `stop()` returns what other processes used since. Undefined where /proc is missing. */
export function watchOtherActivity(cpus: number): { stop(): OtherActivity } | undefined {
  try {
    readdirSync('/proc')
    readFileSync('/proc/self/stat', 'utf8')
  } catch {
    return undefined
  }
  const started = performance.now()
  const first = new Map<number, number>()
  const last = new Map<number, { ticks: number; command: string }>()
  // Once ours, always ours: when the benchmark closes a browser, its renderers outlive it for a
  // moment with init as their parent, and would otherwise be counted, whole, as another program's.
  const ourPids = new Set<number>([process.pid])
  const sample = (initial: boolean) => {
    const processes = readProcesses()
    const ours = (pid: number): boolean => {
      for (let p = pid, depth = 0; p > 1 && depth < 64; depth++) {
        if (ourPids.has(p)) {
          ourPids.add(pid)
          return true
        }
        p = processes.get(p)?.ppid ?? 0
      }
      return false
    }
    for (const [pid, info] of processes) {
      if (ours(pid) || info.name === 'postgres' || info.name === 'postmaster') continue
      if (initial) first.set(pid, info.ticks)
      else if (!first.has(pid)) first.set(pid, 0)
      const known = last.get(pid)
      last.set(pid, { ticks: info.ticks, command: known?.command ?? commandLine(pid, info.name) })
    }
  }
  sample(true)
  const timer = setInterval(() => sample(false), 1000)
  timer.unref()
  return {
    stop: () => {
      clearInterval(timer)
      sample(false)
      const byCommand = new Map<string, number>()
      let ticks = 0
      for (const [pid, { ticks: now, command }] of last) {
        const used = now - (first.get(pid) ?? 0)
        if (used <= 0) continue
        ticks += used
        byCommand.set(command, (byCommand.get(command) ?? 0) + used)
      }
      const seconds = (performance.now() - started) / 1000
      const cpuSeconds = ticks / TICKS_PER_SECOND
      return {
        cpuSeconds,
        percentOfMachine: (100 * cpuSeconds) / (seconds * cpus),
        top: [...byCommand.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([command, t]) => ({ command, cpuSeconds: t / TICKS_PER_SECOND })),
      }
    },
  }
}
