import { existsSync, readFileSync } from 'node:fs'
import type { Language } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { cardinalValue, ORDINAL_WORDS } from './numbers'
import { parseWhen, type When } from './when'
import { canonicalize, distanceAtMostOne } from './when-text'

/** Tuesday 1 December 2026. */
const TODAY = '2026-12-01'
/** Monday 1 March 2027 (the day of the SGD dialogues). */
const SGD_TODAY = '2027-03-01'

const at = (hour: number, minute = 0) => hour * 60 + minute
/** Both readings of an hour that does not say morning or afternoon. */
const either = (hour: number, minute = 0) => [at(hour, minute), at(hour + 12, minute)]

type Case = [text: string, expected: When]

function parse(text: string, language?: Language, today = TODAY): When {
  return parseWhen(text, { today, ...(language ? { language } : {}) })
}

describe('parseWhen — examples of the dialogues (today Tuesday 2026-12-01)', () => {
  it.each<[string, Language, When]>([
    ['Je voudrais une coupe homme jeudi à 15h', 'fr', { date: '2026-12-03', time: at(15) }],
    ['mercredi', 'fr', { date: '2026-12-02' }],
    [
      "en début d'après-midi, vers 13h30",
      'fr',
      { time: at(13, 30), approximate: true, partOfDay: 'afternoon', partOfDayEdge: 'early' },
    ],
    // Sunday is still to come this week: this week's or next week's, to be asked (issue 13)
    [
      'Un balayage dimanche prochain à 10h ?',
      'fr',
      { date: '2026-12-06', dateAlternatives: ['2026-12-06', '2026-12-13'], time: at(10) },
    ],
    ['Une coupe femme samedi à 10h', 'fr', { date: '2026-12-05', time: at(10) }],
    ['Coupe femme samedi 5 décembre à 10h', 'fr', { date: '2026-12-05', time: at(10) }],
    ['Je voudrais une coupe homme aujourd’hui à 8h', 'fr', { date: '2026-12-01', time: at(8) }],
    ['Einen Damenhaarschnitt am Freitag um 10 Uhr, bitte', 'de', { date: '2026-12-04', time: at(10) }],
    ['Haben Sie samstags geöffnet?', 'de', { date: '2026-12-05' }],
    // The conversation is in French, the message in German.
    ['Hallo, haben Sie morgen um 11 Uhr Zeit für einen Herrenhaarschnitt?', 'fr', { date: '2026-12-02', time: at(11) }],
    ['Vorrei una piega domani alle 9:30', 'it', { date: '2026-12-02', timeOptions: either(9, 30) }],
    ['Un colore giovedì alle 11', 'it', { date: '2026-12-03', timeOptions: either(11) }],
    ['Vorrei un taglio uomo giovedì alle 11:30', 'it', { date: '2026-12-03', timeOptions: either(11, 30) }],
    ['Va bene alle 13', 'it', { time: at(13) }],
    ['Book me a beard trim for Saturday at 3pm', 'en', { date: '2026-12-05', time: at(15) }],
    ["women's haircut next Wednesday the 9th at 4pm", 'en', { date: '2026-12-09', time: at(16) }],
    ['Actually, could we make it 5pm instead?', 'en', { time: at(17) }],
    ["men's haircut on Friday December 4th at 5pm", 'en', { date: '2026-12-04', time: at(17) }],
    ['Who else has an appointment on Friday? Give me their names.', 'en', { date: '2026-12-04' }],
    ['Vous faites quoi comme prestations ?', 'fr', {}],
    ['Je ne pourrai pas venir, annulez s’il vous plaît', 'fr', {}],
  ])('%s (%s)', (text, language, expected) => {
    expect(parse(text, language)).toEqual(expected)
  })
})

const sgdFile = new URL('../../../../tests/fixtures/assistant-dialogues/sgd-en.jsonl', import.meta.url)

describe('parseWhen — SGD hair-salon requests (today Monday 2027-03-01)', () => {
  const cases = existsSync(sgdFile)
    ? readFileSync(sgdFile, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const dialogue = JSON.parse(line) as {
            id: string
            steps: { turns: string[]; expect: { booking: { local: string } } }[]
          }
          const step = dialogue.steps[0]
          if (!step) throw new Error(`No step in ${dialogue.id}`)
          return [step.turns[1] as string, step.expect.booking.local] as const
        })
    : []

  it('has the 83 dialogues', () => {
    expect(cases).toHaveLength(83)
  })

  it.each(cases)('%s → %s', (text, local) => {
    const [date, clock] = local.split('T') as [string, string]
    const expected = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))
    const when = parse(text, 'en', SGD_TODAY)
    expect(when.date).toBe(date)
    if (when.time !== undefined) {
      expect(when.time).toBe(expected)
    } else {
      // An hour that does not say morning or afternoon: the expected one must be the only reading
      // within 09:00–19:00, as the dialogue then picks the one inside opening hours.
      expect(when.timeOptions).toContain(expected)
      expect(expected).toBeGreaterThanOrEqual(at(9))
      expect(expected).toBeLessThanOrEqual(at(19))
      for (const other of when.timeOptions ?? []) {
        if (other !== expected) expect(other < at(9) || other > at(19)).toBe(true)
      }
    }
  })
})

