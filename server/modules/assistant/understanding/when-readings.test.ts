import type { Language } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { parseWhen, type When, type WhenContext } from './when'

/** The readings of issue 13 (windows of the day, parts of the day, weeks, months, ordinal days, the conversation's week, ambiguous weekdays), in the four languages. Today is Tuesday 1 December 2026. */
const TODAY = '2026-12-01'
const at = (hour: number, minute = 0) => hour * 60 + minute
const either = (hour: number, minute = 0) => [at(hour, minute), at(hour + 12, minute)]
const window = (from: number, to: number): When => ({ timeRange: { from, to } })
const range = (from: string, to: string): When => ({ range: { from, to } })

type Case = [text: string, language: Language, expected: When]

function parse(text: string, language: Language, context: Partial<WhenContext> = {}): When {
  return parseWhen(text, { today: TODAY, language, ...context })
}

function cases(list: Case[], context: Partial<WhenContext> = {}): void {
  it.each(list)('%s (%s)', (text, language, expected) => {
    expect(parse(text, language, context)).toEqual(expected)
  })
}

describe('parseWhen — windows of the day (timeRange, end exclusive)', () => {
  cases([
    ['entre 14h et 16h', 'fr', window(at(14), at(16))],
    ['de 14h à 16h', 'fr', window(at(14), at(16))],
    ['de 9h a 11h30', 'fr', window(at(9), at(11, 30))],
    ['14h-16h', 'fr', window(at(14), at(16))],
    ['après 17h', 'fr', window(at(17), at(24))],
    ['à partir de 15h', 'fr', window(at(15), at(24))],
    ['avant 10h', 'fr', window(at(0), at(10))],
    ["jusqu'à 16h", 'fr', window(at(0), at(16))],
    ['pas avant 10h', 'fr', window(at(10), at(24))],
    ['after 5pm', 'en', window(at(17), at(24))],
    ['before 10am', 'en', window(at(0), at(10))],
    ['between 2 and 4pm', 'en', window(at(14), at(16))],
    ['between 2 and 4', 'en', window(at(14), at(16))],
    ['between 9 and 11', 'en', window(at(9), at(11))],
    ['between 11 and 1', 'en', window(at(11), at(13))],
    ['from 2 to 4', 'en', window(at(14), at(16))],
    ['from 10 to 12', 'en', window(at(10), at(12))],
    ['2-4pm', 'en', window(at(14), at(16))],
    ['after 5', 'en', window(at(17), at(24))],
    ['after 9', 'en', window(at(9), at(24))],
    ['before 3', 'en', window(at(0), at(15))],
    ['until 4pm', 'en', window(at(0), at(16))],
    ['not before 10', 'en', window(at(10), at(24))],
    ['from 3pm on', 'en', window(at(15), at(24))],
    ['zwischen 10 und 12', 'de', window(at(10), at(12))],
    ['zwischen 14 und 15 Uhr', 'de', window(at(14), at(15))],
    ['von 10 bis 12', 'de', window(at(10), at(12))],
    ['14-16 Uhr', 'de', window(at(14), at(16))],
    ['nach 17 Uhr', 'de', window(at(17), at(24))],
    ['ab 15 Uhr', 'de', window(at(15), at(24))],
    ['vor 10 Uhr', 'de', window(at(0), at(10))],
    ['bis 12 Uhr', 'de', window(at(0), at(12))],
    ['nicht vor 10', 'de', window(at(10), at(24))],
    ['tra le 15 e le 17', 'it', window(at(15), at(17))],
    ['fra le 9 e le 11', 'it', window(at(9), at(11))],
    ['dalle 15 alle 17', 'it', window(at(15), at(17))],
    ['dopo le 17', 'it', window(at(17), at(24))],
    ['prima delle 10', 'it', window(at(0), at(10))],
    ['entro le 11', 'it', window(at(0), at(11))],
    ['dalle 15 in poi', 'it', window(at(15), at(24))],
    ['non prima delle 10', 'it', window(at(10), at(24))],
  ])

  it('keeps the day and the part of the day, and settles the half of the day with it', () => {
    expect(parse('jeudi 10 décembre entre 14h et 16h ?', 'fr')).toEqual({
      date: '2026-12-10',
      timeRange: { from: at(14), to: at(16) },
    })
    expect(parse('in the afternoon between 1 and 3', 'en')).toEqual({
      timeRange: { from: at(13), to: at(15) },
      partOfDay: 'afternoon',
    })
    expect(parse('in the morning before 11', 'en')).toEqual({
      timeRange: { from: at(0), to: at(11) },
      partOfDay: 'morning',
    })
  })

  it('is no window when the numbers count something, or when a time is being moved', () => {
    expect(parse('entre 2 et 3 personnes', 'fr')).toEqual({})
    expect(parse('after 2 weeks', 'en')).toEqual({})
    expect(parse('change the time from 3pm to 5pm', 'en')).toEqual({ time: at(17) })
    expect(parse('avant le 15', 'fr')).toEqual({ date: '2026-12-15' })
  })

  it('leaves clock phrases alone: "quarter after 3", "10 nach 3", "viertel vor 5"', () => {
    expect(parse('quarter after 3', 'en')).toEqual({ timeOptions: either(3, 15) })
    expect(parse('um 10 nach 3', 'de')).toEqual({ timeOptions: either(3, 10) })
    expect(parse('viertel vor 5', 'de')).toEqual({ timeOptions: either(4, 45) })
  })
})

