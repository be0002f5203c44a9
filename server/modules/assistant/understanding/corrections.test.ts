import { describe, expect, it } from 'vitest'
import { parseWhenCorrected, splitCorrection } from './corrections'

/** Tuesday 1 December 2026. */
const context = { today: '2026-12-01' }

describe('a customer correcting themselves', () => {
  it.each([
    ['mardi… ah non, plutôt mercredi', { date: '2026-12-02' }],
    ['jeudi à 15h. attendez, vendredi', { date: '2026-12-04', time: 15 * 60 }],
    // An hour alone keeps both readings; the salon's hours settle it later.
    ['um 10 – nee, halb 11', { timeOptions: [10 * 60 + 30, 22 * 60 + 30] }],
    ['Donnerstag um 10, ich meine Freitag', { date: '2026-12-04', timeOptions: [10 * 60, 22 * 60] }],
    ['alle 15, anzi no, alle 17', { time: 17 * 60 }],
    ['giovedì alle 11 anzi venerdì', { date: '2026-12-04', timeOptions: [11 * 60, 23 * 60] }],
    ['thursday 3pm. wait, 4pm', { date: '2026-12-03', time: 16 * 60 }],
    ['thursday. wait, friday', { date: '2026-12-04' }],
  ])('reads "%s" with the later value', (message, expected) => {
    expect(parseWhenCorrected(message, context)).toMatchObject(expected)
  })

  it('counts a weekday correcting a date from that date’s week', () => {
    expect(parseWhenCorrected('le jeudi 10 décembre, non pardon, le vendredi', context)).toMatchObject({
      date: '2026-12-11',
    })
  })

  it('leaves a message without a correction as it reads', () => {
    expect(splitCorrection('une coupe jeudi à 15h')).toBeUndefined()
    expect(parseWhenCorrected('une coupe jeudi à 15h', context)).toMatchObject({ date: '2026-12-03', time: 900 })
  })
})