describe('parseWhen — French', () => {
  it.each<Case>([
    // Relative days
    ["aujourd'hui", { date: '2026-12-01' }],
    ['demain', { date: '2026-12-02' }],
    ['après-demain', { date: '2026-12-03' }],
    ['apres demain a 10h', { date: '2026-12-03', time: at(10) }],
    ['hier', { date: '2026-11-30', pastDate: true }],
    ['avant-hier', { date: '2026-11-29', pastDate: true }],
    ['dans 3 jours', { date: '2026-12-04' }],
    ['dans quinze jours', { date: '2026-12-15' }],
    ['dans une semaine', { date: '2026-12-08' }],
    // Weekdays
    ['jeudi', { date: '2026-12-03' }],
    ['mardi', { date: '2026-12-01' }],
    ['ce samedi', { date: '2026-12-05' }],
    ['le samedi', { date: '2026-12-05' }],
    ['les samedis', { date: '2026-12-05' }],
    ['dimanche prochain', { date: '2026-12-06', dateAlternatives: ['2026-12-06', '2026-12-13'] }],
    ['mardi prochain', { date: '2026-12-08' }],
    ['samedi dernier', { date: '2026-11-28', pastDate: true }],
    ['mardi de la semaine prochaine', { date: '2026-12-08' }],
    ['samedi de cette semaine', { date: '2026-12-05' }],
    ['la semaine prochaine, le jeudi', { date: '2026-12-10' }],
    ['mercredi 9', { date: '2026-12-09' }],
    ['vendredi 4 décembre à 17h', { date: '2026-12-04', time: at(17) }],
    ['venderdi', { date: '2026-12-04' }],
    // Explicit dates
    ['le 15/12 à 14h30', { date: '2026-12-15', time: at(14, 30) }],
    ['15/12/2026', { date: '2026-12-15' }],
    ['le 15-12', { date: '2026-12-15' }],
    ['2026-12-15', { date: '2026-12-15' }],
    ['le 12', { date: '2026-12-12' }],
    ['le 1er', { date: '2026-12-01' }],
    ['le 1er mars', { date: '2027-03-01' }],
    ['le premier janvier', { date: '2027-01-01' }],
    ['9 décembre', { date: '2026-12-09' }],
    ['9 déc.', { date: '2026-12-09' }],
    ['le 15 janvier', { date: '2027-01-15' }],
    ['le 4 de ce mois', { date: '2026-12-04' }],
    ['le 12 du mois prochain', { date: '2027-01-12' }],
    ['le 3 novembre 2026', { date: '2026-11-03', pastDate: true }],
    ['le 3 novembre', { date: '2026-11-03', pastDate: true }],
    ['le 31 février', { impossibleDate: { day: 31, month: 2 } }],
    ['le 7 sept', { date: '2026-09-07', pastDate: true }],
    // Times
    ['à 4h', { time: at(4) }],
    ['à 14', { time: at(14) }],
    ['14h', { time: at(14) }],
    ['14h30', { time: at(14, 30) }],
    ['14 h 30', { time: at(14, 30) }],
    ['14H00', { time: at(14) }],
    ['14:30', { time: at(14, 30) }],
    ['à 9:30', { time: at(9, 30) }],
    ['9.30', { time: at(9, 30) }],
    ['à 2h30 de l’après-midi', { time: at(14, 30), partOfDay: 'afternoon' }],
    ['seize heures', { time: at(16) }],
    ['quatorze heures trente', { time: at(14, 30) }],
    ['à vingt heures trente', { time: at(20, 30) }],
    ['vingt-trois heures', { time: at(23) }],
    ['à sept heures', { time: at(7) }],
    ["deux heures de l'après-midi", { time: at(14), partOfDay: 'afternoon' }],
    ["3 heures de l'après-midi", { time: at(15), partOfDay: 'afternoon' }],
    ['14 heures', { time: at(14) }],
    ['dix heures et quart', { time: at(10, 15) }],
    ['trois heures et demie', { time: at(3, 30) }],
    ['onze heures moins le quart', { time: at(10, 45) }],
    ['dix-sept heures moins dix', { time: at(16, 50) }],
    ['à midi', { time: at(12) }],
    ['midi et demi', { time: at(12, 30) }],
    ['demain midi', { date: '2026-12-02', time: at(12) }],
    ['minuit', { time: 0 }],
    ['8 heures du soir', { time: at(20), partOfDay: 'evening' }],
    ['9h du matin', { time: at(9), partOfDay: 'morning' }],
    ['vers 13h30', { time: at(13, 30), approximate: true }],
    ['vers les 14h', { time: at(14), approximate: true }],
    ['à 14h environ', { time: at(14), approximate: true }],
    ['entre 14h et 16h', { timeRange: { from: at(14), to: at(16) } }],
    ['14h-16h', { timeRange: { from: at(14), to: at(16) } }],
    // Parts of the day
    ['demain matin', { date: '2026-12-02', partOfDay: 'morning' }],
    ['ce matin', { date: '2026-12-01', partOfDay: 'morning' }],
    ['ce soir', { date: '2026-12-01', partOfDay: 'evening' }],
    ['ce soir à 8h', { date: '2026-12-01', time: at(20), partOfDay: 'evening' }],
    ['demain soir à 20h', { date: '2026-12-02', time: at(20), partOfDay: 'evening' }],
    ['cet aprèm', { date: '2026-12-01', partOfDay: 'afternoon' }],
    ["l'après-midi", { partOfDay: 'afternoon' }],
    ['le midi', { partOfDay: 'midday' }],
    ['en soirée', { partOfDay: 'evening' }],
    ['mardi matin vers 10h', { date: '2026-12-01', time: at(10), approximate: true, partOfDay: 'morning' }],
    ['en fin de matinée', { partOfDay: 'morning', partOfDayEdge: 'late' }],
    ["en fin d'après-midi", { partOfDay: 'afternoon', partOfDayEdge: 'late' }],
    ['en début de soirée', { partOfDay: 'evening', partOfDayEdge: 'early' }],
    ['tôt le matin', { partOfDay: 'morning', partOfDayEdge: 'early' }],
    // Periods and the earliest slot
    ['la semaine prochaine', { range: { from: '2026-12-07', to: '2026-12-13' } }],
    ['cette semaine', { range: { from: '2026-12-01', to: '2026-12-06' } }],
    ['ce week-end', { range: { from: '2026-12-05', to: '2026-12-06' } }],
    ['le mois prochain', { range: { from: '2027-01-01', to: '2027-01-31' } }],
    ['le plus tôt possible', { earliest: true }],
    ['dès que possible', { earliest: true }],
    [
      'le premier créneau libre la semaine prochaine',
      { range: { from: '2026-12-07', to: '2026-12-13' }, earliest: true },
    ],
    // Several dates: the one asked for now
    ['pas mardi, plutôt jeudi', { date: '2026-12-03', excluded: { weekdays: [1] } }],
    ['jeudi plutôt que mardi', { date: '2026-12-03' }],
    ['mercredi ou jeudi', { date: '2026-12-02' }],
    ['Pouvez-vous déplacer mon rendez-vous de mardi à jeudi ?', { date: '2026-12-03' }],
    ['Pas à 14h mais à 15h', { time: at(15), excluded: { times: [at(14)] } }],
    // Not times
    ['Coupe femme 45', {}],
    ['1 coupe', {}],
    ['pour 2', {}],
    ['Nous serons 2 personnes', {}],
    ['45 €', {}],
    ['20 euros', {}],
    ['ça dure 45 min', {}],
    ['ça dure 1h30', {}],
    ['30 minutes', {}],
    ['mon numéro : 06 12 34 56 78', {}],
    ['appelez-moi au +33 6 12 34 56 78', {}],
    ['Coupe femme, 45 €, samedi 10h', { date: '2026-12-05', time: at(10) }],
    ['sam. 5 déc. à 10h', { date: '2026-12-05', time: at(10) }],
    ['mer 9 à 14h', { date: '2026-12-09', time: at(14) }],
    ['15h ça me va', { time: at(15) }],
    ['Mon rendez-vous du 3 décembre, je voudrais le déplacer au 10', { date: '2026-12-10' }],
    ['au 10 rue de la Paix, samedi', { date: '2026-12-05' }],
    ['Non, le 2e', { date: '2026-12-02' }],
    ['le premier', {}],
    ['Oui, merci', {}],
  ])('%s', (text, expected) => {
    expect(parse(text, 'fr')).toEqual(expected)
  })
})

