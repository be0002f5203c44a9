import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { entryStatusText } from './waiting-list-format'
import { entry } from './waiting-list-test-harness'

// The key itself stands for its text: what matters is which text is chosen.
const t = ((key: string) => key) as unknown as TFunction
const where = { timeZone: 'Europe/Paris', today: '2099-12-01', language: 'fr' as const }

describe('where a waiting customer stands, in a line', () => {
  it('says to call a customer no channel reaches, rather than "not told yet"', () => {
    const offered = { status: 'offered' as const, offeredStart: '2099-12-02T14:00' }
    expect(entryStatusText(t, entry({ ...offered, unreachable: true }), where)).toBe(
      'waitingList.status.offered — waitingList.status.unreachable',
    )
    expect(entryStatusText(t, entry(offered), where)).toBe('waitingList.status.offered — waitingList.status.notToldYet')
  })
})
