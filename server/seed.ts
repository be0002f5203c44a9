import { MEMBER_COLOURS } from '@common/schemas/team'
import { instantToLocal, minutesOfDay } from '@common/time'
import type { Clock } from '@server/clock'
import { DEMO_AMBASSADOR } from '@server/config'
import {
  createAccessCode,
  findUsableAccessCode,
  listAccessCodes,
  revokeAccessCode,
} from '@server/modules/ambassadors/access-codes.usecases'
import { countAmbassadors, insertAmbassador } from '@server/modules/ambassadors/ambassadors.repository'
import { addServices } from '@server/modules/catalog/catalog.usecases'
import { renewMcpToken } from '@server/modules/mcp/mcp-token.usecases'
import { countSalons } from '@server/modules/salons/salons.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { resolvePointInTime } from '@server/modules/schedule/point-in-time'
import { insertTimeOff, replaceOpeningHours } from '@server/modules/schedule/schedule.repository'
import { insertMember, listMembers, updateMember } from '@server/modules/team/team.repository'
import { sql } from 'drizzle-orm'
import type { Database, Executor } from './db/client'

/** The demo salon of DESIGN.md and a demo ambassador, seeded so a newcomer has something to try. */

const hours = (weekday: number, opens: string, closes: string) => ({
  weekday,
  opensMinute: minutesOfDay(opens),
  closesMinute: minutesOfDay(closes),
})

export const DEMO_SALON = {
  name: 'Salon Lumière',
  contactEmail: 'salon.lumiere.demo@gmail.com',
  authorizedGoogleEmail: 'salon.lumiere.demo@gmail.com',
  address: '12 rue des Lilas, 75011 Paris',
  country: 'FR',
  timeZone: 'Europe/Paris',
  publicPhone: '01 43 55 20 20',
  practicalInfo:
    'Paiement par carte bancaire ou en espèces. Parking public à 50 m, rue des Lilas. Salon de plain-pied, accessible en fauteuil roulant.',
  practicalInfoTranslations: {
    de: 'Zahlung mit Karte oder bar. Öffentlicher Parkplatz 50 m entfernt, rue des Lilas. Salon ebenerdig und stufenlos, mit dem Rollstuhl zugänglich.',
    it: 'Pagamento con carta o in contanti. Parcheggio pubblico a 50 m, rue des Lilas. Salone al piano terra, accessibile in sedia a rotelle.',
    en: 'Card or cash. Public car park 50 m away, rue des Lilas. Step-free salon, wheelchair accessible.',
  },
}

/** The demo salon's team: Léa, its owner, and Hugo. */
export const DEMO_TEAM = ['Léa', 'Hugo'] as const

// The demo ambassador is known to the demo sign-in too (server/config.ts).
export { DEMO_AMBASSADOR } from './config'

/** The demo's ambassador access code (printed at start, written in the README): never in production. */
export const DEMO_ACCESS_CODE = 'DEMO-AMBASSADOR-2026'

/**
 * The demo salon's MCP token version as seeded (the column's default, bumped once when the seed
 * issues its token): the start-up printout shows the demo token only while it is that one.
 */
export const SEEDED_MCP_TOKEN_VERSION = 2

/** Arbitrary constant, distinct from the migrations' lock. */
const SEED_LOCK_ID = 72_616_874

// Weekday 0 = Monday: closed Monday and Sunday.
const DEMO_HOURS = [
  hours(1, '09:00', '19:00'),
  hours(2, '09:00', '19:00'),
  hours(3, '09:00', '19:00'),
  hours(4, '09:00', '19:00'),
  hours(5, '09:00', '17:00'),
]