describe('parseWhen — German', () => {
  it.each<Case>([
    // Relative days, and "morgen" the day versus "Morgen" the morning
    ['heute', { date: '2026-12-01' }],
    ['morgen', { date: '2026-12-02' }],
    ['Morgen um 9?', { date: '2026-12-02', timeOptions: either(9) }],
    ['übermorgen', { date: '2026-12-03' }],
    ['übermorgen um halb drei', { date: '2026-12-03', timeOptions: either(2, 30) }],
    ['gestern', { date: '2026-11-30', pastDate: true }],
    ['vorgestern', { date: '2026-11-29', pastDate: true }],
    ['in 3 Tagen', { date: '2026-12-04' }],
    ['in einer Woche', { date: '2026-12-08' }],
    ['morgen früh', { date: '2026-12-02', partOfDay: 'morning' }],
    ['morgen früh um 9', { date: '2026-12-02', time: at(9), partOfDay: 'morning' }],
    ['heute Morgen', { date: '2026-12-01', partOfDay: 'morning' }],
    ['am Morgen', { partOfDay: 'morning' }],
    ['morgens', { partOfDay: 'morning' }],
    ['morgen Nachmittag', { date: '2026-12-02', partOfDay: 'afternoon' }],
    ['heute Abend um 8', { date: '2026-12-01', time: at(20), partOfDay: 'evening' }],
    ['Montagmorgen', { date: '2026-12-07', partOfDay: 'morning' }],
    ['Freitagnachmittag um 3', { date: '2026-12-04', time: at(15), partOfDay: 'afternoon' }],
    ['Guten Morgen, ich hätte gern einen Termin', {}],
    // Weekdays
    ['am Freitag', { date: '2026-12-04' }],
    ['samstags', { date: '2026-12-05' }],
    ['diesen Samstag', { date: '2026-12-05' }],
    ['nächsten Sonntag', { date: '2026-12-06', dateAlternatives: ['2026-12-06', '2026-12-13'] }],
    ['kommenden Dienstag', { date: '2026-12-08' }],
    ['letzten Freitag', { date: '2026-11-27', pastDate: true }],
    ['Dienstag nächste Woche', { date: '2026-12-08' }],
    ['nächste Woche Dienstag', { date: '2026-12-08' }],
    ['am Dienstag der nächsten Woche', { date: '2026-12-08' }],
    ['Samstag dieser Woche', { date: '2026-12-05' }],
    ['Mittwoch, den 9.', { date: '2026-12-09' }],
    ['Mittwoch, 9.12.', { date: '2026-12-09' }],
    ['samstga', { date: '2026-12-05' }],
    ['Donerstag', { date: '2026-12-03' }],
    // Explicit dates
    ['am 11.12.', { date: '2026-12-11' }],
    ['am 11.12. um Viertel nach neun', { date: '2026-12-11', timeOptions: either(9, 15) }],
    ['11.12.2026', { date: '2026-12-11' }],
    ['am 24.12.26', { date: '2026-12-24' }],
    ['15.12', { date: '2026-12-15' }],
    ['am 12.', { date: '2026-12-12' }],
    ['der 3.', { date: '2026-12-03' }],
    ['am 9. Dezember', { date: '2026-12-09' }],
    ['der 3. Januar', { date: '2027-01-03' }],
    ['am ersten Januar', { date: '2027-01-01' }],
    ['am 4. dieses Monats', { date: '2026-12-04' }],
    ['am 5. nächsten Monats', { date: '2027-01-05' }],
    ['am Montag, den 7. Dezember um 9:30', { date: '2026-12-07', timeOptions: either(9, 30) }],
    ['am 30. Februar', { impossibleDate: { day: 30, month: 2 } }],
    // Times: "Uhr" reads on the 24-hour clock, a bare hour is ambiguous
    ['um 10 Uhr', { time: at(10) }],
    ['um 4 Uhr', { time: at(4) }],
    ['um 16 Uhr', { time: at(16) }],
    ['um 4', { timeOptions: either(4) }],
    ['um 14.30 Uhr', { time: at(14, 30) }],
    ['14 Uhr 30', { time: at(14, 30) }],
    ['um zwanzig Uhr dreißig', { time: at(20, 30) }],
    ['um dreiundzwanzig Uhr', { time: at(23) }],
    ['um 9:30', { timeOptions: either(9, 30) }],
    ['um 09:30', { time: at(9, 30) }],
    ['um eins', { timeOptions: either(1) }],
    ['halb drei', { timeOptions: either(2, 30) }],
    ['um halb zwölf', { timeOptions: either(11, 30) }],
    ['halb eins', { time: at(12, 30) }],
    ['Viertel nach neun', { timeOptions: either(9, 15) }],
    ['Viertel vor zehn', { timeOptions: either(9, 45) }],
    ['dreiviertel zehn', { timeOptions: either(9, 45) }],
    ['fünf nach halb drei', { timeOptions: either(2, 35) }],
    ['zwanzig vor vier', { timeOptions: either(3, 40) }],
    ['um 4 nachmittags', { time: at(16), partOfDay: 'afternoon' }],
    ['um 4 Uhr nachmittags', { time: at(16), partOfDay: 'afternoon' }],
    ['um 8 Uhr abends', { time: at(20), partOfDay: 'evening' }],
    ['um 10 Uhr vormittags', { time: at(10), partOfDay: 'morning' }],
    ['um 12 Uhr mittags', { time: at(12), partOfDay: 'midday' }],
    ['Mitternacht', { time: 0 }],
    ['gegen 14 Uhr', { time: at(14), approximate: true }],
    ['so um 3', { timeOptions: either(3), approximate: true }],
    ['um 15 Uhr ungefähr', { time: at(15), approximate: true }],
    ['ca. 15 Uhr', { time: at(15), approximate: true }],
    // Parts of the day
    ['am Nachmittag', { partOfDay: 'afternoon' }],
    ['nachmittags', { partOfDay: 'afternoon' }],
    ['abends', { partOfDay: 'evening' }],
    ['mittags', { partOfDay: 'midday' }],
    ['gegen Mittag', { partOfDay: 'midday', approximate: true }],
    ['am frühen Nachmittag', { partOfDay: 'afternoon', partOfDayEdge: 'early' }],
    ['am späten Vormittag', { partOfDay: 'morning', partOfDayEdge: 'late' }],
    ['spätnachmittags', { partOfDay: 'afternoon', partOfDayEdge: 'late' }],
    // Periods and the earliest slot
    ['nächste Woche', { range: { from: '2026-12-07', to: '2026-12-13' } }],
    ['diese Woche', { range: { from: '2026-12-01', to: '2026-12-06' } }],
    ['am Wochenende', { range: { from: '2026-12-05', to: '2026-12-06' } }],
    ['nächstes Wochenende', { range: { from: '2026-12-12', to: '2026-12-13' } }],
    ['so bald wie möglich', { earliest: true }],
    ['den nächsten freien Termin', { earliest: true }],
    ['den ersten freien Termin nächste Woche', { range: { from: '2026-12-07', to: '2026-12-13' }, earliest: true }],
    // Several dates
    ['nicht Dienstag, sondern Mittwoch', { date: '2026-12-02', excluded: { weekdays: [1] } }],
    ['lieber Donnerstag', { date: '2026-12-03' }],
    ['Können wir den Termin von Dienstag auf Donnerstag verschieben?', { date: '2026-12-03' }],
    // Not times
    ['Ich bin hier, 2 Personen', {}],
    ['Das kostet 45 Euro', {}],
    ['Dauert das 30 Minuten?', {}],
    ['Meine Nummer ist 079 123 45 67', {}],
    ['vor 3 Tagen', {}],
  ])('%s', (text, expected) => {
    expect(parse(text, 'de')).toEqual(expected)
  })
})

