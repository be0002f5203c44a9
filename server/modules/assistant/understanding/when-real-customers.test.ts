import type { Language } from '@common/languages'
import { describe, expect, it } from 'vitest'
import { parseWhen, type When, type WhenContext } from './when'

/**
 * Every date or time expression of the real customers' dialogues of issue 13
 * (tests/fixtures/assistant-dialogues/real-{fr,de,it,en}.jsonl), read the way the expected booking
 * or reply of its dialogue implies. The clock of those files: Tuesday 1 December 2026. The comment
 * after each row is the dialogue it comes from.
 */
const TODAY = '2026-12-01'
const at = (hour: number, minute = 0) => hour * 60 + minute
/** Both readings of an hour that does not say morning or afternoon. */
const either = (hour: number, minute = 0) => [at(hour, minute), at(hour + 12, minute)]

type Case = [text: string, expected: When]

function table(language: Language, cases: Case[]): void {
  it.each(cases)('%s', (text, expected) => {
    expect(parseWhen(text, { today: TODAY, language })).toEqual(expected)
  })
}

describe('parseWhen — real customers, French', () => {
  table('fr', [
    ['bonjour, une coupe femme vendredi 4 decembre a 9h svp', { date: '2026-12-04', time: at(9) }], // fr-001
    ['slt je voudrais une couleur vendredi 4 a 10h', { date: '2026-12-04', time: at(10) }], // fr-002
    ['brushing samedi 5 dec a 11h', { date: '2026-12-05', time: at(11) }], // fr-003
    ['coupe homme jeudi 3 decembre 17h30 c possible ?', { date: '2026-12-03', time: at(17, 30) }], // fr-004
    ['taille de barbe mardi 8 decembre 18h', { date: '2026-12-08', time: at(18) }], // fr-005
    ['je voudrais un balayage le samedi 19 decembre a 9h', { date: '2026-12-19', time: at(9) }], // fr-006
    ['coupe femme jeudi 10 decembre a 15h', { date: '2026-12-10', time: at(15) }], // fr-007
    ['un brushing vendredi 11 decembre a 16h stp', { date: '2026-12-11', time: at(16) }], // fr-008
    ['coupe homme samedi 12 decembre 10h', { date: '2026-12-12', time: at(10) }], // fr-009
    ['slt je voudrais passer la semaine pro pour une coupe homme', { range: { from: '2026-12-07', to: '2026-12-13' } }], // fr-010
    [
      'une coupe homme mercredi prochain a 15h stp',
      { date: '2026-12-02', dateAlternatives: ['2026-12-02', '2026-12-09'], time: at(15) },
    ], // fr-011
    ['le 9', { date: '2026-12-09' }], // fr-011
    ['coupe femme mardi 15 decembre a 14h', { date: '2026-12-15', time: at(14) }], // fr-012
    ['oui mais plutot 15h si possible', { time: at(15) }], // fr-012
    ['balayage samedi 12 decembre a 14h', { date: '2026-12-12', time: at(14) }], // fr-013
    ['je voudrais une coloration mercredi 2 decembre a 9h30', { date: '2026-12-02', time: at(9, 30) }], // fr-014
    ['vous avez quoi jeudi 17 decembre le matin pour une coupe femme ?', { date: '2026-12-17', partOfDay: 'morning' }], // fr-015
    ['un brushing mardi 22 decembre le matin svp', { date: '2026-12-22', partOfDay: 'morning' }], // fr-016
    ['10h30 c bien', { time: at(10, 30) }], // fr-016
    ['c quoi le premier creneau libre vendredi pour une coupe homme ?', { date: '2026-12-04', earliest: true }], // fr-017
    ['brushing samedi 5 decembre, vous avez quoi ?', { date: '2026-12-05' }], // fr-018
    ['le plus tot', { earliest: true }], // fr-018
    ["coupe femme mercredi 16 decembre dans l'apres midi stp", { date: '2026-12-16', partOfDay: 'afternoon' }], // fr-019
    ['celui de 15h', { time: at(15) }], // fr-019
    ['c quand votre 1er creneau dispo pour une barbe ?', { earliest: true }], // fr-020
    ['bonjour je voudrais un rdv a 14h30', { time: at(14, 30) }], // fr-021
    ['jeudi 3', { date: '2026-12-03' }], // fr-021
    ['plutot en fin de matinee', { partOfDay: 'morning', partOfDayEdge: 'late' }], // fr-022
    ['mardi 8 decembre', { date: '2026-12-08' }], // fr-022
    ['11h ca ira', { time: at(11) }], // fr-022
    ['rdv samedi 12 decembre svp', { date: '2026-12-12' }], // fr-023
    ['vers 15h', { time: at(15), approximate: true }], // fr-023
    ['je peux venir mercredi 16 au matin ?', { date: '2026-12-16', partOfDay: 'morning' }], // fr-024
    ['9h30', { time: at(9, 30) }], // fr-024
    ['le 10', { date: '2026-12-10' }], // fr-025
    ['a 18h', { time: at(18) }], // fr-025
    ['vendredi 18 decembre', { date: '2026-12-18' }], // fr-026
    ['vers 10h', { time: at(10), approximate: true }], // fr-026
    ['dispo a 16h ?', { time: at(16) }], // fr-027
    ['mercredi 23', { date: '2026-12-23' }], // fr-027
    ['coupe femme mardi 29 decembre', { date: '2026-12-29' }], // fr-028
    ["en debut d'aprem", { partOfDay: 'afternoon', partOfDayEdge: 'early' }], // fr-028
    ['13h30 stp', { time: at(13, 30) }], // fr-028
    ['mercredi 30 decembre 10h', { date: '2026-12-30', time: at(10) }], // fr-029
    [
      'coupe homme jeudi 10 decembre entre 14h et 16h ?',
      { date: '2026-12-10', timeRange: { from: at(14), to: at(16) } },
    ], // fr-030
    ['14h30', { time: at(14, 30) }], // fr-030
    ['brushing mardi 15 decembre apres 17h svp', { date: '2026-12-15', timeRange: { from: at(17), to: at(24) } }], // fr-031
    ['17h30 c parfait', { time: at(17, 30) }], // fr-031
    [
      'coupe femme vendredi 11 decembre en fin de matinee',
      { date: '2026-12-11', partOfDay: 'morning', partOfDayEdge: 'late' },
    ], // fr-032
    ['11h15', { time: at(11, 15) }], // fr-032
    ['coupe homme ce week end ?', { range: { from: '2026-12-05', to: '2026-12-06' } }], // fr-033
    ['10h', { time: at(10) }], // fr-033
    ['dans 2 semaines le mercredi, une coupe femme a 10h', { date: '2026-12-16', time: at(10) }], // fr-034
    ['un brushing dans 15 jours a 11h', { date: '2026-12-15', time: at(11) }], // fr-035
    ['une coloration en mars c possible ?', { range: { from: '2027-03-01', to: '2027-03-31' } }], // fr-036
    ['coupe femme le 15 avril a 10h', { date: '2027-04-15', time: at(10) }], // fr-037
    ['coupe femme le 1er fevrier a 10h', { date: '2027-02-01', time: at(10) }], // fr-038
    ['balayage debut janvier un samedi matin', { date: '2027-01-02', partOfDay: 'morning' }], // fr-039
    ['samedi 9 a 9h30', { date: '2027-01-09', time: at(9, 30) }], // fr-039
    [
      "coupe femme mardi 5 janvier dans l'aprem vers 16h",
      { date: '2027-01-05', time: at(16), approximate: true, partOfDay: 'afternoon' },
    ], // fr-040
    ["une barbe jeudi 7 janvier a l'heure du dej", { date: '2027-01-07', partOfDay: 'midday' }], // fr-041
    ['12h30', { time: at(12, 30) }], // fr-041
    ['coupe homme vendredi 8 janvier en soiree', { date: '2027-01-08', partOfDay: 'evening' }], // fr-042
    ['18h', { time: at(18) }], // fr-042
    ['le 22 janv a 14h une coloration', { date: '2027-01-22', time: at(14) }], // fr-043
    ['un brushing le 27 fevrier 15h', { date: '2027-02-27', time: at(15) }], // fr-044
    ['coupe femme le 1er janvier a 11h c ouvert ?', { date: '2027-01-01', time: at(11) }], // fr-045
    ['une coup femme samedi 9 janvier 14h', { date: '2027-01-09', time: at(14) }], // fr-046
    ['une colo samedi 19 decembre a 11h svp', { date: '2026-12-19', time: at(11) }], // fr-047
    ['des meches samedi 19 dec 12h30', { date: '2026-12-19', time: at(12, 30) }], // fr-048
    ['un brusing vendredi 15 janv 9h', { date: '2027-01-15', time: at(9) }], // fr-049
    ['vous faites les permanentes ? je voudrais une perm samedi 16 janvier', { date: '2027-01-16' }], // fr-050
    ['tailler la barbe mardi 12 janvier 18h30', { date: '2027-01-12', time: at(18, 30) }], // fr-053
    ['balyage mercredi 20 janvier 9h', { date: '2027-01-20', time: at(9) }], // fr-054
    ['un shampoing brushing jeudi 21 janvier 11h', { date: '2027-01-21', time: at(11) }], // fr-055
    ['une couleur samedi 19 decembre', { date: '2026-12-19' }], // fr-056
    ['il vous reste quoi samedi 19 decembre pour une coupe femme ?', { date: '2026-12-19' }], // fr-057
    ['colorration mardi 26 janvier 9h', { date: '2027-01-26', time: at(9) }], // fr-059
    ['coupe femme + brushing vendredi 22 janvier 10h', { date: '2027-01-22', time: at(10) }], // fr-060
    ['couleur et coupe femme samedi 23 janvier a 9h', { date: '2027-01-23', time: at(9) }], // fr-061
    ['pour moi et ma fille deux coupes femme mardi 26 janvier 14h', { date: '2027-01-26', time: at(14) }], // fr-062
    ['moi et mon mari, coupe homme et coupe femme, mercredi 27 janvier 16h', { date: '2027-01-27', time: at(16) }], // fr-063
    ['pour moi et ma fille deux coupes jeudi 28 janvier 10h', { date: '2027-01-28', time: at(10) }], // fr-064
    ['coupe femme + balayage samedi 30 janvier a 15h', { date: '2027-01-30', time: at(15) }], // fr-065
    ['barbe et coupe homme vendredi 29 janvier 18h', { date: '2027-01-29', time: at(18) }], // fr-066
    ['on est 3, mon mari et mes 2 fils, 3 coupes homme samedi 6 fevrier 10h', { date: '2027-02-06', time: at(10) }], // fr-067
    ['coupe femme mercredi 3 fevrier 11h', { date: '2027-02-03', time: at(11) }], // fr-071
    ['coupe homme jeudi 4 fevrier 10h', { date: '2027-02-04', time: at(10) }], // fr-073
    ['brushing samedi 6 fevrier 14h', { date: '2027-02-06', time: at(14) }], // fr-074
    ['finalement on peut avancer a 9h le meme jour ?', { time: at(9) }], // fr-074
    ['barbe mardi 9 fevrier 12h', { date: '2027-02-09', time: at(12) }], // fr-075
    ['coupe femme mercredi 10 fevrier 10h', { date: '2027-02-10', time: at(10) }], // fr-076
    ['coloration jeudi 11 fevrier 14h', { date: '2027-02-11', time: at(14) }], // fr-079
    ['coloration jeudi 11 fevrier a 14h', { date: '2027-02-11', time: at(14) }], // fr-079
    ['coupe femme samedi 13 fevrier 10h, et vous prenez la cb ?', { date: '2027-02-13', time: at(10) }], // fr-081
    ['coupe femme vendredi 12 fevrier', { date: '2027-02-12' }], // fr-082
    ['14:30', { time: at(14, 30) }], // fr-082
    ['brushing mardi 16 fevrier 10h', { date: '2027-02-16', time: at(10) }], // fr-083
    ['une coloration mercredi 17 fevrier svp', { date: '2027-02-17' }], // fr-085
    ['a 10h', { time: at(10) }], // fr-085
    ['coupe homme mardi 23 fevrier 11h', { date: '2027-02-23', time: at(11) }], // fr-086
    ['brushing mardi 1er decembre, il reste de la place ?', { date: '2026-12-01' }], // fr-087
  ])
})

