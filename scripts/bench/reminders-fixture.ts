import { LANGUAGES, type Language } from '@common/languages'
import { REMINDER_HOURS } from '@common/schemas/reminders'
import { MEMBER_COLOURS } from '@common/schemas/team'
import { HOUR_MS } from '@common/time'
import type { Database } from '@server/db/client'
import { bookings, customers, teamMembers } from '@server/db/schema'
import { insertServices } from '@server/modules/catalog/catalog.repository'
import { planReminders } from '@server/modules/reminders/reminders.usecases'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { toE164 } from '@server/modules/sms/phone'
import { eq, sql } from 'drizzle-orm'

/**
 * The reminders benchmark's fixture (reminders.ts): `count` confirmed bookings that all start at the
 * same instant, so their 24-hour reminders are all due in the same minute. A member cannot hold two
 * bookings at once (the `bookings_no_overlap` exclusion constraint is per member), so there are as
 * many members: salons of SALON_SIZE, created as the product creates a salon (its owner member
 * included). Each booking has its own customer and phone number, written as customers type them
 * ("06 12 34 56 78") so the product's E.164 normalisation runs, in one of the four languages.
 * Members, customers and bookings are inserted in bulk; the reminders are planned by the product's
 * `planReminders`, one booking at a time, as a booking's transaction does.
 */

/**
 * Members (and bookings at the same instant) per salon: 500 salons for 10,000 bookings. Not 1,000
 * of 10: a salon's public ID is `'SAL' || lpad(n, 3, '0')` (migration 0000), and lpad cuts a
 * longer number to 3 characters, so the 1,000th salon would be SAL100 again (a unique violation).
 */
export const SALON_SIZE = 20
/** Tuesday 1 December 2026, 08:30 in Paris (fixtures.ts's BENCH_NOW): when the bookings are made and planned. */
export const PLANNED_AT = '2026-12-01T08:30:00+01:00'
/** Thursday 3 December 2026, 10:00 in Paris: every appointment. */
export const APPOINTMENT_AT = '2026-12-03T10:00:00+01:00'
const DURATION_MINUTES = 45
/** fr twice as often as each other language: salons in France, some foreign customers. */
const LANGUAGE_CYCLE: Language[] = ['fr', 'fr', 'de', 'it', 'en']
/** Rows per multi-row insert. */
const CHUNK = 1000

export interface RemindersFixture {
  salons: number
  members: number
  customers: number
  bookings: number
  languages: Record<Language, number>
  /** Each customer's number as the fake Twilio must receive it (E.164), one per booking. */
  recipients: Set<string>
  fixtureSeconds: number
  /** planReminders over every booking: reminder rows written, and how long it took. */
  planned: { reminders: number; seconds: number; concurrency: number }
}

/** The instant a kind of reminder of every appointment is due. */
export function dueAt(kind: keyof typeof REMINDER_HOURS): Date {
  return new Date(new Date(APPOINTMENT_AT).getTime() - REMINDER_HOURS[kind] * HOUR_MS)
}

/** "06 12 34 56 78" for index 345678: a valid French mobile number (06 12 …), distinct per index. */
function nationalMobile(index: number): string {
  const digits = String(index).padStart(6, '0')
  return `06 12 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`
}