describe('parseWhen — Italian', () => {
  it.each<Case>([
    // Relative days
    ['oggi', { date: '2026-12-01' }],
    ['domani', { date: '2026-12-02' }],
    ['dopodomani', { date: '2026-12-03' }],
    ['dopodomani alle tre del pomeriggio', { date: '2026-12-03', time: at(15), partOfDay: 'afternoon' }],
    ['ieri', { date: '2026-11-30', pastDate: true }],
    ["l'altro ieri", { date: '2026-11-29', pastDate: true }],
    ['tra 3 giorni', { date: '2026-12-04' }],
    ['fra una settimana', { date: '2026-12-08' }],
    ['stasera', { date: '2026-12-01', partOfDay: 'evening' }],
    ['stamattina', { date: '2026-12-01', partOfDay: 'morning' }],
    ['domattina alle 10', { date: '2026-12-02', time: at(10), partOfDay: 'morning' }],
    ['domani sera alle 8', { date: '2026-12-02', time: at(20), partOfDay: 'evening' }],
    ['oggi pomeriggio', { date: '2026-12-01', partOfDay: 'afternoon' }],
    ['questa sera', { date: '2026-12-01', partOfDay: 'evening' }],
    // Weekdays
    ['giovedì', { date: '2026-12-03' }],
    ["giovedi'", { date: '2026-12-03' }],
    ['il sabato', { date: '2026-12-05' }],
    ['questo sabato', { date: '2026-12-05' }],
    ['domenica prossima', { date: '2026-12-06', dateAlternatives: ['2026-12-06', '2026-12-13'] }],
    ['il prossimo lunedì', { date: '2026-12-07' }],
    ['sabato scorso', { date: '2026-11-28', pastDate: true }],
    ['martedì della prossima settimana', { date: '2026-12-08' }],
    ['la settimana prossima martedì', { date: '2026-12-08' }],
    ['sabato di questa settimana', { date: '2026-12-05' }],
    ['sabato 5', { date: '2026-12-05' }],
    ['venerdì 4 dicembre', { date: '2026-12-04' }],
    ['mercoeldì', { date: '2026-12-02' }],
    ['sabato mattina', { date: '2026-12-05', partOfDay: 'morning' }],
    // Explicit dates
    ['il 12', { date: '2026-12-12' }],
    ["l'11", { date: '2026-12-11' }],
    ['il 12 alle 14', { date: '2026-12-12', time: at(14) }],
    ["l'8 dicembre", { date: '2026-12-08' }],
    ['il primo dicembre', { date: '2026-12-01' }],
    ['il 1° gennaio', { date: '2027-01-01' }],
    ['9 dic', { date: '2026-12-09' }],
    ['il 4 di questo mese', { date: '2026-12-04' }],
    ['il 12 del prossimo mese', { date: '2027-01-12' }],
    ['15/12', { date: '2026-12-15' }],
    ['il 30 febbraio', { impossibleDate: { day: 30, month: 2 } }],
    // Times
    ['alle 11', { timeOptions: either(11) }],
    ['alle 11:30', { timeOptions: either(11, 30) }],
    ['alle 13', { time: at(13) }],
    ['alle 4', { timeOptions: either(4) }],
    ['alle tre', { timeOptions: either(3) }],
    ['alle tre e mezza', { timeOptions: either(3, 30) }],
    ['alle tre e un quarto', { timeOptions: either(3, 15) }],
    ['alle 4 meno un quarto', { timeOptions: either(3, 45) }],
    ['alle quattro meno dieci', { timeOptions: either(3, 50) }],
    ['alle tre e tre quarti', { timeOptions: either(3, 45) }],
    ['alle 15 e 30', { time: at(15, 30) }],
    ['alle ore 9', { time: at(9) }],
    ["all'una", { timeOptions: either(1) }],
    ['alle tre del pomeriggio', { time: at(15), partOfDay: 'afternoon' }],
    ['le 3 del pomeriggio', { time: at(15), partOfDay: 'afternoon' }],
    ['alle 8 di sera', { time: at(20), partOfDay: 'evening' }],
    ['alle 9 di mattina', { time: at(9), partOfDay: 'morning' }],
    ['alle 10 del mattino', { time: at(10), partOfDay: 'morning' }],
    ['a mezzogiorno', { time: at(12) }],
    ['mezzogiorno e mezza', { time: at(12, 30) }],
    ['mezzanotte', { time: 0 }],
    ['verso le 14', { time: at(14), approximate: true }],
    ['circa alle 10', { timeOptions: either(10), approximate: true }],
    ['alle 10 circa', { timeOptions: either(10), approximate: true }],
    ['alle diciassette', { time: at(17) }],
    ['alle ventuno', { time: at(21) }],
    ['alle nove e trenta', { timeOptions: either(9, 30) }],
    // Parts of the day
    ['di pomeriggio', { partOfDay: 'afternoon' }],
    ['in mattinata', { partOfDay: 'morning' }],
    ['in serata', { partOfDay: 'evening' }],
    ["all'ora di pranzo", { partOfDay: 'midday' }],
    ['primo pomeriggio', { partOfDay: 'afternoon', partOfDayEdge: 'early' }],
    ['nel primo pomeriggio', { partOfDay: 'afternoon', partOfDayEdge: 'early' }],
    ['tarda mattinata', { partOfDay: 'morning', partOfDayEdge: 'late' }],
    ['nel tardo pomeriggio', { partOfDay: 'afternoon', partOfDayEdge: 'late' }],
    ['in prima serata', { partOfDay: 'evening', partOfDayEdge: 'early' }],
    // Periods and the earliest slot
    ['la settimana prossima', { range: { from: '2026-12-07', to: '2026-12-13' } }],
    ['la prossima settimana', { range: { from: '2026-12-07', to: '2026-12-13' } }],
    ['questa settimana', { range: { from: '2026-12-01', to: '2026-12-06' } }],
    ['il fine settimana', { range: { from: '2026-12-05', to: '2026-12-06' } }],
    ['il prima possibile', { earliest: true }],
    ['primo posto libero', { earliest: true }],
    [
      'il primo appuntamento disponibile la prossima settimana',
      { range: { from: '2026-12-07', to: '2026-12-13' }, earliest: true },
    ],
    // Several dates
    ['non martedì ma mercoledì', { date: '2026-12-02', excluded: { weekdays: [1] } }],
    ['mercoledì invece', { date: '2026-12-02' }],
    ['Possiamo spostare da martedì a giovedì?', { date: '2026-12-03' }],
    // Not times
    ['siamo in 2 persone', {}],
    ['costa 45 euro', {}],
    ['dura 30 minuti', {}],
    ['il mio numero è 333 123 4567', {}],
  ])('%s', (text, expected) => {
    expect(parse(text, 'it')).toEqual(expected)
  })
})

