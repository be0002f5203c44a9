import { describe, expect, it } from 'vitest'
import { readShift, shiftedStart } from './shift'

describe('a move said relative to the appointment', () => {
  it.each([
    ['deux jours plus tard', { days: 2, months: 0, minutes: 0 }],
    ['une semaine plus tard à la même heure', { days: 7, months: 0, minutes: 0 }],
    ['une demi-heure plus tôt', { days: 0, months: 0, minutes: -30 }],
    ['le lendemain', { days: 1, months: 0, minutes: 0 }],
    ['la veille', { days: -1, months: 0, minutes: 0 }],
    ['eine Woche später zur selben Zeit', { days: 7, months: 0, minutes: 0 }],
    ['zwei Tage früher', { days: -2, months: 0, minutes: 0 }],
    ['eine Stunde später', { days: 0, months: 0, minutes: 60 }],
    ['am Tag danach', { days: 1, months: 0, minutes: 0 }],
    ["di mezz'ora più tardi", { days: 0, months: 0, minutes: 30 }],
    ['tre giorni dopo', { days: 3, months: 0, minutes: 0 }],
    ["un'ora prima", { days: 0, months: 0, minutes: -60 }],
    ['il giorno dopo', { days: 1, months: 0, minutes: 0 }],
    ['stessa ora il mese prossimo', { days: 0, months: 1, minutes: 0 }],
    ['same time next month', { days: 0, months: 1, minutes: 0 }],
    ['the same time a week later', { days: 7, months: 0, minutes: 0 }],
    ['an hour earlier', { days: 0, months: 0, minutes: -60 }],
    ['2 days later please', { days: 2, months: 0, minutes: 0 }],
    ['the day after', { days: 1, months: 0, minutes: 0 }],
    ['vous pouvez le décaler de deux jours ?', { days: 2, months: 0, minutes: 0 }],
    ['on peut avancer de 30 minutes ?', { days: 0, months: 0, minutes: -30 }],
    ['können wir ihn um eine Woche verschieben?', { days: 7, months: 0, minutes: 0 }],
    ['posso spostarlo di due giorni?', { days: 2, months: 0, minutes: 0 }],
    ['can you push it back two days?', { days: 2, months: 0, minutes: 0 }],
    ['bring it forward by an hour', { days: 0, months: 0, minutes: -60 }],
    ["on peut le décaler d'une demi-heure ?", { days: 0, months: 0, minutes: 30 }],
  ])('reads "%s"', (message, shift) => {
    expect(readShift(message)).toEqual(shift)
  })

  it.each([
    'see you later',
    'the day after tomorrow',
    'je viendrai plus tard dans la semaine',
    'prima possibile',
    'after work',
  ])('reads no shift in "%s"', (message) => {
    expect(readShift(message)).toBeUndefined()
  })

  it('lands on the appointment’s own day and time, shifted; a month on keeps the day when it can', () => {
    expect(shiftedStart('2026-12-04T10:00', { days: 2, months: 0, minutes: 0 })).toEqual({
      date: '2026-12-06',
      minutes: 600,
    })
    expect(shiftedStart('2027-01-31T10:00', { days: 0, months: 1, minutes: 0 })).toEqual({
      date: '2027-02-28',
      minutes: 600,
    })
    expect(shiftedStart('2026-12-04T23:45', { days: 0, months: 0, minutes: 30 })).toBeUndefined()
  })
})
