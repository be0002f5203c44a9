/** Small statistics helpers for the benchmarks. */

/** The p-th percentile (0–100) of the values, nearest-rank on a sorted copy. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  let sum = 0
  for (const v of values) sum += v
  return sum / values.length
}

export interface Summary {
  count: number
  p50: number
  p95: number
  p99: number
  mean: number
  max: number
}

export function summarize(values: readonly number[]): Summary {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    mean: mean(values),
    max: values.length ? values.reduce((a, b) => Math.max(a, b)) : Number.NaN,
  }
}