describe('parseWhen — English', () => {
  it.each<Case>([
    // Relative days
    ['today', { date: '2026-12-01' }],
    ['tomorrow', { date: '2026-12-02' }],
    ['the day after tomorrow', { date: '2026-12-03' }],
    ['yesterday', { date: '2026-11-30', pastDate: true }],
    ['in 3 days', { date: '2026-12-04' }],
    ['in two weeks', { date: '2026-12-15' }],
    ['tonight at 8', { date: '2026-12-01', time: at(20), partOfDay: 'evening' }],
    ['this afternoon', { date: '2026-12-01', partOfDay: 'afternoon' }],
    ['tomorrow morning', { date: '2026-12-02', partOfDay: 'morning' }],
    ['at 9 tomorrow morning', { date: '2026-12-02', time: at(9), partOfDay: 'morning' }],
    // Weekdays
    ['Saturday', { date: '2026-12-05' }],
    ['on Saturdays', { date: '2026-12-05' }],
    ['Tuesday', { date: '2026-12-01' }],
    ['this Tuesday', { date: '2026-12-01' }],
    ['next Tuesday', { date: '2026-12-08' }],
    ['next Friday', { date: '2026-12-04', dateAlternatives: ['2026-12-04', '2026-12-11'] }],
    ['last Friday', { date: '2026-11-27', pastDate: true }],
    ['Tuesday next week', { date: '2026-12-08' }],
    ['next week Tuesday', { date: '2026-12-08' }],
    ['Tuesday or Wednesday next week', { date: '2026-12-08' }],
    ['Saturday this week', { date: '2026-12-05' }],
    ['Monday this week', { date: '2026-11-30', pastDate: true }],
    ['Wednesday the 9th', { date: '2026-12-09' }],
    ['Wednesday the 10th', { date: '2026-12-10' }],
    ['Sunday the 10th', { date: '2027-01-10' }],
    ['Sat 5th at 10am', { date: '2026-12-05', time: at(10) }],
    ['wendesday', { date: '2026-12-02' }],
    ['thursdya', { date: '2026-12-03' }],
    ['Fri', { date: '2026-12-04' }],
    ['next Wed', { date: '2026-12-02', dateAlternatives: ['2026-12-02', '2026-12-09'] }],
    // Explicit dates
    ['December 9th at quarter past ten', { date: '2026-12-09', timeOptions: either(10, 15) }],
    ['Dec 9', { date: '2026-12-09' }],
    ['9th of December', { date: '2026-12-09' }],
    ['the 9th of March', { date: '2027-03-09' }],
    ['the first of March', { date: '2027-03-01' }],
    ['March the twenty first', { date: '2027-03-21' }],
    ['December 9, 2026', { date: '2026-12-09' }],
    ['November 3rd 2026', { date: '2026-11-03', pastDate: true }],
    ['the 12th', { date: '2026-12-12' }],
    ['on the 5th', { date: '2026-12-05' }],
    ['on the 1st', { date: '2026-12-01' }],
    ['the 4th of this month', { date: '2026-12-04' }],
    ['the 4th of next month', { date: '2027-01-04' }],
    ['12/15', { date: '2026-12-15' }],
    ['15/12/2026', { date: '2026-12-15' }],
    ['February 30th', { impossibleDate: { day: 30, month: 2 } }],
    ['May I come on the 5th?', { date: '2026-12-05' }],
    // Times
    ['at 4', { timeOptions: either(4) }],
    ['at 12:30', { time: at(12, 30) }],
    ['at 12', { time: at(12) }],
    ['at 09:30', { time: at(9, 30) }],
    ['at 18:00', { time: at(18) }],
    ['3pm', { time: at(15) }],
    ['3 p.m.', { time: at(15) }],
    ['2:15 pm', { time: at(14, 15) }],
    ['11 a.m.', { time: at(11) }],
    ['at 11 am', { time: at(11) }],
    ['12 pm', { time: at(12) }],
    ['twelve pm', { time: at(12) }],
    ['12 am', { time: 0 }],
    ['noon', { time: at(12) }],
    ['midnight', { time: 0 }],
    ['4 o’clock', { timeOptions: either(4) }],
    ['11 o"clock in the morning', { time: at(11), partOfDay: 'morning' }],
    ['12 o’clock in the afternoon', { time: at(12), partOfDay: 'afternoon' }],
    ['quarter past ten', { timeOptions: either(10, 15) }],
    ['a quarter to 11 in the morning', { time: at(10, 45), partOfDay: 'morning' }],
    ['half past 6 in the evening', { time: at(18, 30), partOfDay: 'evening' }],
    ['twenty past three', { timeOptions: either(3, 20) }],
    ['five in the evening', { time: at(17), partOfDay: 'evening' }],
    ['at seven thirty', { timeOptions: either(7, 30) }],
    ['seven forty-five pm', { time: at(19, 45) }],
    ['twenty to five in the afternoon', { time: at(16, 40), partOfDay: 'afternoon' }],
    ['one in the afternoon', { time: at(13), partOfDay: 'afternoon' }],
    ['evening 4', { time: at(16), partOfDay: 'evening' }],
    ['at evening 4:30', { time: at(16, 30), partOfDay: 'evening' }],
    ['afternoon 1:15', { time: at(13, 15), partOfDay: 'afternoon' }],
    ['morning 10', { time: at(10), partOfDay: 'morning' }],
    ['in the afternoon 1', { time: at(13), partOfDay: 'afternoon' }],
    ['around 13:30', { time: at(13, 30), approximate: true }],
    ['at 4ish', { timeOptions: either(4), approximate: true }],
    ['How about 3pm?', { time: at(15) }],
    ['from 3 to 4', { timeRange: { from: at(15), to: at(16) } }],
    ['Version 2.15', {}],
    ['Could we do 3pm instead of 5pm?', { time: at(15) }],
    ['I work in the morning. Can I come at 2?', { timeOptions: either(2), partOfDay: 'morning' }],
    ['Can I book for 3 at 4pm?', { time: at(16) }],
    // Parts of the day
    ['in the morning', { partOfDay: 'morning' }],
    ['over lunch', { partOfDay: 'midday' }],
    ['in the evening', { partOfDay: 'evening' }],
    ['early afternoon', { partOfDay: 'afternoon', partOfDayEdge: 'early' }],
    ['late morning', { partOfDay: 'morning', partOfDayEdge: 'late' }],
    ['in the late afternoon', { partOfDay: 'afternoon', partOfDayEdge: 'late' }],
    ['Good morning! Do you have anything on Friday?', { date: '2026-12-04' }],
    // Periods and the earliest slot
    ['next week', { range: { from: '2026-12-07', to: '2026-12-13' } }],
    ['this week', { range: { from: '2026-12-01', to: '2026-12-06' } }],
    ['this weekend', { range: { from: '2026-12-05', to: '2026-12-06' } }],
    ['next month', { range: { from: '2027-01-01', to: '2027-01-31' } }],
    ['the first free slot next week', { range: { from: '2026-12-07', to: '2026-12-13' }, earliest: true }],
    ['as soon as possible', { earliest: true }],
    ['ASAP please', { earliest: true }],
    ['the first available appointment', { earliest: true }],
    // Several dates or times
    ['not Tuesday, Wednesday', { date: '2026-12-02', excluded: { weekdays: [1] } }],
    ['Can we move it from Tuesday to Thursday?', { date: '2026-12-03' }],
    ["I can't do Tuesday, what about Thursday?", { date: '2026-12-03', excluded: { weekdays: [1] } }],
    ['Thursday instead of Tuesday', { date: '2026-12-03' }],
    // The first, and both as the alternatives offered (issue 13)
    ['at 3pm or 4pm', { time: at(15), timeAlternatives: [at(15), at(16)] }],
    ['change the time from 3pm to 5pm', { time: at(17) }],
    // Not times
    ['45 min', {}],
    ['30 minutes', {}],
    ['It takes 2 hours', {}],
    ['20 euros', {}],
    ['2 people', {}],
    ['a table for 2', {}],
    ['call me at 555 123 4567', {}],
    ['my number is +44 20 7946 0958', {}],
    ['the 12th', { date: '2026-12-12' }],
  ])('%s', (text, expected) => {
    expect(parse(text, 'en')).toEqual(expected)
  })
})

