import { describe, expect, it } from 'vitest'
import { lateMinutes } from './lateness'
import { treatmentsNotOffered } from './not-offered'
import { readVisit } from './visit'

const SERVICES = [
  { id: 'cf', name: 'Coupe femme', isActive: true },
  { id: 'ch', name: 'Coupe homme', isActive: true },
  { id: 'br', name: 'Brushing', isActive: true },
  { id: 'co', name: 'Coloration', isActive: true },
  { id: 'ba', name: 'Balayage', isActive: true },
  { id: 'tb', name: 'Taille de barbe', isActive: true },
]
/** A visit as "2×cf br": each part's count and options. */
const visit = (text: string) =>
  readVisit(text, SERVICES)
    ?.parts.map((p) => `${p.count > 1 ? `${p.count}×` : ''}${p.options.map((o) => o.id).join('|')}`)
    .join(' ')

describe('several services or people in one message', () => {
  it.each([
    ['coupe femme + brushing vendredi 22 janvier 10h', 'cf br'],
    ['couleur et coupe femme samedi 23 janvier a 9h', 'co cf'],
    ['pour moi et ma fille deux coupes femme mardi 26 janvier 14h', '2×cf'],
    ['moi et mon mari, coupe homme et coupe femme, mercredi 27 janvier 16h', 'ch cf'],
    ['pour moi et ma fille deux coupes jeudi 28 janvier 10h', '2×cf|ch'],
    ['barbe et coupe homme vendredi 29 janvier 18h', 'tb ch'],
    ['on est 3, mon mari et mes 2 fils, 3 coupes homme samedi 6 fevrier 10h', '3×ch'],
    ['damenhaarschnitt + föhnen am sa 13.2. um 10 bitte', 'cf br'],
    ['für mich und meinen sohn zwei herrenschnitte, di 16.2. um 15 uhr', '2×ch'],
    ['haarschnitt für mich und meine tochter mi 17.2. um 10', '2×cf|ch'],
    ['färben und danach föhnen, do 18.2. 14 uhr', 'co br'],
    ['damenhaarschnitt für mich und bart trimmen für meinen mann', 'cf tb'],
    ['taglio donna e colpi di sole sabato 20 febbraio alle 15', 'cf ba'],
    ['per me e mio figlio due tagli giovedi 11 febbraio alle 10', '2×cf|ch'],
    ['siamo in 3, tre tagli uomo martedi 16 febbraio alle 14', '3×ch'],
    ['2 mens cuts for me and my son tue 16 feb 3pm', '2×ch'],
    ['a colour and a womens cut thu 18 feb 2pm', 'co cf'],
    ['mens haircut and a beard trim fri 19 feb 4pm', 'ch tb'],
  ])('%s → %s', (text, expected) => {
    expect(visit(text)).toBe(expected)
  })

  it('leaves one service for one person alone', () => {
    for (const text of [
      'une coupe femme demain a 10h',
      'je me demandais si ma fille pourrait avoir une coupe femme',
      'coupe femme pour ma fille samedi',
      'taglio uomo alle 10 e mezza',
    ]) {
      expect(visit(text)).toBeUndefined()
    }
  })
})

describe('treatments the salon does not have', () => {
  const names = SERVICES.map((s) => s.name)
  it.each([
    ['vous faites les ongles ?', ['nails']],
    ["et l'epilation des sourcils vous faites ?", ['waxing', 'brows']],
    ['macht ihr auch nägel? 💅', ['nails']],
    ['fate anche la ceretta?', ['waxing']],
    ['waxing or make-up?', ['waxing', 'makeup']],
  ])('%s → %j', (text, expected) => {
    expect(treatmentsNotOffered(text, names)).toEqual(expected)
  })

  it('says nothing of a treatment the salon offers, nor of "make it 5pm"', () => {
    expect(treatmentsNotOffered('vous faites les ongles ?', [...names, 'Manucure'])).toEqual([])
    expect(treatmentsNotOffered('can we make it 5pm instead?', names)).toEqual([])
  })
})

describe('how late a customer will be', () => {
  it.each([
    ['dsl je vais avoir 10 minutes de retard', 10],
    ['sorry komme ca 10 min später', 10],
    ['arrivo con dieci minuti di ritardo', 10],
    ["I'm running 15mins late", 15],
    ["j'aurai un quart d'heure de retard", 15],
    ['running half an hour late', 30],
    ['je serai en retard', undefined],
  ])('%s → %s', (text, minutes) => {
    expect(lateMinutes(text)).toBe(minutes)
  })
})
