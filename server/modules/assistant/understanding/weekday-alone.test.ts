import { describe, expect, it } from 'vitest'
import { weekdayNamedAlone } from './when'

describe('a day said by its weekday alone', () => {
  it.each([
    ['celui de samedi', 'fr', 5],
    ['den am Freitag', 'de', 4],
    ['quello di giovedì', 'it', 3],
    ['the saturday one', 'en', 5],
    ['jeudi à 15h', 'fr', 3],
    ['thursday 3pm. wait, 4pm', 'en', 3],
  ] as const)('reads "%s" as weekday %s', (message, language, weekday) => {
    expect(weekdayNamedAlone(message, language)).toBe(weekday)
  })

  it.each([
    ['jeudi 10 décembre', 'fr'],
    ['samedi 5', 'fr'],
    ['Saturday the 5th', 'en'],
    ['am 12.12.', 'de'],
    ['domani', 'it'],
  ] as const)('reads no weekday alone in "%s" (a date is given)', (message, language) => {
    expect(weekdayNamedAlone(message, language)).toBeUndefined()
  })
})