describe('parseWhen — times offered as alternatives (timeAlternatives)', () => {
  cases([
    ['à 10h ou 11h', 'fr', { time: at(10), timeAlternatives: [at(10), at(11)] }],
    ['um 10 oder um 16 Uhr', 'de', { timeOptions: either(10), timeAlternatives: [at(10), at(16)] }],
    ['um 11, 14 oder 16 Uhr', 'de', { timeOptions: either(11), timeAlternatives: [at(11), at(14), at(16)] }],
    ['alle 10 o alle 11', 'it', { timeOptions: either(10), timeAlternatives: [at(10), at(11)] }],
    ['at 10am or 4pm', 'en', { time: at(10), timeAlternatives: [at(10), at(16)] }],
    ['11am, 2pm or 5pm', 'en', { time: at(11), timeAlternatives: [at(11), at(14), at(17)] }],
    ['at 2 or 3', 'en', { timeOptions: either(2), timeAlternatives: [at(14), at(15)] }],
    // Not alternatives: a list without "or", a negated or replaced time, a count
    ['at 3pm, not 4pm', 'en', { time: at(15), excluded: { times: [at(16)] } }],
    ['Could we do 3pm instead of 5pm?', 'en', { time: at(15) }],
    ['um 10, 2 Personen', 'de', { timeOptions: either(10) }],
  ])
})

describe('parseWhen — parts of the day and their edges', () => {
  const part = (partOfDay: When['partOfDay'], partOfDayEdge?: 'early' | 'late'): When => ({
    partOfDay,
    ...(partOfDayEdge ? { partOfDayEdge } : {}),
  })
  cases([
    ['en fin de matinée', 'fr', part('morning', 'late')],
    ["en début d'après-midi", 'fr', part('afternoon', 'early')],
    ["en début d'aprem", 'fr', part('afternoon', 'early')],
    ["à l'heure du déjeuner", 'fr', part('midday')],
    ["a l'heure du dej", 'fr', part('midday')],
    ['en soirée', 'fr', part('evening')],
    ['après le travail', 'fr', part('evening')],
    ['late afternoon', 'en', part('afternoon', 'late')],
    ['early morning', 'en', part('morning', 'early')],
    ['at lunchtime', 'en', part('midday')],
    ['after work', 'en', part('evening')],
    ['before lunch', 'en', part('morning')],
    ['after lunch', 'en', part('afternoon')],
    ['après le déjeuner', 'fr', part('afternoon')],
    ['nach dem Mittagessen', 'de', part('afternoon')],
    ['dopo pranzo', 'it', part('afternoon')],
    ['prima di pranzo', 'it', part('morning')],
    ['am Vormittag', 'de', part('morning')],
    ['am späten Nachmittag', 'de', part('afternoon', 'late')],
    ['am frühen Abend', 'de', part('evening', 'early')],
    ['mittags', 'de', part('midday')],
    ['abends nach der Arbeit', 'de', part('evening')],
    ['in serata', 'it', part('evening')],
    ['in tarda mattinata', 'it', part('morning', 'late')],
    ['primo pomeriggio', 'it', part('afternoon', 'early')],
    ['nel tardo pomeriggio', 'it', part('afternoon', 'late')],
    ["all'ora di pranzo", 'it', part('midday')],
  ])
})