describe('parseWhen — real customers, German', () => {
  table('de', [
    ['hallo, hätte gern nen damenhaarschnitt am do 3.12 um 10', { date: '2026-12-03', timeOptions: either(10) }], // de-001
    ['färben fr 4.12. 14 uhr?', { date: '2026-12-04', time: at(14) }], // de-002
    ['bart trimmen mittwoch 9.12 um 17:30 bitte', { date: '2026-12-09', time: at(17, 30) }], // de-003
    ['kann ich am sa 12.12 um 11 zum föhnen kommen', { date: '2026-12-12', timeOptions: either(11) }], // de-004
    ['herrenschnitt di 15.12 9:30', { date: '2026-12-15', timeOptions: either(9, 30) }], // de-005
    ['strähnchen am mi 16.12 um 13 uhr', { date: '2026-12-16', time: at(13) }], // de-006
    ['Damenhaarschnitt Do 17.12. 15:15 geht das?', { date: '2026-12-17', time: at(15, 15) }], // de-007
    ['herrenhaarschnitt am freitag 18.12 um 12', { date: '2026-12-18', time: at(12) }], // de-008
    ['wann ist am di 22.12 der früheste termin zum föhnen?', { date: '2026-12-22', earliest: true }], // de-009
    ['früheste zeit für färben am mittwoch 23.12.?', { date: '2026-12-23', earliest: true }], // de-010
    ['habt ihr am sa 19.12. vormittags was für herrenschnitt?', { date: '2026-12-19', partOfDay: 'morning' }], // de-011
    ['wann wäre am do 10.12. was frei für bart trimmen?', { date: '2026-12-10' }], // de-012
    ['irgendwann nächste woche herrenschnitt bitte', { range: { from: '2026-12-07', to: '2026-12-13' } }], // de-013
    ['um 11', { timeOptions: either(11) }], // de-013
    ['nächste woche hätte ich zeit für strähnchen', { range: { from: '2026-12-07', to: '2026-12-13' } }], // de-014
    [
      'nächsten mittwoch um 15 uhr damenhaarschnitt',
      { date: '2026-12-02', dateAlternatives: ['2026-12-02', '2026-12-09'], time: at(15) },
    ], // de-015
    [
      'am mi 2.12 zwischen 9 und 10 für herrenschnitt, was geht da?',
      { date: '2026-12-02', timeRange: { from: at(9), to: at(10) } },
    ], // de-016
    [
      'geht mittwoch 9.12 um 10 oder um 16 uhr zum föhnen?',
      { date: '2026-12-09', timeOptions: either(10), timeAlternatives: [at(10), at(16)] },
    ], // de-017
    [
      'kann ich do 10.12. um 11, 14 oder 16 uhr zum damenhaarschnitt?',
      { date: '2026-12-10', timeOptions: either(11), timeAlternatives: [at(11), at(14), at(16)] },
    ], // de-018
    ['was ist der früheste freie termin am freitag für herrenschnitt?', { date: '2026-12-04', earliest: true }], // de-019
    ['frühester termin für färben?', { earliest: true }], // de-020
    ['was habt ihr samstag 5.12 für bart?', { date: '2026-12-05' }], // de-021
    ['um halb 12 dann', { timeOptions: either(11, 30) }], // de-021
    ['frühester termin am dienstag 8.12 für damenhaarschnitt', { date: '2026-12-08', earliest: true }], // de-022
    [
      'am fr 11.12. zwischen 14 und 15 uhr zum föhnen?',
      { date: '2026-12-11', timeRange: { from: at(14), to: at(15) } },
    ], // de-023
    ['den frühesten', { earliest: true }], // de-023
    ['um 15 uhr bitte', { time: at(15) }], // de-024
    ['am mi 13. januar', { date: '2027-01-13' }], // de-024
    ['nachmittags wär gut', { partOfDay: 'afternoon' }], // de-025
    ['donnerstag 14.1.', { date: '2027-01-14' }], // de-025
    ['14 uhr', { time: at(14) }], // de-025
    ['freitag 15.1', { date: '2027-01-15' }], // de-026
    ['so gegen 10', { timeOptions: either(10), approximate: true }], // de-026
    ['samstag 16.1. um 10', { date: '2027-01-16', timeOptions: either(10) }], // de-027
    ['di 19.1. um 16:30', { date: '2027-01-19', time: at(16, 30) }], // de-028
    ['mittwoch 20.1.', { date: '2027-01-20' }], // de-029
    ['nee doch lieber donnerstag 21.1', { date: '2027-01-21' }], // de-029
    ['um 12', { time: at(12) }], // de-029
    ['kann ich am fr 22.1. kommen?', { date: '2027-01-22' }], // de-030
    ['17 uhr', { time: at(17) }], // de-030
    ['vormittags', { partOfDay: 'morning' }], // de-031
    ['dienstag 26.1', { date: '2027-01-26' }], // de-031
    ['um 11:30', { timeOptions: either(11, 30) }], // de-031
    ['damenhaarschnitt am mi 27.1. am vormittag', { date: '2027-01-27', partOfDay: 'morning' }], // de-032
    ['10:30', { timeOptions: either(10, 30) }], // de-032
    ['herrenschnitt do 28.1 zwischen 10 und 12', { date: '2027-01-28', timeRange: { from: at(10), to: at(12) } }], // de-033
    ['11 uhr passt', { time: at(11) }], // de-033
    ['färben am fr 29.1. am späten nachmittag', { date: '2027-01-29', partOfDay: 'afternoon', partOfDayEdge: 'late' }], // de-034
    ['um 16 uhr', { time: at(16) }], // de-034
    ['dieses wochenende föhnen?', { range: { from: '2026-12-05', to: '2026-12-06' } }], // de-035
    ['um 10', { timeOptions: either(10) }], // de-035
    ['übernächste woche dienstag um 10 zum herrenschnitt', { date: '2026-12-15', timeOptions: either(10) }], // de-036
    ['in 14 tagen bart trimmen um 12 uhr', { date: '2026-12-15', time: at(12) }], // de-037
    ['im februar färben, was geht?', { range: { from: '2027-02-01', to: '2027-02-28' } }], // de-038
    ['am zweiten januar damenhaarschnitt um 11', { date: '2027-01-02', timeOptions: either(11) }], // de-039
    ['herrenschnitt am 15. april um 10', { date: '2027-04-15', timeOptions: either(10) }], // de-040
    ['strähnchen im april?', { range: { from: '2027-04-01', to: '2027-04-30' } }], // de-041
    ['abends nach der arbeit föhnen, dienstag 2.2.', { date: '2027-02-02', partOfDay: 'evening' }], // de-042
    ['18 uhr', { time: at(18) }], // de-042
    ['nach 17 uhr herrenschnitt am mi 3.2.', { date: '2027-02-03', timeRange: { from: at(17), to: at(24) } }], // de-043
    ['17:30', { time: at(17, 30) }], // de-043
    ['am 5ten februar zum föhnen, mittags', { date: '2027-02-05', partOfDay: 'midday' }], // de-044
    ['12:30', { time: at(12, 30) }], // de-044
    ['am ersten februar um 10 damenhaarschnitt', { date: '2027-02-01', timeOptions: either(10) }], // de-045
    ['Damenhaarschnit am Do 4.2. um 14 Uhr', { date: '2027-02-04', time: at(14) }], // de-046
    ['herenhaarschnitt sa 6.2. 10uhr', { date: '2027-02-06', time: at(10) }], // de-047
    ['haare farben lassen di 9.2. um 9', { date: '2027-02-09', timeOptions: either(9) }], // de-048
    ['straehnchen mi 10.2. um 14 uhr', { date: '2027-02-10', time: at(14) }], // de-049
    ['foehnen do 11.2. 11 uhr', { date: '2027-02-11', time: at(11) }], // de-050
    ['bart stutzen fr 12.2. 18 uhr', { date: '2027-02-12', time: at(18) }], // de-051
    ['damenhaarschnitt + föhnen am sa 13.2. um 10 bitte', { date: '2027-02-13', timeOptions: either(10) }], // de-058
    ['für mich und meinen sohn zwei herrenschnitte, di 16.2. um 15 uhr', { date: '2027-02-16', time: at(15) }], // de-059
    ['haarschnitt für mich und meine tochter mi 17.2. um 10', { date: '2027-02-17', timeOptions: either(10) }], // de-060
    ['färben und danach föhnen, do 18.2. 14 uhr', { date: '2027-02-18', time: at(14) }], // de-061
    [
      'damenhaarschnitt für mich und bart trimmen für meinen mann, fr 19.2. um 16:00',
      { date: '2027-02-19', time: at(16) },
    ], // de-062
    ['strähnchen und färben am sa 20.2. um 14 uhr', { date: '2027-02-20', time: at(14) }], // de-063
    ['herrenschnitt di 23.2. um 11', { date: '2027-02-23', timeOptions: either(11) }], // de-068
    ['föhnen mi 24.2 um 10', { date: '2027-02-24', timeOptions: either(10) }], // de-070
    ['kann ich den termin auf freitag 26.2 um 16 uhr verschieben?', { date: '2027-02-26', time: at(16) }], // de-070
    ['bart trimmen do 25.2. 9:30', { date: '2027-02-25', timeOptions: either(9, 30) }], // de-071
    [
      'schaff es doch nicht um halb 10, geht auch 13 uhr am selben tag?',
      { time: at(13), excluded: { times: [at(9, 30), at(21, 30)] } },
    ], // de-071
    ['damenhaarschnitt sa 27.2. um 9', { date: '2027-02-27', timeOptions: either(9) }], // de-073
    [
      'hi, herrenschnitt mi 30.12. um 10 bitte, kann ich da mit karte zahlen?',
      { date: '2026-12-30', timeOptions: either(10) },
    ], // de-076
    ['hallo, herrenschnitt am mi 6.1.', { date: '2027-01-06' }], // de-077
    ['14:30', { time: at(14, 30) }], // de-077
    ['ich möchte föhnen am do 7.1.', { date: '2027-01-07' }], // de-078
    ['10:00', { timeOptions: either(10) }], // de-078
    ['färben fr 8.1. um 10', { date: '2027-01-08', timeOptions: either(10) }], // de-080
    ['färben am 8.1. um 10 uhr', { date: '2027-01-08', time: at(10) }], // de-080
    ['damenhaarschnitt sa 9.1. bitte', { date: '2027-01-09' }], // de-081
    ['11:15', { timeOptions: either(11, 15) }], // de-081
    ['früheste zeit für herrenschnitt am di 12.1.?', { date: '2027-01-12', earliest: true }], // de-082
    ['damenhaarschnitt am mi 30.12. um 14 uhr möglich?', { date: '2026-12-30', time: at(14) }], // de-083
    ['morgen um 12', { date: '2026-12-02', time: at(12) }], // de-084
  ])
})

