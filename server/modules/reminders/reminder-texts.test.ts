import { LANGUAGES } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { type ReminderFacts, reminderEmail, reminderSms } from './reminder-texts'

const facts: ReminderFacts = {
  kind: 'day_before',
  salon: 'Salon Lumière',
  address: '12 rue des Lilas, 75011 Paris',
  phone: '01 43 55 20 20',
  service: 'Coupe femme',
  member: 'Léa',
  date: '2026-12-01',
  time: '10:00',
  link: 'https://salonia.example/r/PxwqngbqTB6aVS2Obkt8EOAHJiiozoU0cy0mufKt-EOAq',
}

describe('reminder texts', () => {
  it('says everything the customer needs in French, the day before and on the day', () => {
    expect(reminderSms('fr', facts)).toBe(
      'Rappel Salon Lumière : Coupe femme avec Léa demain, mardi 1er décembre, à 10:00, 12 rue des Lilas, 75011 Paris. Annuler ou déplacer : https://salonia.example/r/PxwqngbqTB6aVS2Obkt8EOAHJiiozoU0cy0mufKt-EOAq',
    )
    expect(reminderSms('fr', { ...facts, kind: 'two_hours' })).toContain("avec Léa aujourd'hui à 10:00")
    const mail = reminderEmail('fr', facts)
    expect(mail.subject).toBe('Rappel : Coupe femme chez Salon Lumière demain, mardi 1er décembre, à 10:00')
    expect(mail.text).toContain('01 43 55 20 20')
    expect(mail.text).toContain(facts.link)
  })

  it.each([
    ['de', 'morgen, Dienstag, 1. Dezember, um 10:00 Uhr'],
    ['it', 'domani, martedì 1 dicembre, alle 10:00'],
    ['en', 'tomorrow, Tuesday 1 December, at 10:00'],
  ] as const)('writes the day and time in %s', (language, when) => {
    expect(reminderSms(language, facts)).toContain(when)
  })

  it('keeps an SMS to the GSM alphabet’s spaces, so French typography does not double its segments', () => {
    for (const language of ['fr', 'de', 'it', 'en'] as const)
      expect(reminderSms(language, { ...facts, link: null })).not.toMatch(/[\u00a0\u202f]/)
  })

  it('gives the salon’s phone to cancel or move when there is no link to give', () => {
    expect(reminderSms('fr', { ...facts, link: null })).toMatch(
      /75011 Paris\. Un empêchement \? Appelez le 01 43 55 20 20\.$/,
    )
    expect(reminderSms('en', { ...facts, link: null, phone: null })).toMatch(/75011 Paris\.$/)
    expect(reminderEmail('de', { ...facts, link: null }).text).not.toContain('verschieben ihn')
  })

  it('carries the link, the salon, the service, the member and the address in every language, by SMS and e-mail', () => {
    for (const language of LANGUAGES) {
      for (const kind of ['day_before', 'two_hours'] as const) {
        const texts = [reminderSms(language, { ...facts, kind }), reminderEmail(language, { ...facts, kind }).text]
        for (const text of texts) {
          for (const part of [facts.link, facts.salon, facts.service, facts.member, facts.address, facts.time]) {
            expect(text).toContain(part)
          }
        }
      }
    }
  })
})