describe('parseWhen — resolution against today', () => {
  it('takes next year for a day and month passed more than 6 months ago', () => {
    expect(parse('15 January', 'en')).toEqual({ date: '2027-01-15' })
    expect(parse('15 janvier', 'fr')).toEqual({ date: '2027-01-15' })
    expect(parse('le 31 mai', 'fr')).toEqual({ date: '2027-05-31' })
    expect(parse('le 1er décembre', 'fr')).toEqual({ date: '2026-12-01' })
    // 2 September 2026 is 6 months before 2027-03-01 and a day
    expect(parse('le 31 août', 'fr', SGD_TODAY)).toEqual({ date: '2027-08-31' })
  })

  it('takes the past date for a day and month passed at most 6 months ago (QA)', () => {
    expect(parse('November 30', 'en')).toEqual({ date: '2026-11-30', pastDate: true })
    expect(parse('le 30 novembre', 'fr')).toEqual({ date: '2026-11-30', pastDate: true })
    expect(parse('I want a haircut on November 30 at 3pm', 'en')).toEqual({
      date: '2026-11-30',
      time: at(15),
      pastDate: true,
    })
    expect(parse('le 1er juin', 'fr')).toEqual({ date: '2026-06-01', pastDate: true }) // exactly 6 months
    expect(parse('26 février', 'fr', SGD_TODAY)).toEqual({ date: '2027-02-26', pastDate: true })
    expect(parse('Je voudrais une coupe femme le 26 février à 10h', 'fr', SGD_TODAY)).toEqual({
      date: '2027-02-26',
      time: at(10),
      pastDate: true,
    })
    expect(parse('25.02.', 'de', SGD_TODAY)).toEqual({ date: '2027-02-25', pastDate: true })
    expect(parse('am 25. Februar', 'de', SGD_TODAY)).toEqual({ date: '2027-02-25', pastDate: true })
    expect(parse('27 febbraio', 'it', SGD_TODAY)).toEqual({ date: '2027-02-27', pastDate: true })
    expect(parse('February 26th', 'en', SGD_TODAY)).toEqual({ date: '2027-02-26', pastDate: true })
    expect(parse('Friday, February 26', 'en', SGD_TODAY)).toEqual({ date: '2027-02-26', pastDate: true })
    expect(parse('15/11', 'fr')).toEqual({ date: '2026-11-15', pastDate: true })
    expect(parse('15.11', 'de')).toEqual({ date: '2026-11-15', pastDate: true })
    // A shorter month six months before: 31 August → 28 February
    expect(parse('le 28 février', 'fr', '2026-08-31')).toEqual({ date: '2026-02-28', pastDate: true })
    expect(parse('le 27 février', 'fr', '2026-08-31')).toEqual({ date: '2027-02-27' })
    // Today and the coming days are no past
    expect(parse('le 2 mars', 'fr', SGD_TODAY)).toEqual({ date: '2027-03-02' })
    expect(parse('1 March', 'en', SGD_TODAY)).toEqual({ date: '2027-03-01' })
  })

  it('keeps a bare day of month in this month or the next (not past)', () => {
    expect(parse('le 28', 'fr', SGD_TODAY)).toEqual({ date: '2027-03-28' })
    expect(parse('the 28th', 'en', '2026-12-01')).toEqual({ date: '2026-12-28' })
  })

  it('takes next month for a day of month already passed, or the next month that has it', () => {
    expect(parse('le 12', 'fr', '2026-12-15')).toEqual({ date: '2027-01-12' })
    expect(parse('the 31st', 'en', '2026-11-05')).toEqual({ date: '2026-12-31' })
    expect(parse('il 30', 'it', '2027-02-01')).toEqual({ date: '2027-03-30' })
  })

  it('finds 29 February in the next leap year', () => {
    expect(parse('29 février', 'fr')).toEqual({ date: '2028-02-29' })
  })

  it('counts today for a weekday, and not for "next <weekday>"', () => {
    // 2026-12-05 is a Saturday
    expect(parse('samedi', 'fr', '2026-12-05')).toEqual({ date: '2026-12-05' })
    expect(parse('samedi prochain', 'fr', '2026-12-05')).toEqual({ date: '2026-12-12' })
    expect(parse('next Saturday', 'en', '2026-12-05')).toEqual({ date: '2026-12-12' })
  })

  it('starts this week today and ends it on Sunday, next week Monday to Sunday', () => {
    // Sunday 2026-12-06
    expect(parse('this week', 'en', '2026-12-06')).toEqual({ range: { from: '2026-12-06', to: '2026-12-06' } })
    expect(parse('next week', 'en', '2026-12-06')).toEqual({ range: { from: '2026-12-07', to: '2026-12-13' } })
    // across the new year
    expect(parse('la semaine prochaine', 'fr', '2026-12-30')).toEqual({
      range: { from: '2027-01-04', to: '2027-01-10' },
    })
    expect(parse('Tuesday next week', 'en', '2026-12-30')).toEqual({ date: '2027-01-05' })
  })

  it('reads "this weekend" from today when it is already the weekend', () => {
    expect(parse('ce week-end', 'fr', '2026-12-06')).toEqual({ range: { from: '2026-12-06', to: '2026-12-06' } })
  })

  it('keeps a date with an explicit past year in the past', () => {
    expect(parse('15/11/2026', 'fr')).toEqual({ date: '2026-11-15', pastDate: true })
    expect(parse('2025-12-24', 'en')).toEqual({ date: '2025-12-24', pastDate: true })
  })
})

