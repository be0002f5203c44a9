import { ApiError } from '@app/lib/api'
import { de, en, fr, it as italian } from '@app/locales/all'
import { frenchTexts } from '@app/test-harness'
import { HOURS_REFUSAL_CODES } from '@common/schemas/schedule-refusals'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { hoursRefusalText } from './hours-refusal'

type Texts = { [key: string]: string | Texts }
const lookUp = (texts: Texts, key: string) =>
  key
    .split('.')
    .reduce<string | Texts | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), texts)

/** The keys the hours editor builds from the server's codes (not written literally, so the locale test cannot see them). */
describe('the opening hours refusals built from codes', () => {
  it.each(['fr', 'de', 'it', 'en'] as const)('exist in %s for every code, and the general one', (language) => {
    const texts = { fr, de, it: italian, en }[language] as unknown as Texts
    const keys = [
      ...HOURS_REFUSAL_CODES.map((code) => code.replace('schedule.hours.', 'schedule.hours.refusals.')),
      'schedule.hours.refusals.unknown',
    ]
    for (const key of keys) expect(typeof lookUp(texts, key), `${language}: ${key}`).toBe('string')
  })
})

describe('the words of a refused week', () => {
  const names = {
    '0': 'lundi',
    '1': 'mardi',
    '2': 'mercredi',
    '3': 'jeudi',
    '4': 'vendredi',
    '5': 'samedi',
    '6': 'dimanche',
  }
  const refusal = (status: number, body: ApiError['body']) => new ApiError(status, JSON.stringify(body), body)

  it('names the day a bad time is on from its path, and joins several refusals', async () => {
    await frenchTexts()
    const text = hoursRefusalText(
      i18next.t,
      refusal(400, {
        code: 'request.invalid',
        issues: [
          {
            path: 'body.workingHours.workingHours.2.openTime',
            message: 'Expected a time',
            code: 'schedule.hours.time_invalid',
          } as never,
          {
            path: 'body.workingHours.6',
            message: 'Opening and closing times are both 09:00',
            code: 'schedule.hours.same_time',
            day: '6',
            time: '09:00',
          } as never,
        ],
      }),
      names,
    )
    expect(text).toBe(
      "Mercredi\u00a0: une heure s'écrit HH:mm, de 00:00 à 23:59. Dimanche\u00a0: l'ouverture et la fermeture sont toutes deux à 09:00.",
    )
  })

  it("says a member's refusal by the team's code, and nothing of its own when the server did not answer", async () => {
    await frenchTexts()
    expect(hoursRefusalText(i18next.t, refusal(422, { code: 'team.no_hours', message: 'No day' }), names)).toBe(
      i18next.t('team.errors.noHours'),
    )
    expect(
      hoursRefusalText(i18next.t, refusal(503, { code: 'service.unavailable', message: 'Down' }), names),
    ).toBeUndefined()
    expect(hoursRefusalText(i18next.t, new TypeError('Failed to fetch'), names)).toBeUndefined()
  })
})