export async function seedRemindersFixture(
  db: Database,
  count: number,
  options: { planConcurrency: number; log: (line: string) => void },
): Promise<RemindersFixture> {
  if (count > 1_000_000) throw new Error('The phone numbers of the fixture only go to 999,999')
  const started = performance.now()
  const salonCount = Math.ceil(count / SALON_SIZE)
  const startsAt = new Date(APPOINTMENT_AT)
  const endsAt = new Date(startsAt.getTime() + DURATION_MINUTES * 60_000)
  const languages = Object.fromEntries(LANGUAGES.map((l) => [l, 0])) as Record<Language, number>
  const recipients = new Set<string>()
  const bookingIds: string[] = []

  for (let s = 0; s < salonCount; s++) {
    const size = Math.min(SALON_SIZE, count - s * SALON_SIZE)
    const { salon, serviceId, memberIds } = await db.transaction(async (tx) => {
      const salon = await createSalon(tx, {
        name: `Reminder salon ${s + 1}`,
        contactEmail: `reminders-${s + 1}@example.com`,
        address: `${s + 1} rue des Rappels, 75011 Paris`,
        country: 'FR',
        timeZone: 'Europe/Paris',
        publicPhone: '01 43 55 20 20',
        isActive: true,
      })
      const [service] = await insertServices(tx, [
        {
          salonId: salon.id,
          name: 'Coupe femme',
          description: 'Shampooing, coupe et coiffage',
          durationMinutes: DURATION_MINUTES,
          priceMinor: 4500,
          isActive: true,
          position: 1,
        },
      ])
      // The owner member createSalon made, then the rest of the team.
      const owner = await tx.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.salonId, salon.id))
      const others =
        size > 1
          ? await tx
              .insert(teamMembers)
              .values(
                Array.from({ length: size - 1 }, (_, m) => ({
                  salonId: salon.id,
                  name: `Membre ${m + 2}`,
                  colour: MEMBER_COLOURS[(m + 1) % MEMBER_COLOURS.length] as string,
                  position: m + 1,
                })),
              )
              .returning({ id: teamMembers.id })
          : []
      if (!service) throw new Error('insertServices returned no service')
      return { salon, serviceId: service.id, memberIds: [...owner, ...others].map((m) => m.id) }
    })

    // One customer per member, each with their own number and language.
    const customerRows = memberIds.map((_, m) => {
      const index = s * SALON_SIZE + m
      const language = LANGUAGE_CYCLE[index % LANGUAGE_CYCLE.length] as Language
      languages[language]++
      const phone = nationalMobile(index)
      const e164 = toE164(phone, 'FR')
      if (!e164 || recipients.has(e164)) throw new Error(`Fixture phone ${phone} is not a distinct valid number`)
      recipients.add(e164)
      return { salonId: salon.id, name: `Client ${index + 1}`, phone, language }
    })
    const customerIds = await db.insert(customers).values(customerRows).returning({ id: customers.id })
    const bookingRows = memberIds.map((memberId, m) => ({
      salonId: salon.id,
      customerId: customerIds[m]?.id as string,
      serviceId,
      memberId,
      serviceName: 'Coupe femme',
      durationMinutes: DURATION_MINUTES,
      priceMinor: 4500,
      currency: 'EUR',
      startsAt,
      endsAt,
      status: 'confirmed' as const,
      channel: 'web' as const,
    }))
    for (let i = 0; i < bookingRows.length; i += CHUNK) {
      const ids = await db
        .insert(bookings)
        .values(bookingRows.slice(i, i + CHUNK))
        .returning({ id: bookings.id })
      bookingIds.push(...ids.map((r) => r.id))
    }
    if ((s + 1) % 200 === 0) options.log(`    ${(s + 1) * SALON_SIZE} bookings written`)
  }
  const fixtureSeconds = (performance.now() - started) / 1000

  // The product's planning, one booking at a time (a booking's transaction plans its own), a few at once.
  options.log(`    planning the reminders of ${bookingIds.length} bookings with planReminders …`)
  const planStarted = performance.now()
  const now = new Date(PLANNED_AT)
  let next = 0
  await Promise.all(
    Array.from({ length: options.planConcurrency }, async () => {
      for (let i = next++; i < bookingIds.length; i = next++) await planReminders(db, bookingIds[i] as string, now)
    }),
  )
  const planSeconds = (performance.now() - planStarted) / 1000
  const { rows } = (await db.execute(sql`select count(*)::int as count from booking_reminders`)) as unknown as {
    rows: { count: number }[]
  }
  return {
    salons: salonCount,
    members: bookingIds.length,
    customers: recipients.size,
    bookings: bookingIds.length,
    languages,
    recipients,
    fixtureSeconds,
    planned: { reminders: rows[0]?.count ?? 0, seconds: planSeconds, concurrency: options.planConcurrency },
  }
}
