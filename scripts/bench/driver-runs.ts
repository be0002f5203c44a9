import { performance } from 'node:perf_hooks'
import { type OtherActivity, watchOtherActivity } from './activity'
import type { Driver } from './protocol'
import { cpuTimes, type Machine } from './report'

/** What every part's report keeps of how its run went (calendar, team, reminders). */
export interface DriverRunsReport {
  machine: Machine
  totalSeconds: number
  /** Share of CPU time the hypervisor took from this VM during the run (from /proc/stat). */
  stealPercent?: number
  /** What other programs did meanwhile (from /proc). */
  otherActivity?: OtherActivity
  skipped: { driver: string; reason: string }[]
}

/**
 * Runs a part on each database in turn — those that cannot be reached are noted as skipped — and
 * records how long it took, the hypervisor's steal and the other programs' activity meanwhile.
 */
export async function runOnEachDriver<R extends DriverRunsReport>(
  report: R,
  drivers: { driver: Driver; databaseUrl?: string; skipped?: string }[],
  log: (line: string) => void,
  run: (driver: Driver, databaseUrl: string | undefined) => Promise<void>,
): Promise<R> {
  const started = performance.now()
  const cpuAtStart = cpuTimes()
  const others = watchOtherActivity(report.machine.cpus)
  for (const { driver, databaseUrl, skipped } of drivers) {
    if (skipped) {
      log(`${driver}: skipped (${skipped})`)
      report.skipped.push({ driver, reason: skipped })
      continue
    }
    await run(driver, databaseUrl)
  }
  report.totalSeconds = (performance.now() - started) / 1000
  const cpuAtEnd = cpuTimes()
  if (others) report.otherActivity = others.stop()
  if (cpuAtStart && cpuAtEnd && cpuAtEnd.total > cpuAtStart.total) {
    report.stealPercent = (100 * (cpuAtEnd.steal - cpuAtStart.steal)) / (cpuAtEnd.total - cpuAtStart.total)
  }
  return report
}
