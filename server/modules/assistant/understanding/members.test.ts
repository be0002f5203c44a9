import { describe, expect, it } from 'vitest'
import { type MemberRef, readMemberWish } from './members'

const LEA = { id: 'lea', name: 'Léa' }
const HUGO = { id: 'hugo', name: 'Hugo' }
const TOM = { id: 'tom', name: 'Tom' }
const GIULIA = { id: 'giulia', name: 'Giulia' }
const SAM = { id: 'sam', name: 'Sam' }
const ROSE = { id: 'rose', name: 'Rose' }
const WILL = { id: 'will', name: 'Will' }
const MARIE = { id: 'marie', name: 'Marie Dupont' }
const TEAM: MemberRef[] = [LEA, HUGO, TOM, GIULIA, SAM]

const read = (message: string, members: MemberRef[] = TEAM, answering = false) =>
  readMemberWish(message, { members, answering, known: ['Coupe femme', 'Brushing', 'Salon Lumière'] })

describe('a team member asked for by name', () => {
  it.each([
    // French
    ['Une coupe demain à 10h avec Léa', 'lea'],
    ['une coupe avec lea svp', 'lea'],
    ['AVEC LÉA', 'lea'],
    ['je veux Hugo', 'hugo'],
    ['je voudrais Hugo pour un brushing', 'hugo'],
    ['Léa si possible', 'lea'],
    ['demain 10h, Hugo si possible', 'hugo'],
    ['chez Hugo samedi', 'hugo'],
    ['plutôt Hugo', 'hugo'],
    ['Léa est libre jeudi ?', 'lea'],
    // German
    ['Einen Haarschnitt bei Tom am Freitag', 'tom'],
    ['mit Tom bitte', 'tom'],
    ['ich möchte zu Tom', 'tom'],
    ['Tom bitte', 'tom'],
    ['ist Tom frei am Montag?', 'tom'],
    // Italian
    ['Un taglio con Giulia sabato', 'giulia'],
    ['vorrei Giulia', 'giulia'],
    ['Giulia per favore', 'giulia'],
    ['da giulia alle 11', 'giulia'],
    // English
    ['A haircut with Sam on Friday', 'sam'],
    ['by Sam please', 'sam'],
    ["I'd like Sam", 'sam'],
    ['Sam if possible', 'sam'],
    ['is Sam free tomorrow?', 'sam'],
  ])('"%s" asks for %s', (message, id) => {
    expect(read(message)).toEqual({ kind: 'member', memberId: id })
  })

  it('reads a first name alone for a member with a full name, and a full name', () => {
    expect(read('avec Marie', [MARIE, HUGO])).toEqual({ kind: 'member', memberId: 'marie' })
    expect(read('avec Marie Dupont', [MARIE, HUGO])).toEqual({ kind: 'member', memberId: 'marie' })
  })

  it('allows a typo in a longer name, never in a short one', () => {
    expect(read('con Guilia', TEAM)).toEqual({ kind: 'member', memberId: 'giulia' })
    expect(read('avec Hogo', TEAM)).toEqual({ kind: 'unknown', name: 'Hogo' })
  })

  it('takes a bare name only as the answer to who', () => {
    expect(read('Hugo')).toBeUndefined()
    expect(read('Hugo', TEAM, true)).toEqual({ kind: 'member', memberId: 'hugo' })
    expect(read('oui, Hugo !', TEAM, true)).toEqual({ kind: 'member', memberId: 'hugo' })
    expect(read('Hugo demain à 10h', TEAM, true)).toBeUndefined()
  })

  it('reads two members named as either of them', () => {
    expect(read('avec Léa ou Hugo')).toEqual({ kind: 'anyone' })
    expect(read('mit Tom oder Sam')).toEqual({ kind: 'anyone' })
  })
})

describe('any member', () => {
  it.each([
    "n'importe qui",
    'peu importe qui',
    'pas de préférence',
    'egal wer',
    'Egal bei wem, Hauptsache morgen',
    'chiunque va bene',
    'non importa chi',
    'anyone is fine',
    'no preference',
  ])('"%s" clears the preference', (message) => {
    expect(read(message)).toEqual({ kind: 'anyone' })
  })

  it('reads "peu importe", "egal", "whatever" as any member only as the answer to who', () => {
    expect(read('peu importe le jour')).toBeUndefined()
    expect(read('peu importe', TEAM, true)).toEqual({ kind: 'anyone' })
    expect(read('egal', TEAM, true)).toEqual({ kind: 'anyone' })
    expect(read('whatever', TEAM, true)).toEqual({ kind: 'anyone' })
  })
})

describe('a name not on the team', () => {
  it.each([
    ['Une coupe avec Marie demain', 'Marie'],
    ['chez Madame Sophie', 'Sophie'],
    ['bei Sabine am Freitag', 'Sabine'],
    ['ich möchte zu Sabine, Damenhaarschnitt', 'Sabine'],
    ['con Francesca', 'Francesca'],
    ['with Jessica tomorrow', 'Jessica'],
  ])('"%s" names %s, who is not on the team', (message, name) => {
    expect(read(message)).toEqual({ kind: 'unknown', name })
  })
})

describe('no member read from unrelated words', () => {
  it.each([
    ['Une couleur rose si possible', [ROSE, HUGO]],
    ['une coloration rose avec des reflets', [ROSE, HUGO]],
    ['I will come tomorrow at 10', [WILL, SAM]],
    ['Will you be open on Saturday?', [WILL, SAM]],
    ['Bonjour Hugo ici, une coupe demain', TEAM],
    ['avec plaisir', TEAM],
    ['avec ma fille', TEAM],
    ['Avec Plaisir, merci', TEAM],
    ['chez vous demain à 10h', TEAM],
    ['Je viens chez Salon Lumière', TEAM],
    ['Damenhaarschnitt mit Föhnen', TEAM],
    ['bei Ihnen am Freitag', TEAM],
    ['Ich komme direkt von zu Hause', TEAM],
    ['con mia figlia', TEAM],
    ['with my daughter', TEAM],
    ['Un brushing avec Brushing', TEAM],
    ['by Monday please', TEAM],
  ] as const)('"%s"', (message, members) => {
    expect(read(message, [...members])).toBeUndefined()
  })

  it('reads a member called Rose or Will only in context', () => {
    expect(read('avec Rose', [ROSE, HUGO])).toEqual({ kind: 'member', memberId: 'rose' })
    expect(read('with Will please', [WILL, SAM])).toEqual({ kind: 'member', memberId: 'will' })
    expect(read('Rose si possible', [ROSE, HUGO])).toEqual({ kind: 'member', memberId: 'rose' })
  })
})