describe('parseWhen — weeks and days from today', () => {
  const nextWeek = range('2026-12-07', '2026-12-13')
  const weekAfterNext = range('2026-12-14', '2026-12-20')
  const weekend = range('2026-12-05', '2026-12-06')
  cases([
    ['ce week-end', 'fr', weekend],
    ['dieses Wochenende', 'de', weekend],
    ['questo fine settimana', 'it', weekend],
    ['this weekend', 'en', weekend],
    ['la semaine pro', 'fr', nextWeek],
    ["la semaine d'après", 'fr', nextWeek],
    ['the following week', 'en', nextWeek],
    ['the week after next', 'en', weekAfterNext],
    ['übernächste Woche', 'de', weekAfterNext],
    ['in der übernächsten Woche', 'de', weekAfterNext],
    ['la settimana dopo la prossima', 'it', weekAfterNext],
    // "in N weeks", "dans 15 jours": that day, two weeks on (the same weekday)
    ['dans deux semaines', 'fr', { date: '2026-12-15' }],
    ['dans 15 jours', 'fr', { date: '2026-12-15' }],
    ['dans huit jours', 'fr', { date: '2026-12-08' }],
    ['in zwei Wochen', 'de', { date: '2026-12-15' }],
    ['in 14 Tagen', 'de', { date: '2026-12-15' }],
    ['tra due settimane', 'it', { date: '2026-12-15' }],
    ['fra 15 giorni', 'it', { date: '2026-12-15' }],
    ['two weeks from today', 'en', { date: '2026-12-15' }],
    ['in 10 days', 'en', { date: '2026-12-11' }],
    // A weekday said with them lands in that week
    ['dans 2 semaines le mercredi', 'fr', { date: '2026-12-16' }],
    ['in zwei Wochen am Donnerstag', 'de', { date: '2026-12-17' }],
    ['tra due settimane il martedì', 'it', { date: '2026-12-15' }],
    ['the week after next, tuesday', 'en', { date: '2026-12-15' }],
    ['übernächste Woche Dienstag', 'de', { date: '2026-12-15' }],
    ['ce week-end, dimanche', 'fr', { date: '2026-12-06' }],
  ])

  it('reads "la semaine d\'après" after the week the conversation speaks of', () => {
    const week = { from: '2026-12-07', to: '2026-12-13' }
    expect(parse("la semaine d'après", 'fr', { week })).toEqual(range('2026-12-14', '2026-12-20'))
    expect(parse('die Woche danach, am Dienstag', 'de', { week })).toEqual({ date: '2026-12-15' })
  })
})

describe('parseWhen — a month alone, and its thirds', () => {
  cases([
    ['en mars', 'fr', range('2027-03-01', '2027-03-31')],
    ['une coloration en février', 'fr', range('2027-02-01', '2027-02-28')],
    ['im Februar', 'de', range('2027-02-01', '2027-02-28')],
    ['a febbraio', 'it', range('2027-02-01', '2027-02-28')],
    ['in March', 'en', range('2027-03-01', '2027-03-31')],
    // This month when today is in it, from today on
    ['en décembre', 'fr', range('2026-12-01', '2026-12-31')],
    ['début janvier', 'fr', range('2027-01-01', '2027-01-10')],
    ['mi-février', 'fr', range('2027-02-11', '2027-02-20')],
    ['fin janvier', 'fr', range('2027-01-21', '2027-01-31')],
    ['fin du mois', 'fr', range('2026-12-21', '2026-12-31')],
    ['Anfang März', 'de', range('2027-03-01', '2027-03-10')],
    ['Mitte Februar', 'de', range('2027-02-11', '2027-02-20')],
    ['Ende Januar', 'de', range('2027-01-21', '2027-01-31')],
    ['inizio febbraio', 'it', range('2027-02-01', '2027-02-10')],
    ['a metà gennaio', 'it', range('2027-01-11', '2027-01-20')],
    ['fine gennaio', 'it', range('2027-01-21', '2027-01-31')],
    ['early March', 'en', range('2027-03-01', '2027-03-10')],
    ['mid-February', 'en', range('2027-02-11', '2027-02-20')],
    ['end of January', 'en', range('2027-01-21', '2027-01-31')],
    // A weekday said with it lands in it
    ['début janvier un samedi matin', 'fr', { date: '2027-01-02', partOfDay: 'morning' }],
    ['a metà gennaio, un mercoledì', 'it', { date: '2027-01-13' }],
    ['fine gennaio di sabato', 'it', { date: '2027-01-23' }],
    ['late January, a Friday', 'en', { date: '2027-01-22' }],
  ])

  it('takes next year for a third already over, and starts a month from today', () => {
    expect(parse('début décembre', 'fr', { today: '2026-12-15' })).toEqual(range('2027-12-01', '2027-12-10'))
    expect(parse('in December', 'en', { today: '2026-12-15' })).toEqual(range('2026-12-15', '2026-12-31'))
    expect(parse('Ende Dezember', 'de', { today: '2026-12-24' })).toEqual(range('2026-12-24', '2026-12-31'))
  })

  it('never reads "may" or "mai" alone as the month', () => {
    expect(parse('may I book a haircut?', 'en')).toEqual({})
    expect(parse('non ci vengo mai', 'it')).toEqual({})
  })
})