describe('parseWhen — real customers, Italian', () => {
  table('it', [
    ['ciao vorrei un taglio donna domani alle 16', { date: '2026-12-02', time: at(16) }], // it-001
    ['un colore giovedi 3 dicembre alle 10', { date: '2026-12-03', timeOptions: either(10) }], // it-002
    ['piega sabato 5 alle 14', { date: '2026-12-05', time: at(14) }], // it-003
    ['taglio uomo venerdi 4 dicembre alle 17', { date: '2026-12-04', time: at(17) }], // it-004
    ['barba giovedi 3 alle 9', { date: '2026-12-03', timeOptions: either(9) }], // it-005
    ['colpi di sole sabato 12 dicembre alle 9', { date: '2026-12-12', timeOptions: either(9) }], // it-006
    ['taglio donna mercoledi 9 dicembre alle 11', { date: '2026-12-09', timeOptions: either(11) }], // it-007
    ['piega giovedi 10 alle 16', { date: '2026-12-10', time: at(16) }], // it-008
    ['taglio uomo venerdi 11 alle 12', { date: '2026-12-11', time: at(12) }], // it-009
    ['ciao, la settimana prossima vorrei fare una piega', { range: { from: '2026-12-07', to: '2026-12-13' } }], // it-010
    [
      'un taglio uomo mercoledi prossimo alle 17',
      { date: '2026-12-02', dateAlternatives: ['2026-12-02', '2026-12-09'], time: at(17) },
    ], // it-011
    ['il 9', { date: '2026-12-09' }], // it-011
    ['taglio donna martedi 15 dicembre alle 9', { date: '2026-12-15', timeOptions: either(9) }], // it-012
    ['si pero meglio alle 10', { timeOptions: either(10) }], // it-012
    ['colore giovedi 17 dicembre alle 14', { date: '2026-12-17', time: at(14) }], // it-013
    ['balayage mercoledi 2 dicembre alle 11', { date: '2026-12-02', timeOptions: either(11) }], // it-014
    ['cosa avete venerdi 18 dicembre in mattinata per un taglio donna?', { date: '2026-12-18', partOfDay: 'morning' }], // it-015
    ['una piega martedi 22 dicembre in mattinata', { date: '2026-12-22', partOfDay: 'morning' }], // it-016
    ['quella delle 11.30', { timeOptions: either(11, 30) }], // it-016
    ['qual e il primo orario libero giovedi per un taglio uomo?', { date: '2026-12-03', earliest: true }], // it-017
    ['una piega mercoledi 13 gennaio, che orari avete?', { date: '2027-01-13' }], // it-018
    ['il piu presto possibile', { earliest: true }], // it-018
    ['taglio donna mercoledi 16 dicembre nel pomeriggio', { date: '2026-12-16', partOfDay: 'afternoon' }], // it-019
    ['quando e il primo orario libero per una barba?', { earliest: true }], // it-020
    ['ciao vorrei prenotare per le 11.30', { timeOptions: either(11, 30) }], // it-021
    ['giovedi 10', { date: '2026-12-10' }], // it-021
    ['nel tardo pomeriggio', { partOfDay: 'afternoon', partOfDayEdge: 'late' }], // it-022
    ['martedi 29 dicembre', { date: '2026-12-29' }], // it-022
    ['alle 17 va bene', { time: at(17) }], // it-022
    ['appuntamento sabato 2 gennaio', { date: '2027-01-02' }], // it-023
    ['verso le 11', { timeOptions: either(11), approximate: true }], // it-023
    ['posso venire mercoledi 30 dicembre di mattina?', { date: '2026-12-30', partOfDay: 'morning' }], // it-024
    ['alle 11', { timeOptions: either(11) }], // it-024
    ['il 31', { date: '2026-12-31' }], // it-025
    ['alle 15', { time: at(15) }], // it-025
    ['martedi 5 gennaio', { date: '2027-01-05' }], // it-026
    ['verso le 10', { timeOptions: either(10), approximate: true }], // it-026
    ['disponibile alle 16?', { time: at(16) }], // it-027
    ['giovedi 7 gennaio', { date: '2027-01-07' }], // it-027
    ['taglio donna venerdi 8 gennaio', { date: '2027-01-08' }], // it-028
    ['primo pomeriggio', { partOfDay: 'afternoon', partOfDayEdge: 'early' }], // it-028
    ['alle 14', { time: at(14) }], // it-028
    ['martedi 12 gennaio alle 10', { date: '2027-01-12', timeOptions: either(10) }], // it-029
    [
      'taglio uomo martedi 19 gennaio tra le 15 e le 17',
      { date: '2027-01-19', timeRange: { from: at(15), to: at(17) } },
    ], // it-030
    ['15.30', { time: at(15, 30) }], // it-030
    ['piega mercoledi 20 gennaio dopo le 17', { date: '2027-01-20', timeRange: { from: at(17), to: at(24) } }], // it-031
    ['alle 18', { time: at(18) }], // it-031
    ['taglio donna venerdi 15 gennaio prima delle 11', { date: '2027-01-15', timeRange: { from: at(0), to: at(11) } }], // it-032
    ['alle 10', { timeOptions: either(10) }], // it-032
    ['barba giovedi 21 gennaio in serata', { date: '2027-01-21', partOfDay: 'evening' }], // it-033
    ['alle 18.30', { time: at(18, 30) }], // it-033
    ['avete posto questo fine settimana per un taglio uomo?', { range: { from: '2026-12-05', to: '2026-12-06' } }], // it-034
    ['tra due settimane il martedi, colore alle 16', { date: '2026-12-15', time: at(16) }], // it-035
    ['una piega fra 15 giorni alle 12', { date: '2026-12-15', time: at(12) }], // it-036
    ['un colore a marzo si puo?', { range: { from: '2027-03-01', to: '2027-03-31' } }], // it-037
    ['taglio donna il 20 aprile alle 10', { date: '2027-04-20', timeOptions: either(10) }], // it-038
    ['taglio uomo il 1° febbraio alle 11', { date: '2027-02-01', timeOptions: either(11) }], // it-039
    ['colpi di sole a meta gennaio, un mercoledi', { date: '2027-01-13' }], // it-040
    ['mercoledi 13 alle 14', { date: '2027-01-13', time: at(14) }], // it-040
    ['taglio uomo il primo gennaio alle 16', { date: '2027-01-01', time: at(16) }], // it-041
    ["piega martedi 26 gennaio all'ora di pranzo", { date: '2027-01-26', partOfDay: 'midday' }], // it-042
    ['alle 13', { time: at(13) }], // it-042
    ['taglio donna fine gennaio di sabato', { date: '2027-01-23' }], // it-043
    ['sabato 30 alle 10', { date: '2027-01-30', timeOptions: either(10) }], // it-043
    ['piega sabato 27 febbraio alle 10', { date: '2027-02-27', timeOptions: either(10) }], // it-044
    ['taglio uomo mercoledi tre febbraio alle 15', { date: '2027-02-03', time: at(15) }], // it-045
    ['tagilo donna sabato 9 gennaio alle 15', { date: '2027-01-09', time: at(15) }], // it-046
    ['colpi di sole sabato 16 gennaio alle 9', { date: '2027-01-16', timeOptions: either(9) }], // it-047
    ['una tinta sabato 16 gennaio alle 11', { date: '2027-01-16', timeOptions: either(11) }], // it-048
    ['meches sabato 16 gennaio alle 12.30', { date: '2027-01-16', time: at(12, 30) }], // it-049
    ['un colore sabato 16 gennaio', { date: '2027-01-16' }], // it-050
    ['14.30', { time: at(14, 30) }], // it-050
    ['che vi rimane sabato 16 gennaio per una piega?', { date: '2027-01-16' }], // it-051
    ['fate ancora la permanente? vorrei farla giovedi 28 gennaio', { date: '2027-01-28' }], // it-052
    ['sistemare la barba mercoledi 27 gennaio alle 12', { date: '2027-01-27', time: at(12) }], // it-056
    ['balayge giovedi 4 febbraio alle 14', { date: '2027-02-04', time: at(14) }], // it-057
    ['taglo uomo venerdi 5 febbraio alle 16', { date: '2027-02-05', time: at(16) }], // it-059
    ['taglio donna e piega giovedi 28 gennaio alle 15', { date: '2027-01-28', time: at(15) }], // it-060
    ['colore e taglio donna sabato 13 febbraio alle 13', { date: '2027-02-13', time: at(13) }], // it-061
    ['per me e mia figlia due tagli donna martedi 9 febbraio alle 15', { date: '2027-02-09', time: at(15) }], // it-062
    [
      'io e mio marito, taglio uomo e taglio donna, mercoledi 10 febbraio alle 16',
      { date: '2027-02-10', time: at(16) },
    ], // it-063
    ['per me e mio figlio due tagli giovedi 11 febbraio alle 10', { date: '2027-02-11', timeOptions: either(10) }], // it-064
    ['taglio donna e colpi di sole sabato 20 febbraio alle 15', { date: '2027-02-20', time: at(15) }], // it-065
    ['barba e taglio uomo venerdi 12 febbraio alle 18', { date: '2027-02-12', time: at(18) }], // it-066
    ['siamo in 3, tre tagli uomo martedi 16 febbraio alle 14', { date: '2027-02-16', time: at(14) }], // it-067
    ['taglio donna mercoledi 17 febbraio alle 15', { date: '2027-02-17', time: at(15) }], // it-072
    ['taglio donna giovedi 3 dicembre alle 12', { date: '2026-12-03', time: at(12) }], // it-073
    ['posso spostarlo a venerdi alle 16?', { date: '2026-12-04', time: at(16) }], // it-073
    ['piega sabato 20 febbraio alle 10', { date: '2027-02-20', timeOptions: either(10) }], // it-074
    ['riesco ad anticipare alle 9?', { timeOptions: either(9) }], // it-074
    ['barba martedi 23 febbraio alle 12', { date: '2027-02-23', time: at(12) }], // it-075
    ['taglio donna mercoledi 24 febbraio alle 10', { date: '2027-02-24', timeOptions: either(10) }], // it-076
    ['colore giovedi 25 febbraio alle 14', { date: '2027-02-25', time: at(14) }], // it-078
    [
      'taglio donna venerdi 26 febbraio alle 10, si puo pagare in contanti?',
      { date: '2027-02-26', timeOptions: either(10) },
    ], // it-080
    ['taglio donna martedi 2 febbraio', { date: '2027-02-02' }], // it-081
    ['14:30', { time: at(14, 30) }], // it-081
    ['piega mercoledi 3 febbraio alle 10', { date: '2027-02-03', timeOptions: either(10) }], // it-082
    ['un colore venerdi 5 febbraio per favore', { date: '2027-02-05' }], // it-084
    ['taglio uomo giovedi 4 febbraio alle 17', { date: '2027-02-04', time: at(17) }], // it-085
    ["piega martedi 1 dicembre, c'e ancora posto?", { date: '2026-12-01' }], // it-086
  ])
})