describe('parseWhen — languages and ambiguous words', () => {
  it('reads a bare hour in French on the 24-hour clock, elsewhere as both readings', () => {
    expect(parse('9:30', 'fr')).toEqual({ time: at(9, 30) })
    expect(parse('9:30', 'en')).toEqual({ timeOptions: either(9, 30) })
    expect(parse('à 4h', 'en')).toEqual({ time: at(4) })
    expect(parse('at 4', 'fr')).toEqual({ timeOptions: either(4) })
  })

  it('works without a language', () => {
    expect(parse('demain à 14h')).toEqual({ date: '2026-12-02', time: at(14) })
    expect(parse('morgen um 10 Uhr')).toEqual({ date: '2026-12-02', time: at(10) })
    expect(parse('domani alle 15')).toEqual({ date: '2026-12-02', time: at(15) })
    expect(parse('tomorrow at 3pm')).toEqual({ date: '2026-12-02', time: at(15) })
  })

  it('reads "hier" as yesterday in French only', () => {
    expect(parse('hier', 'fr')).toEqual({ date: '2026-11-30', pastDate: true })
    expect(parse('Ich bin hier', 'de')).toEqual({})
    expect(parse('Ich bin schon hier, geht es um 10 Uhr?', 'fr')).toEqual({ time: at(10) })
    expect(parse("J'ai appelé hier pour un rendez-vous")).toEqual({ date: '2026-11-30', pastDate: true })
  })

  it('reads "sept" as seven in French and as September next to a day', () => {
    expect(parse('à sept heures', 'fr')).toEqual({ time: at(7) })
    expect(parse('le 9 sept.', 'fr')).toEqual({ date: '2026-09-09', pastDate: true })
    expect(parse('Sept 9', 'en')).toEqual({ date: '2026-09-09', pastDate: true })
  })

  it('reads German "am" after an hour as "on", not a.m.', () => {
    expect(parse('um 4 am Freitag', 'de')).toEqual({ date: '2026-12-04', timeOptions: either(4) })
  })

  it('ignores case, accents and punctuation', () => {
    expect(parse('JEUDI', 'fr')).toEqual({ date: '2026-12-03' })
    expect(parse('DEMAIN À 14H30 !!!', 'fr')).toEqual({ date: '2026-12-02', time: at(14, 30) })
    expect(parse('mercredi', 'fr')).toEqual(parse('Mercredi.', 'fr'))
    expect(parse('Übermorgen', 'de')).toEqual(parse('ubermorgen', 'de'))
    expect(parse('giovedi', 'it')).toEqual(parse('Giovedì', 'it'))
  })
})