describe('parseWhen — ordinal days', () => {
  const on = (today: string) => ({ today })
  it.each<[string, Language, When]>([
    ['le 1er', 'fr', { date: '2027-01-01' }],
    ['le premier à 10h', 'fr', { date: '2027-01-01', time: at(10) }],
    ['pour le premier', 'fr', { date: '2027-01-01' }],
    ['le 1er février', 'fr', { date: '2027-02-01' }],
    ['am 1.', 'de', { date: '2027-01-01' }],
    ['am ersten', 'de', { date: '2027-01-01' }],
    ['am ersten um 10 Uhr', 'de', { date: '2027-01-01', time: at(10) }],
    ['am 5ten Februar', 'de', { date: '2027-02-05' }],
    ['am zweiten Januar', 'de', { date: '2027-01-02' }],
    ['il 1°', 'it', { date: '2027-01-01' }],
    ['il primo alle 11', 'it', { date: '2027-01-01', timeOptions: either(11) }],
    ['il primo gennaio', 'it', { date: '2027-01-01' }],
    ['the 1st', 'en', { date: '2027-01-01' }],
    ['on the first', 'en', { date: '2027-01-01' }],
    ['the first of March', 'en', { date: '2027-03-01' }],
    ['the 2nd of January', 'en', { date: '2027-01-02' }],
    ['the twenty first', 'en', {}],
  ])('%s (%s, on 15 December)', (text, language, expected) => {
    expect(parse(text, language, on('2026-12-15'))).toEqual(expected)
  })

  it('leaves an ordinal alone that picks an offer, and reads "1er créneau" as the earliest', () => {
    expect(parse('le premier', 'fr')).toEqual({})
    expect(parse('la première', 'fr')).toEqual({})
    expect(parse('il primo', 'it')).toEqual({})
    expect(parse('the first one', 'en')).toEqual({})
    expect(parse('die erste bitte', 'de')).toEqual({})
    expect(parse('c quand votre 1er creneau dispo ?', 'fr')).toEqual({ earliest: true })
    expect(parse('your 1st available slot', 'en')).toEqual({ earliest: true })
  })
})

describe('parseWhen — a weekday alone lands in the conversation’s week', () => {
  const week = { from: '2026-12-07', to: '2026-12-13' }
  cases(
    [
      ['mardi', 'fr', { date: '2026-12-08' }],
      ['mardi vers 16h', 'fr', { date: '2026-12-08', time: at(16), approximate: true }],
      ['le jeudi', 'fr', { date: '2026-12-10' }],
      ['Dienstag', 'de', { date: '2026-12-08' }],
      ['am Donnerstag um 9', 'de', { date: '2026-12-10', timeOptions: either(9) }],
      ['martedì alle 15', 'it', { date: '2026-12-08', time: at(15) }],
      ['tuesday', 'en', { date: '2026-12-08' }],
      ['on Friday at 3pm', 'en', { date: '2026-12-11', time: at(15) }],
      // Not alone: another day, "this", "next", a day number
      ['mardi prochain', 'fr', { date: '2026-12-08' }],
      ['ce jeudi', 'fr', { date: '2026-12-03' }],
      ['demain ou mardi', 'fr', { date: '2026-12-02' }],
      ['jeudi 3', 'fr', { date: '2026-12-03' }],
      ['this Friday', 'en', { date: '2026-12-04' }],
    ],
    { week },
  )

  it('lands in a weekend or a month too, and not outside it', () => {
    const weekend = { from: '2026-12-05', to: '2026-12-06' }
    expect(parse('dimanche', 'fr', { week: weekend })).toEqual({ date: '2026-12-06' })
    expect(parse('mardi', 'fr', { week: weekend })).toEqual({ date: '2026-12-01' })
    const february = { from: '2027-02-01', to: '2027-02-28' }
    expect(parse('un samedi', 'fr', { week: february })).toEqual({ date: '2027-02-06' })
    expect(parse('the 3rd', 'en', { week: february })).toEqual({ date: '2027-02-03' })
  })

  it('never lands before today', () => {
    const thisWeek = { from: '2026-11-30', to: '2026-12-06' }
    expect(parse('monday', 'en', { week: thisWeek })).toEqual({ date: '2026-12-07' })
    expect(parse('tuesday', 'en', { week: { from: '2026-12-01', to: '2026-12-06' } })).toEqual({
      date: '2026-12-01',
    })
  })
})

