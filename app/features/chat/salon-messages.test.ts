import { describe, expect, it } from 'vitest'
import { newSalonMessages, readSeen } from './salon-messages'

const message = (id: string, sentAt: string) => ({ id, text: `text ${id}`, sentAt })

describe("the salon's messages on this device", () => {
  it('shows every message the first time, and remembers the last instant with its ids', () => {
    const found = [message('a', '2026-12-01T09:00:00.000Z'), message('b', '2026-12-01T10:00:00.000Z')]
    expect(newSalonMessages(found, undefined)).toEqual({
      fresh: found,
      seen: { since: '2026-12-01T10:00:00.000Z', ids: ['b'] },
    })
  })

  it('leaves out what was shown, also a message sent at the same instant as the last one shown', () => {
    const seen = { since: '2026-12-01T10:00:00.000Z', ids: ['b'] }
    const found = [message('b', '2026-12-01T10:00:00.000Z'), message('c', '2026-12-01T10:00:00.000Z')]
    expect(newSalonMessages(found, seen)).toEqual({
      fresh: [found[1]],
      seen: { since: '2026-12-01T10:00:00.000Z', ids: ['b', 'c'] },
    })
    expect(newSalonMessages([], seen)).toEqual({ fresh: [], seen })
  })

  it('reads a stored marker, and nothing from a damaged one', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    } as unknown as Storage
    expect(readSeen('SAL001', 'user-1', storage)).toBeUndefined()
    store.set('salonia-salon-messages:SAL001:user-1', '{"since":"2026-12-01T10:00:00.000Z","ids":["b",3]}')
    expect(readSeen('SAL001', 'user-1', storage)).toEqual({ since: '2026-12-01T10:00:00.000Z', ids: ['b'] })
    store.set('salonia-salon-messages:SAL001:user-1', '{not json')
    expect(readSeen('SAL001', 'user-1', storage)).toBeUndefined()
  })
})