describe('parseWhen — real customers, English', () => {
  table('en', [
    ['hi can i get a womens cut thurs 3rd dec at 11am', { date: '2026-12-03', time: at(11) }], // en-001
    ['colour on fri 4 dec 10am?', { date: '2026-12-04', time: at(10) }], // en-002
    ['beard trim wed 9th 6pm pls', { date: '2026-12-09', time: at(18) }], // en-003
    ['blow dry sat 12th dec at 2pm', { date: '2026-12-12', time: at(14) }], // en-004
    ['mens haircut tue 15 dec 12:30', { date: '2026-12-15', time: at(12, 30) }], // en-005
    ['balayage wed 16th at 10?', { date: '2026-12-16', timeOptions: either(10) }], // en-006
    ['womens haircut thu 17 dec 4pm', { date: '2026-12-17', time: at(16) }], // en-007
    ['mens cut fri 18th at 3:30pm', { date: '2026-12-18', time: at(15, 30) }], // en-008
    ['whats the earliest you have tue 22 dec for a blow dry?', { date: '2026-12-22', earliest: true }], // en-009
    ['earliest slot for colour on wed 23rd?', { date: '2026-12-23', earliest: true }], // en-010
    ['anything saturday 19th morning for a mens cut?', { date: '2026-12-19', partOfDay: 'morning' }], // en-011
    ['when could i come in thu 10 dec for a beard trim?', { date: '2026-12-10' }], // en-012
    ['sometime next week for a mens haircut', { range: { from: '2026-12-07', to: '2026-12-13' } }], // en-013
    ['at 2pm', { time: at(14) }], // en-013
    ['next week would be good for a colour', { range: { from: '2026-12-07', to: '2026-12-13' } }], // en-014
    [
      'womens haircut next wednesday at 11',
      { date: '2026-12-02', dateAlternatives: ['2026-12-02', '2026-12-09'], timeOptions: either(11) },
    ], // en-015
    [
      'wed 2 dec between 9 and 10 for a mens cut, what have you got?',
      { date: '2026-12-02', timeRange: { from: at(9), to: at(10) } },
    ], // en-016
    [
      'can i do wed 9 dec at 10am or 4pm for a blow dry?',
      { date: '2026-12-09', time: at(10), timeAlternatives: [at(10), at(16)] },
    ], // en-017
    [
      'thu 10 dec - 11am, 2pm or 5pm for a womens cut?',
      { date: '2026-12-10', time: at(11), timeAlternatives: [at(11), at(14), at(17)] },
    ], // en-018
    ['the 2nd', { date: '2026-12-02' }], // en-018
    ["what's the first free slot on friday for a men's haircut?", { date: '2026-12-04', earliest: true }], // en-019
    ['earliest appointment for a colour?', { earliest: true }], // en-020
    ['what do you have sat 5 dec for a beard trim?', { date: '2026-12-05' }], // en-021
    ['11:30 then', { timeOptions: either(11, 30) }], // en-021
    ['earliest on tue 8 dec for a womens haircut', { date: '2026-12-08', earliest: true }], // en-022
    ['fri 11 dec between 11 and 12 for a blow dry?', { date: '2026-12-11', timeRange: { from: at(11), to: at(12) } }], // en-023
    ['the earliest', { earliest: true }], // en-023
    ['at 3pm please', { time: at(15) }], // en-024
    ['wednesday 13 january', { date: '2027-01-13' }], // en-024
    ['afternoon would be best', { partOfDay: 'afternoon' }], // en-025
    ['thursday 14th jan', { date: '2027-01-14' }], // en-025
    ['2pm', { time: at(14) }], // en-025
    ['friday 15 jan', { date: '2027-01-15' }], // en-026
    ['around 10', { timeOptions: either(10), approximate: true }], // en-026
    ['saturday 16 jan at 10', { date: '2027-01-16', timeOptions: either(10) }], // en-027
    ['tue 19 jan at 4:30pm', { date: '2027-01-19', time: at(16, 30) }], // en-028
    ['wednesday 20th jan', { date: '2027-01-20' }], // en-029
    ['no actually thursday 21st', { date: '2027-01-21' }], // en-029
    ['at noon', { time: at(12) }], // en-029
    ['can i come in fri 22 jan?', { date: '2027-01-22' }], // en-030
    ['5pm', { time: at(17) }], // en-030
    ['mornings are best', { partOfDay: 'morning' }], // en-031
    ['tuesday 26th jan', { date: '2027-01-26' }], // en-031
    ['11:30', { timeOptions: either(11, 30) }], // en-031
    ['womens haircut wed 27 jan late morning', { date: '2027-01-27', partOfDay: 'morning', partOfDayEdge: 'late' }], // en-032
    ['11am', { time: at(11) }], // en-032
    ['mens cut thu 28 jan between 10 and 12', { date: '2027-01-28', timeRange: { from: at(10), to: at(12) } }], // en-033
    ['10:30 works', { timeOptions: either(10, 30) }], // en-033
    ['colour fri 29 jan late afternoon', { date: '2027-01-29', partOfDay: 'afternoon', partOfDayEdge: 'late' }], // en-034
    ['4pm', { time: at(16) }], // en-034
    ['blow dry this weekend?', { range: { from: '2026-12-05', to: '2026-12-06' } }], // en-035
    ['10am', { time: at(10) }], // en-035
    ['mens haircut the week after next, tuesday at 10', { date: '2026-12-15', timeOptions: either(10) }], // en-036
    ['beard trim two weeks from today at noon', { date: '2026-12-15', time: at(12) }], // en-037
    ['what have you got in february for a colour', { range: { from: '2027-02-01', to: '2027-02-28' } }], // en-038
    ['womens cut on the 2nd of january at 11', { date: '2027-01-02', timeOptions: either(11) }], // en-039
    ['mens haircut april 15th at 10am', { date: '2027-04-15', time: at(10) }], // en-040
    ['any chance of highlights in april?', { range: { from: '2027-04-01', to: '2027-04-30' } }], // en-041
    ['blow dry after work tue 2 feb', { date: '2027-02-02', partOfDay: 'evening' }], // en-042
    ['6pm', { time: at(18) }], // en-042
    ['mens cut wed 3 feb after 5pm', { date: '2027-02-03', timeRange: { from: at(17), to: at(24) } }], // en-043
    ['5:30', { timeOptions: either(5, 30) }], // en-043
    [
      'blow dry on the 5th of february around lunchtime',
      { date: '2027-02-05', partOfDay: 'midday', approximate: true },
    ], // en-044
    ['12:30', { time: at(12, 30) }], // en-044
    ['womens haircut on the 1st of february at 10', { date: '2027-02-01', timeOptions: either(10) }], // en-045
    ['balayage in 10 days at 9am', { date: '2026-12-11', time: at(9) }], // en-046
    ['womens hair cut thu 4 feb 2pm', { date: '2027-02-04', time: at(14) }], // en-047
    ['mens haircutt sat 6 feb 10am', { date: '2027-02-06', time: at(10) }], // en-048
    ['get my hair colored tue 9 feb 9am', { date: '2027-02-09', time: at(9) }], // en-049
    ['balayge wed 10 feb at 2', { date: '2027-02-10', timeOptions: either(2) }], // en-050
    ['blowout thu 11 feb 11am', { date: '2027-02-11', time: at(11) }], // en-051
    ['bread trim fri 12 feb 6pm lol i mean beard', { date: '2027-02-12', time: at(18) }], // en-052
    ['womens cut + blow dry sat 13 feb at 10 please', { date: '2027-02-13', timeOptions: either(10) }], // en-059
    ['2 mens cuts for me and my son tue 16 feb 3pm', { date: '2027-02-16', time: at(15) }], // en-060
    ['haircuts for me and my daughter wed 17 feb at 10', { date: '2027-02-17', timeOptions: either(10) }], // en-061
    ['a colour and a womens cut thu 18 feb 2pm', { date: '2027-02-18', time: at(14) }], // en-062
    ['mens haircut and a beard trim fri 19 feb 4pm', { date: '2027-02-19', time: at(16) }], // en-063
    ['balayage and colour sat 20 feb 2pm', { date: '2027-02-20', time: at(14) }], // en-064
    ['mens haircut tue 23 feb at 11am', { date: '2027-02-23', time: at(11) }], // en-069
    ['blow dry wed 24 feb 10am', { date: '2027-02-24', time: at(10) }], // en-071
    ['beard trim thu 25 feb 9:30am', { date: '2027-02-25', time: at(9, 30) }], // en-072
    ["can't make 9:30 anymore, 1pm same day ok?", { time: at(13), excluded: { times: [at(9, 30), at(21, 30)] } }], // en-072
    ['womens haircut sat 27 feb at 9am', { date: '2027-02-27', time: at(9) }], // en-074
    ['mens cut wed 30 dec at 10am pls, and do you take cards?', { date: '2026-12-30', time: at(10) }], // en-077
    ['hi, mens haircut wed 6 jan', { date: '2027-01-06' }], // en-078
    ['14:30', { time: at(14, 30) }], // en-078
    ["i'd like a blow dry thu 7 jan", { date: '2027-01-07' }], // en-079
    ['10:00', { timeOptions: either(10) }], // en-079
    ['colour fri 8 jan 10am', { date: '2027-01-08', time: at(10) }], // en-081
    ['colour on jan 8 at 10am', { date: '2027-01-08', time: at(10) }], // en-081
    ['womens haircut sat 9 jan please', { date: '2027-01-09' }], // en-082
    ['11:15', { timeOptions: either(11, 15) }], // en-082
    ['earliest for a mens cut tue 12 jan?', { date: '2027-01-12', earliest: true }], // en-083
    ['womens cut wed 30 dec 2pm possible?', { date: '2026-12-30', time: at(14) }], // en-084
    ['tomorrow at noon', { date: '2026-12-02', time: at(12) }], // en-085
  ])
})