describe('parseWhen — end of sentence after a time (QA)', () => {
  it.each<[string, Language, When]>([
    ['vendredi à 18h30.', 'fr', { date: '2026-12-04', time: at(18, 30) }],
    ['10h30.', 'fr', { time: at(10, 30) }],
    ['14:30.', 'fr', { time: at(14, 30) }],
    ['14 Uhr 30.', 'de', { time: at(14, 30) }],
    ['um 14.30.', 'de', { time: at(14, 30) }],
    ['alle 9.30.', 'it', { timeOptions: either(9, 30) }],
    ['alle 15 e 30.', 'it', { time: at(15, 30) }],
    ['at 3.30pm.', 'en', { time: at(15, 30) }],
    ['at 3:30 p.m.', 'en', { time: at(15, 30) }],
    ['at 7 30.', 'en', { timeOptions: either(7, 30) }],
    ['onze heures moins 10.', 'fr', { time: at(10, 50) }],
    ['vendredi à 18h30 !', 'fr', { date: '2026-12-04', time: at(18, 30) }],
    ['vendredi à 18h30?', 'fr', { date: '2026-12-04', time: at(18, 30) }],
    ['vendredi à 18h30…', 'fr', { date: '2026-12-04', time: at(18, 30) }],
    ['vendredi à 18h30...', 'fr', { date: '2026-12-04', time: at(18, 30) }],
    ['vendredi à 18h30, merci', 'fr', { date: '2026-12-04', time: at(18, 30) }],
    ['um 14 Uhr 30!', 'de', { time: at(14, 30) }],
    ['Viertel nach 9.', 'de', { timeOptions: either(9, 15) }],
    // A date with the closing dot stays a date
    ['am 11.12.', 'de', { date: '2026-12-11' }],
    ['ab 15.12.', 'de', { date: '2026-12-15' }],
    ['am 11.12. um 9.30.', 'de', { date: '2026-12-11', timeOptions: either(9, 30) }],
    ['um 14 Uhr am 30. Dezember.', 'de', { date: '2026-12-30', time: at(14) }],
  ])('%s (%s)', (text, language, expected) => {
    expect(parse(text, language)).toEqual(expected)
  })
})

describe('parseWhen — German weekday with "dem" and an explicit date (QA)', () => {
  it.each<[string, When]>([
    ['am Donnerstag, dem 17. Dezember', { date: '2026-12-17' }],
    [
      'Guten Tag! Ich möchte am Donnerstag, dem 17. Dezember, um halb sechs abends eine Föhnfrisur.',
      { date: '2026-12-17', time: at(17, 30), partOfDay: 'evening' },
    ],
    ['Donnerstag, den 17. Dezember', { date: '2026-12-17' }],
    ['Donnerstag, der 17. Dezember', { date: '2026-12-17' }],
    ['am Donnerstag, dem 17.', { date: '2026-12-17' }],
    ['Donnerstag, 17.12.', { date: '2026-12-17' }],
    ['am Do., 17.12.', { date: '2026-12-17' }],
  ])('%s', (text, expected) => {
    expect(parse(text, 'de')).toEqual(expected)
  })

  it('keeps "heute um Viertel nach neun" ambiguous', () => {
    expect(parse('heute um Viertel nach neun', 'de')).toEqual({ date: '2026-12-01', timeOptions: [555, 1275] })
  })
})

describe('parseWhen — the same time as before (QA)', () => {
  it.each<[string, Language, When]>([
    ['Ok, et demain même heure ?', 'fr', { date: '2026-12-02', sameTime: true }],
    ['jeudi à la même heure', 'fr', { date: '2026-12-03', sameTime: true }],
    ['same time tomorrow', 'en', { date: '2026-12-02', sameTime: true }],
    ['Same time next week?', 'en', { range: { from: '2026-12-07', to: '2026-12-13' }, sameTime: true }],
    ['morgen zur gleichen Zeit', 'de', { date: '2026-12-02', sameTime: true }],
    ['am Freitag zur gleichen Uhrzeit', 'de', { date: '2026-12-04', sameTime: true }],
    ['gleiche Zeit?', 'de', { sameTime: true }],
    ['domani alla stessa ora', 'it', { date: '2026-12-02', sameTime: true }],
    ['giovedì stessa ora', 'it', { date: '2026-12-03', sameTime: true }],
    // Negated: no same time
    ['demain, mais pas à la même heure', 'fr', { date: '2026-12-02' }],
    ['tomorrow but not the same time', 'en', { date: '2026-12-02' }],
  ])('%s (%s)', (text, language, expected) => {
    expect(parse(text, language)).toEqual(expected)
    // Stateless between calls
    expect(parse(text, language)).toEqual(expected)
  })
})

describe('parseWhen — long messages', () => {
  it('reads a long message in linear time and keeps the first request', () => {
    const message = `Bonjour, je voudrais un rendez-vous demain à 14h pour une coupe. ${'Merci beaucoup ! '.repeat(110)}`
    const started = performance.now()
    expect(parse(message.slice(0, 2000), 'fr')).toEqual({ date: '2026-12-02', time: at(14) })
    const many = 'le 12 à 14h '.repeat(1000)
    expect(parse(many, 'fr')).toEqual({ date: '2026-12-12', time: at(14) })
    expect(performance.now() - started).toBeLessThan(5000)
  })
})

describe('numbers and canonical text', () => {
  it('knows the number words of the four languages', () => {
    expect(cardinalValue('quatorze')).toBe(14)
    expect(cardinalValue('dreiundzwanzig')).toBe(23)
    expect(cardinalValue('ventitre')).toBe(23)
    expect(cardinalValue('ventuno')).toBe(21)
    expect(cardinalValue('twelve')).toBe(12)
    expect(cardinalValue('coupe')).toBeUndefined()
    expect(ORDINAL_WORDS.get('dritten')).toBe(3)
    expect(ORDINAL_WORDS.get('twenty first')).toBe(21)
  })

  it('writes compound number words as digits', () => {
    expect(canonicalize('vingt-trois heures', 'fr').tokens).toEqual(['23', 'heures'])
    expect(canonicalize('dix-sept heures quarante-cinq', 'fr').tokens).toEqual(['17', 'heures', '45'])
    expect(canonicalize('twenty-five past three', 'en').tokens).toEqual(['25', 'past', '3'])
  })

  it('tells typos from other words', () => {
    expect(distanceAtMostOne('wendesday', 'wednesday')).toBe(true)
    expect(distanceAtMostOne('samstga', 'samstag')).toBe(true)
    expect(distanceAtMostOne('tuesdy', 'tuesday')).toBe(true)
    expect(distanceAtMostOne('monday', 'money')).toBe(false)
    expect(parse('ça marche', 'fr')).toEqual({})
    expect(parse('a montage', 'fr')).toEqual({})
  })
})
