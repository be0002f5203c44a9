import { describe, expect, it } from 'vitest'
import { createKeyedLimiter, GRAPH_CALLS_PER_CONNECTION, limitPerKey } from './graph-limit'

/** A call that runs until released by the test, recording how many ran at once per key. */
function harness() {
  const running = new Map<string, number>()
  const peak = new Map<string, number>()
  const order: string[] = []
  const gates: Array<() => void> = []
  const call = (key: string, name: string) => async () => {
    const now = (running.get(key) ?? 0) + 1
    running.set(key, now)
    peak.set(key, Math.max(peak.get(key) ?? 0, now))
    order.push(name)
    await new Promise<void>((resolve) => gates.push(resolve))
    running.set(key, (running.get(key) ?? 1) - 1)
    return name
  }
  /** Lets every call started so far finish, then lets the limiter hand out the freed slots. */
  const releaseAll = async () => {
    for (const open of gates.splice(0)) open()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { call, peak, order, releaseAll, started: () => order.length }
}

describe('createKeyedLimiter', () => {
  it('runs at most `limit` calls per key, in arrival order, and keys independently', async () => {
    const limited = createKeyedLimiter(2)
    const h = harness()
    const a = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => limited('a', h.call('a', name)))
    const b = limited('b', h.call('b', 'b1'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(h.order).toEqual(['a1', 'a2', 'b1'])
    while (h.started() < 6) await h.releaseAll()
    await h.releaseAll()
    expect(await Promise.all([...a, b])).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'b1'])
    expect(h.order.filter((n) => n.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5'])
    expect(h.peak.get('a')).toBe(2)
  })

  it('frees the slot of a call that fails', async () => {
    const limited = createKeyedLimiter(1)
    await expect(limited('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await limited('k', async () => 'next')).toBe('next')
  })

  it('is shared by the process at GRAPH_CALLS_PER_CONNECTION per key', async () => {
    expect(GRAPH_CALLS_PER_CONNECTION).toBe(2)
    const h = harness()
    const calls = [1, 2, 3].map((n) => limitPerKey('connection-1', h.call('connection-1', `c${n}`)))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(h.started()).toBe(2)
    while (h.started() < 3) await h.releaseAll()
    await h.releaseAll()
    expect(await Promise.all(calls)).toEqual(['c1', 'c2', 'c3'])
  })
})