/** Messages read in the conversation they belong to: the period or the day it speaks of. */
describe('parseWhen — real customers, in their conversation', () => {
  const nextWeek = { from: '2026-12-07', to: '2026-12-13' }
  const february = { from: '2027-02-01', to: '2027-02-28' }
  it.each<[string, Language, Omit<WhenContext, 'today' | 'language'>, When]>([
    // "la semaine pro" … "mardi vers 16h" (real-fr-010)
    ['mardi vers 16h', 'fr', { week: nextWeek }, { date: '2026-12-08', time: at(16), approximate: true }],
    // "le 1er février" is a Monday, closed … "le mardi 2" (real-fr-038)
    ['ah ok alors le mardi 2 a 10h', 'fr', { near: '2027-02-01' }, { date: '2027-02-02', time: at(10) }],
    // booked Thursday 4 February … "vendredi 5 même heure" (real-fr-073)
    ['je peux decaler a vendredi 5 meme heure ?', 'fr', { near: '2027-02-04' }, { date: '2027-02-05', sameTime: true }],
    // "irgendwann nächste Woche" … "dienstag" (real-de-013), "donnerstag um 9" (real-de-014)
    ['dienstag', 'de', { week: nextWeek }, { date: '2026-12-08' }],
    ['donnerstag um 9', 'de', { week: nextWeek }, { date: '2026-12-10', timeOptions: either(9) }],
    // "im Februar" … "am 3. um 10 Uhr" (real-de-038)
    ['am 3. um 10 uhr', 'de', { week: february }, { date: '2027-02-03', time: at(10) }],
    // "la settimana prossima" … "martedì alle 15" (real-it-010)
    ['martedi alle 15', 'it', { week: nextWeek }, { date: '2026-12-08', time: at(15) }],
    // "il 1° febbraio" is a Monday … "martedì 2" (real-it-039)
    ['allora martedi 2 alle 11', 'it', { near: '2027-02-01' }, { date: '2027-02-02', timeOptions: either(11) }],
    // "sometime next week" … "tuesday" (real-en-013), "friday at 3pm" (real-en-014)
    ['tuesday', 'en', { week: nextWeek }, { date: '2026-12-08' }],
    ['friday at 3pm', 'en', { week: nextWeek }, { date: '2026-12-11', time: at(15) }],
    // "in february" … "the 3rd at 10am" (real-en-038)
    ['the 3rd at 10am', 'en', { week: february }, { date: '2027-02-03', time: at(10) }],
    // booked Wednesday 24 February … "friday 26th at 4pm" (real-en-071)
    ['can i move it to friday 26th at 4pm?', 'en', { near: '2027-02-24' }, { date: '2027-02-26', time: at(16) }],
  ])('%s (%s, %j)', (text, language, context, expected) => {
    expect(parseWhen(text, { today: TODAY, language, ...context })).toEqual(expected)
  })
})