const DEMO_SERVICES = [
  {
    name: 'Coupe femme',
    durationMinutes: 45,
    priceMinor: 4500,
    isActive: true,
    description: 'Shampooing, coupe et coiffage',
    descriptionTranslations: {
      de: 'Waschen, Schneiden und Styling',
      it: 'Shampoo, taglio e piega',
      en: 'Shampoo, cut and styling',
    },
  },
  {
    name: 'Coupe homme',
    durationMinutes: 30,
    priceMinor: 2500,
    isActive: true,
    description: 'Coupe aux ciseaux ou à la tondeuse',
    descriptionTranslations: {
      de: 'Schnitt mit Schere oder Maschine',
      it: 'Taglio con forbici o macchinetta',
      en: 'Scissor or clipper cut',
    },
  },
  {
    name: 'Brushing',
    durationMinutes: 30,
    priceMinor: 3000,
    isActive: true,
    description: 'Mise en forme au sèche-cheveux',
    descriptionTranslations: {
      de: 'Styling mit dem Föhn',
      it: 'Messa in piega con il phon',
      en: 'Shaped and styled with a hairdryer',
    },
  },
  {
    name: 'Coloration',
    durationMinutes: 90,
    // 30 minutes to apply, 40 to develop (the stylist free for another client), 20 to rinse and dry.
    processingAfterMinutes: 30,
    processingMinutes: 40,
    priceMinor: 6500,
    isActive: true,
    description: 'Couleur racines et longueurs',
    descriptionTranslations: {
      de: 'Farbe für Ansatz und Längen',
      it: 'Colore su radici e lunghezze',
      en: 'Colour on roots and lengths',
    },
  },
  {
    name: 'Balayage',
    durationMinutes: 120,
    priceMinor: 9500,
    isActive: true,
    description: 'Éclaircissement naturel à main levée',
    descriptionTranslations: {
      de: 'Natürliche Aufhellung, freihändig aufgetragen',
      it: 'Schiaritura naturale a mano libera',
      en: 'Natural freehand lightening',
    },
  },
  {
    name: 'Taille de barbe',
    durationMinutes: 20,
    priceMinor: 1500,
    isActive: true,
    description: 'Taille et contours à la tondeuse',
    descriptionTranslations: {
      de: 'Bart trimmen und Konturen mit der Maschine',
      it: 'Regolazione e contorni con la macchinetta',
      en: 'Trim and outline with clippers',
    },
  },
  {
    name: 'Permanente',
    durationMinutes: 120,
    priceMinor: 8000,
    isActive: false,
    description: 'Ondulation durable',
    descriptionTranslations: { de: 'Dauerhafte Wellen', it: 'Ondulazione duratura', en: 'Long-lasting waves' },
  },
]

/** The next Christmas closing (24 December 00:00 → 27 December 00:00) that has not ended yet. */
export function nextChristmasClosing(now: Date, timeZone: string): { start: string; end: string } {
  let year = Number(instantToLocal(now, timeZone).date.slice(0, 4))
  if (resolvePointInTime(`${year}-12-27`, timeZone).getTime() <= now.getTime()) year += 1
  return { start: `${year}-12-24`, end: `${year}-12-27` }
}

/**
 * Seeds the demo salon when the database has no salon yet, and the demo ambassador when it has no
 * ambassador yet (so a database created before ambassadors existed gets her too). Returns true
 * when it seeded anything.
 */
export async function seedDemoData(db: Database, clock: Clock): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Instances starting together on an empty database take turns: the second sees the first's
    // demo salon and seeds nothing (the lock ends with the transaction).
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`)
    const salonSeeded = await seedDemoSalon(tx, clock)
    const ambassadorSeeded = await seedDemoAmbassador(tx)
    const codeSeeded = await seedDemoAccessCode(tx, clock)
    return salonSeeded || ambassadorSeeded || codeSeeded
  })
}

async function seedDemoSalon(tx: Executor, clock: Clock): Promise<boolean> {
  if ((await countSalons(tx)) > 0) return false
  const salon = await createSalon(tx, { ...DEMO_SALON, isActive: true, createdAt: clock.now() })
  await replaceOpeningHours(tx, salon.id, DEMO_HOURS)
  // Two stylists working in parallel, both performing every service (added below).
  const [owner] = await listMembers(tx, salon.id)
  if (owner) await updateMember(tx, owner.member.id, { name: DEMO_TEAM[0] }, clock.now())
  await insertMember(tx, { salonId: salon.id, name: DEMO_TEAM[1], colour: MEMBER_COLOURS[1], position: 1 })
  // Their names in German, Italian and English come from the glossary of common service names.
  await addServices(
    tx,
    salon,
    DEMO_SERVICES.map((s, index) => ({ ...s, position: index + 1 })),
    clock.now(),
  )
  const christmas = nextChristmasClosing(clock.now(), salon.timeZone)
  await insertTimeOff(tx, {
    salonId: salon.id,
    startsAt: resolvePointInTime(christmas.start, salon.timeZone),
    endsAt: resolvePointInTime(christmas.end, salon.timeZone),
    reason: 'Fermeture de Noël',
  })
  // New salons start without an MCP token; the demo's has one so its MCP server works out of the box.
  await renewMcpToken(tx, clock, salon)
  return true
}

async function seedDemoAmbassador(tx: Executor): Promise<boolean> {
  if ((await countAmbassadors(tx)) > 0) return false
  // Another instance starting at the same moment may have inserted her: nothing to do then.
  return (await insertAmbassador(tx, DEMO_AMBASSADOR)) !== undefined
}

/**
 * A production server never honours the demo's public access code, even in a database that was
 * seeded before it went live: it is revoked at start. Returns true when it was still usable.
 */
export async function retireDemoAccessCode(db: Executor, clock: Clock): Promise<boolean> {
  const demo = await findUsableAccessCode(db, DEMO_ACCESS_CODE)
  if (!demo) return false
  await revokeAccessCode(db, clock, demo.id)
  return true
}

async function seedDemoAccessCode(tx: Executor, clock: Clock): Promise<boolean> {
  if ((await listAccessCodes(tx)).length > 0) return false
  await createAccessCode(tx, clock, { label: 'Demo', code: DEMO_ACCESS_CODE })
  return true
}