describe('parseWhen — a weekday that could mean two days (dateAlternatives)', () => {
  const both = (first: string, second: string): When => ({ date: first, dateAlternatives: [first, second] })
  cases([
    ['mercredi prochain', 'fr', both('2026-12-02', '2026-12-09')],
    ['le prochain samedi', 'fr', both('2026-12-05', '2026-12-12')],
    ['nächsten Mittwoch', 'de', both('2026-12-02', '2026-12-09')],
    ['kommenden Freitag', 'de', both('2026-12-04', '2026-12-11')],
    ['mercoledì prossimo', 'it', both('2026-12-02', '2026-12-09')],
    ['il prossimo venerdì', 'it', both('2026-12-04', '2026-12-11')],
    ['next Wednesday', 'en', both('2026-12-02', '2026-12-09')],
    ['next Sunday', 'en', both('2026-12-06', '2026-12-13')],
    // Not ambiguous: the weekday has passed this week, or the message says which
    ['mardi prochain', 'fr', { date: '2026-12-08' }],
    ['lundi prochain', 'fr', { date: '2026-12-07' }],
    ['mercredi', 'fr', { date: '2026-12-02' }],
    ['ce mercredi', 'fr', { date: '2026-12-02' }],
    ['mercredi qui vient', 'fr', { date: '2026-12-02' }],
    ['mercredi de la semaine prochaine', 'fr', { date: '2026-12-09' }],
    ['Mittwoch nächste Woche', 'de', { date: '2026-12-09' }],
    ['this Wednesday', 'en', { date: '2026-12-02' }],
    ['this coming Wednesday', 'en', { date: '2026-12-02' }],
    ['the next Wednesday', 'en', { date: '2026-12-02' }],
    ['Wednesday next week', 'en', { date: '2026-12-09' }],
    ['next Wednesday the 9th', 'en', { date: '2026-12-09' }],
  ])

  it('is ambiguous only while that weekday is still to come this week', () => {
    expect(parse('next Friday', 'en', { today: '2026-12-04' })).toEqual({ date: '2026-12-11' })
    expect(parse('next Saturday', 'en', { today: '2026-12-04' })).toEqual(both('2026-12-05', '2026-12-12'))
    expect(parse('domenica prossima', 'it', { today: '2026-12-06' })).toEqual({ date: '2026-12-13' })
  })
})

describe('parseWhen — as customers write', () => {
  cases([
    ['vendredie 4 a 10h', 'fr', { date: '2026-12-04', time: at(10) }],
    ['mercedi 9', 'fr', { date: '2026-12-09' }],
    ['jeu 10h', 'fr', { date: '2026-12-03', time: at(10) }],
    ['ven à 10h', 'fr', { date: '2026-12-04', time: at(10) }],
    ['samedi 5 dec 17h30', 'fr', { date: '2026-12-05', time: at(17, 30) }],
    ['donnerstg um 10 uhr', 'de', { date: '2026-12-03', time: at(10) }],
    ['do 3.12 um 10', 'de', { date: '2026-12-03', timeOptions: either(10) }],
    ['am fr um halb 3', 'de', { date: '2026-12-04', timeOptions: either(2, 30) }],
    ['freitag 15.1', 'de', { date: '2027-01-15' }],
    ['mi 24.2 um 10', 'de', { date: '2027-02-24', timeOptions: either(10) }],
    ['giovedi alle 9 e mezza', 'it', { date: '2026-12-03', timeOptions: either(9, 30) }],
    ['thurs 5.30pm', 'en', { date: '2026-12-03', time: at(17, 30) }],
    ['wed 9th 6pm pls 🙏', 'en', { date: '2026-12-09', time: at(18) }],
  ])

  it('does not take "do", "so" or "mi" for weekdays outside German dates', () => {
    expect(parse('could we do 10.30?', 'en')).toEqual({ timeOptions: either(10, 30) })
    expect(parse('so gegen 10', 'de')).toEqual({ timeOptions: either(10), approximate: true })
    expect(parse('mi piacerebbe alle 10', 'it')).toEqual({ timeOptions: either(10) })
  })
})
