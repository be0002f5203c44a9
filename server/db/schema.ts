import { LANGUAGES, type Language } from '@common/languages'
import {
  BOOKING_ACTORS,
  BOOKING_CHANNELS,
  BOOKING_EVENT_KINDS,
  BOOKING_NOTE_KINDS,
  BOOKING_STATUSES,
} from '@common/schemas/booking'
import { BOOKING_PAYMENT_STATES, PAYMENT_MOVEMENT_KINDS, type PaymentEvent } from '@common/schemas/payments'
import { REMINDER_KINDS, REMINDER_STATUSES } from '@common/schemas/reminders'
import { CALENDAR_BLOCKS } from '@common/schemas/team'
import { WAIT_PARTS, WAIT_STATUSES } from '@common/schemas/waiting-list'
import { REFERRAL_STATUSES } from '@common/schemas/waitlist'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

/**
 * The one database schema. Migrations under ./migrations are generated from it with
 * `npm run db:generate`; constraints drizzle-kit cannot express (the exclusion constraints that
 * forbid overlapping bookings and absences) are written by hand in the migration SQL.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A processing pause leaves 5 minutes of work on each side inside the service; clean-up up to 2 hours (common/service-phases.ts). */
const phasesCheck = (t: {
  durationMinutes: AnyPgColumn
  processingAfterMinutes: AnyPgColumn
  processingMinutes: AnyPgColumn
  cleanupMinutes: AnyPgColumn
}) =>
  sql`${t.cleanupMinutes} between 0 and 120 and (
    (${t.processingMinutes} = 0 and ${t.processingAfterMinutes} = 0)
    or (${t.processingMinutes} > 0 and ${t.processingAfterMinutes} >= 5
      and ${t.processingAfterMinutes} + ${t.processingMinutes} + 5 <= ${t.durationMinutes}))`
const createdAt = () => instant('created_at').notNull().defaultNow()
const updatedAt = () => instant('updated_at').notNull().defaultNow()

/** Numbers the public salon IDs: SAL001, SAL002, … */
export const salonNumberSeq = pgSequence('salon_number_seq', { startWith: 1 })

export const salons = pgTable(
  'salons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publicId: text('public_id')
      .notNull()
      .unique()
      // SAL001…SAL999, then SAL1000 and on: padded to ten digits, then stripped of leading zeros
      // down to three (one nextval; lpad alone cut 1000 to "100", a taken ID).
      .default(sql`('SAL' || regexp_replace(lpad(nextval('salon_number_seq')::text, 10, '0'), '^0{0,7}', ''))`),
    /** Unguessable identifier used in the customer chat link. */
    hash: text('hash').notNull().unique(),
    name: text('name').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** The Google account allowed to sign in for this salon. */
    authorizedGoogleEmail: text('authorized_google_email'),
    address: text('address').notNull(),
    country: text('country').notNull(),
    timeZone: text('time_zone').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped to revoke the salon's MCP token: the token is an HMAC over the salon and this number. */
    mcpTokenVersion: integer('mcp_token_version').notNull().default(1),
    /**
     * When the salon's current MCP token was issued; null while the salon has none (never issued,
     * or revoked). Only the token of the current version issued here is accepted.
     */
    mcpTokenIssuedAt: instant('mcp_token_issued_at'),
    /** When the salon's owner first signed in: from then on only the owner decides who may sign in. */
    ownerFirstSignedInAt: instant('owner_first_signed_in_at'),
    slotStepMinutes: smallint('slot_step_minutes').notNull().default(15),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(60),
    horizonDays: smallint('horizon_days').notNull().default(90),
    /** The number customers may call, as the salon writes it ("01 43 55 20 20"); the assistant gives it. */
    publicPhone: text('public_phone'),
    /** Payment methods, parking, access…: free text the assistant quotes to customers. */
    practicalInfo: text('practical_info'),
    /** The practical information in other languages, written by the owner: language → text. */
    practicalInfoTranslations: jsonb('practical_info_translations')
      .$type<Partial<Record<Language, string>>>()
      .notNull()
      .default({}),
    /**
     * What the events of the salon's own Google calendar block: 'salon', every member (the calendar
     * is the salon's), or 'owner', only the owner's member (the calendar is the owner's own diary).
     */
    calendarBlocks: text('calendar_blocks', { enum: CALENDAR_BLOCKS }).notNull().default('salon'),
    /** Reminders the customers get: the day before (24 h) and the same day (2 h). */
    remindDayBefore: boolean('remind_day_before').notNull().default(true),
    remindTwoHours: boolean('remind_two_hours').notNull().default(true),
    /** Whether reminders may go by SMS (when the server has an SMS provider and the customer a phone). */
    remindBySms: boolean('remind_by_sms').notNull().default(true),
    /**
     * The order reminders try the channels in, by name ('booked': the one the customer booked on);
     * null: that one first, then the others in the registry's order (reminders/channel-order.ts).
     */
    reminderChannels: text('reminder_channels').array(),
    /** Until how long before the appointment a customer may cancel or move it from their own page. */
    cancellationNoticeMinutes: integer('cancellation_notice_minutes').notNull().default(120),
    /** Instagram: the assistant answers every sender, not only the customers the owner whitelisted. */
    instagramReplyToEveryone: boolean('instagram_reply_to_everyone').notNull().default(false),
    /** Instagram: how long the assistant stays quiet with a customer after the owner answered by hand. */
    instagramPauseMinutes: integer('instagram_pause_minutes').notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('salons_country_alpha2', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('salons_cancellation_notice', sql`${t.cancellationNoticeMinutes} between 0 and 10080`),
    check('salons_slot_step_positive', sql`${t.slotStepMinutes} between 5 and 120`),
    check('salons_notice_non_negative', sql`${t.minimumNoticeMinutes} >= 0`),
    check('salons_horizon_positive', sql`${t.horizonDays} between 1 and 366`),
    check('salons_calendar_blocks', sql`${t.calendarBlocks} in ('salon', 'owner')`),
    check('salons_instagram_pause', sql`${t.instagramPauseMinutes} between 1 and 1440`),
  ],
)

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /**
     * The description in other languages than the salon's, written by the owner: language → text.
     * No glossary writes these (a description is the salon's own words): a language left out has none.
     */
    descriptionTranslations: jsonb('description_translations')
      .$type<Partial<Record<Language, string>>>()
      .notNull()
      .default({}),
    durationMinutes: integer('duration_minutes').notNull(),
    /** A processing pause (the member free meanwhile) starts this long after the start (0: none). */
    processingAfterMinutes: integer('processing_after_minutes').notNull().default(0),
    processingMinutes: integer('processing_minutes').notNull().default(0),
    /** The member's clean-up after the customer leaves. */
    cleanupMinutes: integer('cleanup_minutes').notNull().default(0),
    priceMinor: integer('price_minor').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('services_salon_name_unique').on(t.salonId, sql`lower(${t.name})`),
    check('services_duration_range', sql`${t.durationMinutes} between 5 and 720`),
    check('services_phases', phasesCheck(t)),
    check('services_price_non_negative', sql`${t.priceMinor} >= 0`),
  ],
)

export const TRANSLATION_SOURCES = ['glossary', 'owner'] as const

/**
 * A service's name in another language than the salon's own name for it (which stays the
 * reference). `glossary`: written from the built-in glossary when the service was created, imported
 * or renamed, and rewritten on the next rename; `owner`: entered by hand, never overwritten.
 */
export const serviceTranslations = pgTable(
  'service_translations',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    language: text('language', { enum: LANGUAGES }).notNull(),
    name: text('name').notNull(),
    source: text('source', { enum: TRANSLATION_SOURCES }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.language] }),
    check('service_translations_language', sql`${t.language} in ('fr', 'de', 'it', 'en')`),
    check('service_translations_source', sql`${t.source} in ('glossary', 'owner')`),
  ],
)

/**
 * Opening intervals. Weekday 0 = Monday … 6 = Sunday. Minutes after local midnight; a closing
 * minute past 1440 means the interval ends after midnight. Several rows per weekday express breaks.
 */
export const openingHours = pgTable(
  'opening_hours',
  {
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensMinute: smallint('opens_minute').notNull(),
    closesMinute: smallint('closes_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.salonId, t.weekday, t.opensMinute] }),
    check('opening_hours_weekday', sql`${t.weekday} between 0 and 6`),
    check(
      'opening_hours_range',
      sql`${t.opensMinute} >= 0 and ${t.opensMinute} < 1440 and ${t.closesMinute} > ${t.opensMinute} and ${t.closesMinute} <= ${t.opensMinute} + 1440`,
    ),
  ],
)

/**
 * The people who perform the services: a salon's team. Every salon has one member marked as its
 * owner (created with the salon), so a solo salon is a team of one. Each booking belongs to one
 * member, and a member is never booked twice at the same time (bookings_no_overlap).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** '#rrggbb': the member's column and bookings in the agenda. */
    colour: text('colour').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('team_members_salon_name_unique').on(t.salonId, sql`lower(${t.name})`),
    uniqueIndex('team_members_one_owner').on(t.salonId).where(sql`${t.isOwner}`),
    check('team_members_colour', sql`${t.colour} ~ '^#[0-9a-f]{6}$'`),
  ],
)

/** Which services a member performs. */
export const teamMemberServices = pgTable(
  'team_member_services',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.serviceId] }), index('team_member_services_service').on(t.serviceId)],
)

/**
 * A member's own weekly hours, read within the salon's (the engine intersects them). A member
 * without rows works whenever the salon is open.
 */
export const teamMemberHours = pgTable(
  'team_member_hours',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    opensMinute: smallint('opens_minute').notNull(),
    closesMinute: smallint('closes_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.weekday, t.opensMinute] }),
    check('team_member_hours_weekday', sql`${t.weekday} between 0 and 6`),
    check(
      'team_member_hours_range',
      sql`${t.opensMinute} >= 0 and ${t.opensMinute} < 1440 and ${t.closesMinute} > ${t.opensMinute} and ${t.closesMinute} <= ${t.opensMinute} + 1440`,
    ),
  ],
)

/**
 * Absences between starts_at and ends_at: the whole salon's (no booking at all) or one member's (no booking
 * with them). Absences of one owner (the salon, or one member) never overlap.
 */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    reason: text('reason'),
    /** Whose absence: one member's, or the whole salon's when null. */
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('time_off_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('time_off_salon_starts').on(t.salonId, t.startsAt),
  ],
)

/**
 * Time blocked every week at the same local hours — a lunch break, a Tuesday-morning training — for
 * one member or the whole salon (member_id null), on some weekdays (0 = Monday … 6 = Sunday), from
 * a first day to an optional last one (the salon's local dates, both included). The availability
 * read expands them into busy times in the salon's zone, so they follow daylight saving time.
 * One-off blocks of hours are absences (time_off) with their times.
 */
export const recurringBlocks = pgTable(
  'recurring_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    weekdays: smallint('weekdays').array().notNull(),
    startsMinute: smallint('starts_minute').notNull(),
    endsMinute: smallint('ends_minute').notNull(),
    firstDay: date('first_day', { mode: 'string' }).notNull(),
    lastDay: date('last_day', { mode: 'string' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'recurring_blocks_weekdays',
      sql`cardinality(${t.weekdays}) between 1 and 7 and ${t.weekdays} <@ '{0,1,2,3,4,5,6}'::smallint[]`,
    ),
    check(
      'recurring_blocks_range',
      sql`${t.startsMinute} >= 0 and ${t.endsMinute} > ${t.startsMinute} and ${t.endsMinute} <= 1440`,
    ),
    check('recurring_blocks_days', sql`${t.lastDay} is null or ${t.lastDay} >= ${t.firstDay}`),
    index('recurring_blocks_salon').on(t.salonId),
  ],
)

/**
 * How many times a salon's schedule changed: bumped by deferred triggers (migration 0027) when a
 * transaction that changed anything availability reads of the salon commits — hours, members, who
 * performs what, absences, blocks, bookings, calendar busy times, the salon row. Availability keeps
 * what it read under the version it read it at, and reads again only when the version moved, on
 * any instance (the version is here, not in one process). Bumped at commit so that the row's lock
 * is held for an instant, after the transaction's own writes.
 */
export const scheduleVersions = pgTable('schedule_versions', {
  salonId: uuid('salon_id')
    .primaryKey()
    .references(() => salons.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

export type RecurringBlockRow = typeof recurringBlocks.$inferSelect

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    /** Where the salon's changes to their appointments are told to them (given by the salon). */
    email: text('email'),
    language: text('language').notNull().default('fr'),
    /** The salon's private note on the customer (never shown to the customer, nor to the assistant). */
    notes: text('notes'),
    /** When the salon erased the customer's personal data (GDPR): the row stays for its bookings' figures. */
    erasedAt: instant('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('customers_salon').on(t.salonId)],
)

/** Who a customer is on a channel: a web chat user id, a Telegram chat id, an Instagram user id. */
export const customerIdentities = pgTable(
  'customer_identities',
  {
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    externalId: text('external_id').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.salonId, t.channel, t.externalId] }),
    index('customer_identities_customer').on(t.customerId),
  ],
)

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    /** Who performs it: never booked twice at once (the exclusion constraint is per member). */
    memberId: uuid('member_id')
      .notNull()
      .references(() => teamMembers.id, { onDelete: 'restrict' }),
    // What was sold, as it was when booked: later edits of the service do not rewrite history.
    serviceName: text('service_name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The service's phases as sold (services.processing_* and cleanup_minutes). */
    processingAfterMinutes: integer('processing_after_minutes').notNull().default(0),
    processingMinutes: integer('processing_minutes').notNull().default(0),
    cleanupMinutes: integer('cleanup_minutes').notNull().default(0),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    // `work_spans` (tstzmultirange, hand-written in migration 0023, not mapped here): the member's
    // working time — the stretches around a processing pause, and the clean-up — written by a
    // trigger from the columns above; the exclusion constraint forbids two of one member's overlapping.
    // Only 'cancelled' frees its time (the exclusion constraint's WHERE): a no-show or a completed
    // appointment keeps occupying it, as a confirmed one.
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    channel: text('channel', { enum: BOOKING_CHANNELS }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    cancelledAt: instant('cancelled_at'),
    /** Why the salon cancelled it, when it said (told to the customer). */
    cancelReason: text('cancel_reason'),
    /** The salon's private note on this booking: never shown to the customer nor to the assistant. */
    salonNote: text('salon_note'),
    /** While `held`: when the time is released if nothing confirmed it. */
    heldUntil: instant('held_until'),
  },
  (t) => [
    check('bookings_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_phases', phasesCheck(t)),
    check('bookings_status', sql`${t.status} in ('confirmed', 'pending', 'cancelled', 'no_show', 'completed', 'held')`),
    check('bookings_held_until', sql`(${t.status} = 'held') = (${t.heldUntil} is not null)`),
    check(
      'bookings_channel',
      sql`${t.channel} in ('web', 'telegram', 'instagram', 'whatsapp', 'mcp', 'dashboard', 'api')`,
    ),
    index('bookings_salon_starts').on(t.salonId, t.startsAt),
    index('bookings_customer').on(t.customerId),
    index('bookings_member_starts').on(t.memberId, t.startsAt),
    index('bookings_held').on(t.heldUntil).where(sql`${t.status} = 'held'`),
  ],
)

/**
 * What a customer told the salon about one of their bookings ("I'll be 10 minutes late"), shown to
 * the owner beside the booking and in its calendar event. One note per kind and booking: a later
 * one replaces it (the owner needs the latest word, not a history). `appointmentStartsAt` is the
 * start the note was about: once the booking moves, the note no longer applies and is not shown.
 */
export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BOOKING_NOTE_KINDS }).notNull(),
    /** How late, when the customer said it ("about 10 minutes"); null for "I'll be a bit late". */
    minutes: smallint('minutes'),
    appointmentStartsAt: instant('appointment_starts_at').notNull(),
    /** When the customer said it (the app's clock). */
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_notes_booking_kind').on(t.bookingId, t.kind),
    index('booking_notes_salon').on(t.salonId),
    check('booking_notes_kind', sql`${t.kind} in ('late')`),
    check('booking_notes_minutes', sql`${t.minutes} between 1 and 180`),
  ],
)

/**
 * A booking's history: what happened to it, who did it and through which channel, written in the
 * same transaction as the change. `toldBy`/`toldAt`: a change the salon made is told to the customer
 * by a job, which records here how it reached them (empty: neither) once it has run.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events were written in (several may share one instant). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BOOKING_EVENT_KINDS }).notNull(),
    actor: text('actor', { enum: BOOKING_ACTORS }).notNull(),
    channel: text('channel', { enum: BOOKING_CHANNELS }).notNull(),
    at: instant('at').notNull(),
    fromStartsAt: instant('from_starts_at'),
    fromMemberId: uuid('from_member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    toStartsAt: instant('to_starts_at'),
    toMemberId: uuid('to_member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    status: text('status', { enum: BOOKING_STATUSES }),
    reason: text('reason'),
    toldBy: text('told_by', { enum: ['email', 'web', 'telegram', 'instagram', 'whatsapp'] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the job telling the customer ran (null: nothing to tell, or not yet). */
    toldAt: instant('told_at'),
    /** The salon chose not to tell the customer of this change ("tell the customer?" unticked). */
    quiet: boolean('quiet').notNull().default(false),
    /** The customer is told no earlier than this: a move the salon may still undo (null: at once). */
    tellAfter: instant('tell_after'),
    /** This move takes back that one (the agenda's "undo"): the booking is where it was before it. */
    undoes: uuid('undoes').references((): AnyPgColumn => bookingEvents.id, { onDelete: 'cascade' }),
    /** payment: what happened to the money (common/schemas/payments.ts). */
    payment: jsonb('payment').$type<PaymentEvent>(),
  },
  (t) => [
    index('booking_events_booking').on(t.bookingId, t.seq),
    check(
      'booking_events_kind',
      sql`${t.kind} in ('created', 'moved', 'cancelled', 'status', 'note', 'late', 'erased', 'merged', 'payment')`,
    ),
    check('booking_events_actor', sql`${t.actor} in ('customer', 'salon', 'system')`),
    check(
      'booking_events_channel',
      sql`${t.channel} in ('web', 'telegram', 'instagram', 'whatsapp', 'mcp', 'dashboard', 'api')`,
    ),
  ],
)

/** Remembers the answer to a booking request sent with an Idempotency-Key, so a retry books once. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.salonId, t.key] })],
)

/**
 * Codes an administrator hands out so that a new ambassador may sign up. Only a hash is stored;
 * the code is shown once, when created.
 */
export const ambassadorAccessCodes = pgTable('ambassador_access_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  /** SHA-256 of the normalised code (upper case, no spaces). */
  codeHash: text('code_hash').notNull().unique(),
  /** The code's last four characters, to tell codes apart in a list. */
  hint: text('hint').notNull(),
  createdAt: createdAt(),
  revokedAt: instant('revoked_at'),
})

/** Sales referrers who bring salons in; each shares a referral link carrying their code. */
export const ambassadors = pgTable(
  'ambassadors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Stored upper-case, so a code typed in any case finds its owner through the unique index. */
    referralCode: text('referral_code').notNull().unique(),
    language: text('language', { enum: LANGUAGES }).notNull().default('fr'),
    isActive: boolean('is_active').notNull().default(true),
    /** The access code the ambassador signed up with. */
    accessCodeId: uuid('access_code_id').references(() => ambassadorAccessCodes.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ambassadors_email_unique').on(sql`lower(${t.email})`),
    check('ambassadors_referral_code_upper', sql`${t.referralCode} = upper(${t.referralCode})`),
    check('ambassadors_language', sql`${t.language} in ('fr', 'de', 'it', 'en')`),
  ],
)

/**
 * Waitlist entries: a salon asking to join, referred by an ambassador when it came with a code.
 * The code is kept even when no ambassador owns it (a typo, a deactivated ambassador), so a
 * referral can still be attributed by hand.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ambassadorId: uuid('ambassador_id').references(() => ambassadors.id, { onDelete: 'set null' }),
    referralCode: text('referral_code'),
    salonName: text('salon_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    phone: text('phone'),
    address: text('address').notNull(),
    country: text('country'),
    /** The visitor's language: the one to answer and contact them in. */
    language: text('language', { enum: LANGUAGES }).notNull().default('fr'),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    /** The salon created for this referral once converted. */
    salonId: uuid('salon_id').references(() => salons.id, { onDelete: 'set null' }),
    authorizedGoogleEmail: text('authorized_google_email'),
    convertedAt: instant('converted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per salon and contact: the database refuses the duplicate, even under races.
    uniqueIndex('referrals_contact_salon_unique').on(sql`lower(${t.contactEmail})`, sql`lower(${t.salonName})`),
    index('referrals_ambassador_created').on(t.ambassadorId, t.createdAt),
    index('referrals_salon').on(t.salonId),
    check('referrals_status', sql`${t.status} in ('pending', 'contacted', 'converted')`),
    check('referrals_language', sql`${t.language} in ('fr', 'de', 'it', 'en')`),
    check('referrals_country_alpha2', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('referrals_referral_code_upper', sql`${t.referralCode} = upper(${t.referralCode})`),
  ],
)

/**
 * One chat between a customer and a salon's assistant, on one channel (web link, Telegram,
 * Instagram, an MCP client): what the assistant remembers between messages lives in `state`, so a
 * restart or another instance continues the same dialogue.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['web', 'telegram', 'instagram', 'whatsapp', 'mcp'] }).notNull(),
    /** The chat's own id on its channel (the web chat's chatId, a Telegram chat id…). */
    chatId: text('chat_id').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    language: text('language', { enum: LANGUAGES }).notNull(),
    state: jsonb('state').notNull().default({}),
    messageCount: integer('message_count').notNull().default(0),
    /** Set when a message of this chat booked an appointment (admin figures: chats that booked). */
    bookedAt: instant('booked_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_chat_unique').on(t.salonId, t.channel, t.chatId),
    index('conversations_salon_updated').on(t.salonId, t.updatedAt),
    check('conversations_channel', sql`${t.channel} in ('web', 'telegram', 'instagram', 'whatsapp', 'mcp')`),
    check('conversations_language', sql`${t.language} in ('fr', 'de', 'it', 'en')`),
  ],
)

/**
 * What the salon told a customer through the web chat (a move, a cancellation): kept for the
 * customer's web identity at the salon, so whichever chat of theirs opens next shows it — a web
 * chat's own conversation lives in the browser tab and may be long gone.
 */
export const salonMessages = pgTable(
  'salon_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The booking event it tells of: one message per event, whatever the job's retries. */
    bookingEventId: uuid('booking_event_id')
      .notNull()
      .unique()
      .references(() => bookingEvents.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [index('salon_messages_customer').on(t.customerId, t.sentAt)],
)

// The kinds and statuses of reminders are shared with the dashboard: common/schemas/reminders.ts.
export { REMINDER_KINDS, REMINDER_STATUSES }

/**
 * The reminders of each booking, one per kind and appointment start: the unique key makes each
 * reminder exist once however often a booking is saved, on any instance; a move leaves the old
 * start's reminders cancelled and plans the new start's.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    /** The start of the appointment this reminder is about. */
    appointmentStartsAt: instant('appointment_starts_at').notNull(),
    dueAt: instant('due_at').notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull(),
    /** Why it was skipped, failed or cancelled (a stable code the dashboard translates). */
    reason: text('reason'),
    /** The channel that reached the customer. */
    channel: text('channel'),
    sentAt: instant('sent_at'),
    /** When that channel said the customer's phone has it, and when they read it (where it tells). */
    deliveredAt: instant('delivered_at'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_reminders_once').on(t.bookingId, t.kind, t.appointmentStartsAt),
    index('booking_reminders_due').on(t.dueAt).where(sql`${t.status} = 'planned'`),
    check('booking_reminders_kind', sql`${t.kind} in ('day_before', 'two_hours')`),
    check(
      'booking_reminders_status',
      sql`${t.status} in ('planned', 'queued', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`,
    ),
  ],
)

/** Each channel tried for a reminder, and what came of it. */
export const reminderAttempts = pgTable(
  'reminder_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => bookingReminders.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /**
     * sent; refused (this channel cannot reach the customer: the next one is tried); failed (an
     * error); undelivered (taken, then reported undeliverable: the next channel was tried).
     */
    outcome: text('outcome').notNull(),
    /** The provider's code and words for a refusal or failure; the provider's message id when sent. */
    detail: text('detail'),
    at: instant('at').notNull(),
  },
  (t) => [
    index('reminder_attempts_reminder').on(t.reminderId, t.at),
    check('reminder_attempts_outcome', sql`${t.outcome} in ('sent', 'refused', 'failed', 'undelivered')`),
  ],
)

/**
 * Signed-in browsers. The cookie carries a random token; only its SHA-256 is stored, so a copy of
 * the table opens no session. Staff sessions (a salon's professional, an administrator) and
 * ambassador sessions are separate kinds with separate cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['staff', 'ambassador'] }).notNull(),
    /** The salon a professional signed in for; null for an administrator's own sign-in. */
    salonId: uuid('salon_id').references(() => salons.id, { onDelete: 'cascade' }),
    ambassadorId: uuid('ambassador_id').references(() => ambassadors.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    /** Idle expiry, pushed forward while the session is used (sliding renewal). */
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    index('sessions_salon').on(t.salonId),
    index('sessions_expires').on(t.expiresAt),
    check('sessions_kind', sql`${t.kind} in ('staff', 'ambassador')`),
  ],
)

/**
 * Sign-ins on their way through Google: the state parameter names one row, which is deleted when
 * the browser comes back (single use) and is only valid for a few minutes.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 of the state's random part. */
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['professional', 'admin', 'ambassador', 'instagram', 'microsoft'] }).notNull(),
    salonId: uuid('salon_id').references(() => salons.id, { onDelete: 'cascade' }),
    /** PKCE code verifier, encrypted like every other secret; null for Instagram (Meta has no PKCE). */
    codeVerifier: text('code_verifier'),
    /** Anything the purpose needs when the browser comes back (an ambassador's access code…), encrypted. */
    payload: text('payload'),
    /**
     * SHA-256 of the random value in the starting browser's sign-in cookie: only that browser can
     * complete the sign-in (the value cannot be derived from the state, which travels in URLs).
     */
    bindingHash: text('binding_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    index('oauth_states_expires').on(t.expiresAt),
    check(
      'oauth_states_purpose',
      sql`${t.purpose} in ('professional', 'admin', 'ambassador', 'instagram', 'microsoft')`,
    ),
  ],
)

/**
 * A salon's Google account and its OAuth tokens (encrypted with a key derived from APP_SECRET).
 * Its calendar's synchronisation state lives in calendar_connections, as every provider's does.
 */
export const googleAccounts = pgTable('google_accounts', {
  salonId: uuid('salon_id')
    .primaryKey()
    .references(() => salons.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token'),
  accessTokenExpiresAt: instant('access_token_expires_at'),
  scopes: text('scopes').notNull(),
  connectedAt: instant('connected_at').notNull(),
  updatedAt: updatedAt(),
})

/**
 * A calendar a salon connected: Google's (the owner's sign-in), an Outlook one, a CalDAV
 * collection. Bookings are written to the one that `writesBookings`; every connected calendar's
 * own events block times. The provider is a name from the plug-in registry: the core names none.
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    /** A team member's own calendar (issue 43): blocks their times only, never receives bookings. */
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Who it belongs to, as the card shows it: an e-mail address or a user name. */
    account: text('account').notNull(),
    /** The provider's name of the calendar: 'primary', a Graph calendar id, a CalDAV collection URL. */
    calendarRef: text('calendar_ref').notNull(),
    calendarName: text('calendar_name'),
    writesBookings: boolean('writes_bookings').notNull().default(false),
    /** What the provider needs to reach it, sealed with APP_SECRET (null: kept elsewhere, as Google's tokens). */
    credentials: text('credentials'),
    /** Where the next read resumes: a sync token, a delta link, a ctag; null: a full read. */
    cursor: text('cursor'),
    /** The end of the window the cursor covers, for providers that read a window (Graph, CalDAV). */
    windowEnd: instant('window_end'),
    /** The provider no longer accepts our access: the owner must connect it again. */
    reconnectRequiredAt: instant('reconnect_required_at'),
    /** Why the last call to the provider failed (a stable code), cleared by the next success. */
    lastError: text('last_error'),
    lastErrorAt: instant('last_error_at'),
    /** When the calendar's changes were last read. */
    lastPulledAt: instant('last_pulled_at'),
    /** The end of the last complete synchronisation (changes read, bookings written). */
    lastSyncedAt: instant('last_synced_at'),
    /** What the last synchronisation a person asked for changed in the calendar. */
    lastSyncCounts: jsonb('last_sync_counts').$type<{ created: number; updated: number; removed: number }>(),
    /** The provider's push channel (Google's watch, Graph's subscription), when the server can receive it. */
    channelId: text('channel_id'),
    channelResourceId: text('channel_resource_id'),
    /** SHA-256 of the channel's secret: a notification must bring the secret itself. */
    channelTokenHash: text('channel_token_hash'),
    channelExpiresAt: instant('channel_expires_at'),
    /** The provider asked us to wait (HTTP 429 and Retry-After) until then. */
    throttledUntil: instant('throttled_until'),
    /** Failed reads in a row: the polling backs off. */
    failures: integer('failures').notNull().default(0),
    connectedAt: instant('connected_at').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('calendar_connections_calendar').on(t.salonId, t.provider, t.account, t.calendarRef),
    uniqueIndex('calendar_connections_one_writer').on(t.salonId).where(sql`${t.writesBookings}`),
    index('calendar_connections_channel').on(t.channelId),
    check('calendar_connections_writer_is_the_salons', sql`not ${t.writesBookings} or ${t.memberId} is null`),
  ],
)

/**
 * A booking's event in one of its salon's calendars: the provider's id of it (a Google event id,
 * a Graph event id, a CalDAV object href) and a fingerprint of what was last written there, so an
 * unchanged booking costs no call.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** The provider's version of the event as we wrote it (a CalDAV ETag), when it has one. */
    etag: text('etag'),
    /** How many times the provider told us the event was gone and we wrote it anew (Graph's transactionId). */
    sequence: integer('sequence').notNull().default(0),
    /** 'present': the event shows the booking; 'removed': deleted after a cancellation. */
    state: text('state', { enum: ['present', 'removed'] }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    pushedAt: instant('pushed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.calendarId] }),
    check('calendar_events_state', sql`${t.state} in ('present', 'removed')`),
    index('calendar_events_salon').on(t.salonId),
    index('calendar_events_calendar').on(t.calendarId),
  ],
)

/**
 * The salon's own events, from every calendar it connected, that make it busy (not our bookings'
 * events, not transparent or cancelled ones), kept here so availability never calls a provider.
 */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** The calendar object that gave this row (a CalDAV href: a recurring object gives several). */
    objectId: text('object_id'),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    /** The event's title as the calendar gave it (shown to the owner when it overlaps a booking). */
    summary: text('summary'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.calendarId, t.eventId] }),
    index('calendar_busy_times_object').on(t.calendarId, t.objectId),
    check('calendar_busy_times_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)

/**
 * Every e-mail the product sends, kept as sent (or as it would have been: without SMTP_URL the
 * outbox is where mails go, and the log says so).
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Why it was written: 'salon_activated', … */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    /** The SMTP server's refusal, when sending failed. */
    error: text('error'),
  },
  (t) => [index('outbox_emails_created').on(t.createdAt)],
)

export type SalonRow = typeof salons.$inferSelect
export type ServiceRow = typeof services.$inferSelect
export type OpeningHoursRow = typeof openingHours.$inferSelect
export type TimeOffRow = typeof timeOff.$inferSelect
export type TeamMemberRow = typeof teamMembers.$inferSelect
export type CustomerRow = typeof customers.$inferSelect
export type BookingRow = typeof bookings.$inferSelect
export type BookingNoteRow = typeof bookingNotes.$inferSelect
export type BookingEventRow = typeof bookingEvents.$inferSelect
export type ServiceTranslationRow = typeof serviceTranslations.$inferSelect
export type AmbassadorRow = typeof ambassadors.$inferSelect
export type ReferralRow = typeof referrals.$inferSelect
export type ConversationRow = typeof conversations.$inferSelect
export type SalonMessageRow = typeof salonMessages.$inferSelect
export type BookingReminderRow = typeof bookingReminders.$inferSelect
export type ReminderAttemptRow = typeof reminderAttempts.$inferSelect
export type SessionRow = typeof sessions.$inferSelect
export type AccessCodeRow = typeof ambassadorAccessCodes.$inferSelect
export type OutboxEmailRow = typeof outboxEmails.$inferSelect
export type OAuthStateRow = typeof oauthStates.$inferSelect
export type GoogleAccountRow = typeof googleAccounts.$inferSelect
export type CalendarConnectionRow = typeof calendarConnections.$inferSelect
export type CalendarEventRow = typeof calendarEvents.$inferSelect
export type CalendarBusyTimeRow = typeof calendarBusyTimes.$inferSelect

/**
 * Request counters of the rate limits, shared by every instance: one row per limit and client (or
 * chat, or salon) for the current window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: instant('resets_at').notNull(),
  },
  (t) => [index('rate_limits_resets_at').on(t.resetsAt)],
)

/**
 * The platform's Telegram bot as `getMe` described it at the last start (its username makes the
 * salons' `t.me` links, read by any instance), and, in polling mode, the next update to ask for.
 */
export const telegramBot = pgTable(
  'telegram_bot',
  {
    id: smallint('id').primaryKey().default(1),
    botId: bigint('bot_id', { mode: 'number' }).notNull(),
    username: text('username').notNull(),
    /** getMe's User object, given to grammY so it never asks again. */
    info: jsonb('info').notNull(),
    /** getUpdates' offset: the first update not yet stored. */
    pollOffset: bigint('poll_offset', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  () => [check('telegram_bot_one_row', sql`id = 1`)],
)

/**
 * A Telegram chat that wrote to the bot. A private chat's id is its user's id; the salon is the one
 * whose link (`/start <hash>`) the customer opened last, so later messages go to it.
 */
export const telegramChats = pgTable('telegram_chats', {
  chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
  salonId: uuid('salon_id').references(() => salons.id, { onDelete: 'set null' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** Telegram's language_code (an IETF tag such as 'de' or 'pt-br'), the reply language's fallback. */
  languageCode: text('language_code'),
  /** The number the customer shared with the "share my phone number" button (their own only). */
  phone: text('phone'),
  /** The customer blocked the bot: nothing is sent until they write again. */
  blockedAt: instant('blocked_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Updates as Telegram delivered them, kept a week: the primary key makes a redelivered update
 * (Telegram retries when unsure) a no-op, and the job that answers a chat works through its
 * pending ones in order.
 */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint('update_id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    update: jsonb('update').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [
    index('telegram_updates_chat').on(t.chatId, t.updateId).where(sql`${t.status} = 'pending'`),
    index('telegram_updates_received').on(t.receivedAt),
    check('telegram_updates_status', sql`${t.status} in ('pending', 'done', 'failed')`),
  ],
)

/**
 * What the bot has to say to a chat, written in the transaction that decided it (the assistant's
 * answer, a salon's change) and sent in order by the chat's delivery job. `partsSent` lets a retry
 * resume after the last part Telegram accepted, so no part is sent twice.
 */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['reply', 'salon_change'] }).notNull(),
    /** The booking event a salon change tells of: one message per event, whatever the retries. */
    bookingEventId: uuid('booking_event_id')
      .unique()
      .references(() => bookingEvents.id, { onDelete: 'cascade' }),
    parts: jsonb('parts').notNull(),
    partsSent: smallint('parts_sent').notNull().default(0),
    status: text('status', { enum: ['queued', 'sent', 'blocked', 'failed'] })
      .notNull()
      .default('queued'),
    /** Why it was not sent (Telegram's words for a refusal). */
    reason: text('reason'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('telegram_outbox_queued').on(t.chatId, t.seq).where(sql`${t.status} = 'queued'`),
    check('telegram_outbox_kind', sql`${t.kind} in ('reply', 'salon_change')`),
    check('telegram_outbox_status', sql`${t.status} in ('queued', 'sent', 'blocked', 'failed')`),
  ],
)

export type TelegramBotRow = typeof telegramBot.$inferSelect
export type TelegramChatRow = typeof telegramChats.$inferSelect
export type TelegramUpdateRow = typeof telegramUpdates.$inferSelect
export type TelegramOutboxRow = typeof telegramOutbox.$inferSelect

/**
 * A salon's Instagram professional account, connected by Business Login. `igUserId` is the id Meta
 * names the account by in webhooks (`entry.id`, `/me`'s `user_id`): unique, so one account cannot
 * answer for two salons. The long-lived token is encrypted like every other secret.
 */
export const instagramAccounts = pgTable('instagram_accounts', {
  salonId: uuid('salon_id')
    .primaryKey()
    .references(() => salons.id, { onDelete: 'cascade' }),
  igUserId: text('ig_user_id').notNull().unique(),
  /** `/me`'s `id`, the app-scoped id: kept for support, never used to route. */
  appScopedId: text('app_scoped_id'),
  username: text('username').notNull(),
  accessToken: text('access_token').notNull(),
  /** When the current token was issued (Meta refreshes only tokens at least 24 hours old). */
  tokenIssuedAt: instant('token_issued_at').notNull(),
  tokenExpiresAt: instant('token_expires_at').notNull(),
  /** Since when Meta sends this account's messages to our webhook; null: to be retried. */
  subscribedAt: instant('subscribed_at'),
  /** Meta refused the token (revoked, expired): the owner must connect again. */
  reconnectRequiredAt: instant('reconnect_required_at'),
  lastError: text('last_error'),
  lastErrorAt: instant('last_error_at'),
  connectedAt: instant('connected_at').notNull(),
  updatedAt: updatedAt(),
})

/**
 * Someone who wrote to a salon's Instagram account. Instagram-scoped ids are per professional
 * account, so the account is part of the key: another account starts another list. The status the
 * owner sees (active, paused, cooldown, blocked) is computed from the dates, so nothing has to flip
 * back when a pause ends.
 */
export const instagramUsers = pgTable(
  'instagram_users',
  {
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    igAccountId: text('ig_account_id').notNull(),
    userId: text('user_id').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    firstMessageAt: instant('first_message_at').notNull(),
    /** The customer's last message as Meta dated it: Meta's 24-hour window to answer starts there. */
    lastMessageAt: instant('last_message_at').notNull(),
    whitelisted: boolean('whitelisted').notNull().default(false),
    pausedUntil: instant('paused_until'),
    cooldownUntil: instant('cooldown_until'),
    /** Cooldowns in the last day; the third blocks the sender until the owner lifts it. */
    strikes: smallint('strikes').notNull().default(0),
    lastStrikeAt: instant('last_strike_at'),
    blockedAt: instant('blocked_at'),
    /** Name and handle from Meta's User Profile API, when it answered. */
    name: text('name'),
    username: text('username'),
    /** When the assistant last said it is an automated assistant (again after a day or a takeover). */
    disclosedAt: instant('disclosed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.salonId, t.igAccountId, t.userId] }),
    index('instagram_users_recent').on(t.salonId, t.igAccountId, t.lastMessageAt),
  ],
)

/**
 * Messages as Meta's webhook delivered them, kept a week (Meta retries for 36 hours): the message
 * id as key makes a retry a no-op, and the job that answers a customer works through theirs in
 * order. Texts of senders the assistant does not answer are cleared once decided: counted, not read.
 */
export const instagramEvents = pgTable(
  'instagram_events',
  {
    mid: text('mid').primaryKey(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    igAccountId: text('ig_account_id').notNull(),
    userId: text('user_id').notNull(),
    /** 'in': the customer wrote; 'echo': the account wrote (our assistant, or the owner by hand). */
    direction: text('direction', { enum: ['in', 'echo'] }).notNull(),
    text: text('text'),
    /** A picture, a voice note, a shared post… without text. */
    attachment: boolean('attachment').notNull().default(false),
    /** Meta's timestamp of the message. */
    sentAt: instant('sent_at').notNull(),
    receivedAt: instant('received_at').notNull(),
    status: text('status', { enum: ['pending', 'done', 'ignored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [
    index('instagram_events_pending').on(t.salonId, t.userId, t.sentAt).where(sql`${t.status} = 'pending'`),
    index('instagram_events_recent').on(t.salonId, t.igAccountId, t.sentAt),
    check('instagram_events_direction', sql`${t.direction} in ('in', 'echo')`),
    check('instagram_events_status', sql`${t.status} in ('pending', 'done', 'ignored', 'failed')`),
  ],
)

/**
 * What the assistant has to say to an Instagram customer, written in the transaction that decided
 * it and sent in order by the customer's delivery job; `partsSent` lets a retry resume after the
 * last part Meta accepted.
 */
export const instagramOutbox = pgTable(
  'instagram_outbox',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['reply', 'salon_change', 'notice'] }).notNull(),
    bookingEventId: uuid('booking_event_id')
      .unique()
      .references(() => bookingEvents.id, { onDelete: 'cascade' }),
    parts: jsonb('parts').$type<string[]>().notNull(),
    /** Answers offered to tap under the last part (Meta's quick replies): the button, and the words it sends. */
    quickReplies: jsonb('quick_replies').$type<{ title: string; payload: string }[]>(),
    partsSent: smallint('parts_sent').notNull().default(0),
    status: text('status', { enum: ['queued', 'sent', 'expired', 'cancelled', 'failed'] })
      .notNull()
      .default('queued'),
    reason: text('reason'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('instagram_outbox_queued').on(t.salonId, t.userId, t.seq).where(sql`${t.status} = 'queued'`),
    check('instagram_outbox_kind', sql`${t.kind} in ('reply', 'salon_change', 'notice')`),
    check('instagram_outbox_status', sql`${t.status} in ('queued', 'sent', 'expired', 'cancelled', 'failed')`),
  ],
)

/**
 * Messages we sent, to tell our own echoes from the owner's hand-written answers. A claim is written
 * before the send (Meta's echo may arrive before its answer to the send), the message id after.
 */
export const instagramSent = pgTable(
  'instagram_sent',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    mid: text('mid').unique(),
    textHash: text('text_hash').notNull(),
    claimedAt: instant('claimed_at').notNull(),
  },
  (t) => [index('instagram_sent_claims').on(t.salonId, t.userId, t.textHash)],
)

export type InstagramAccountRow = typeof instagramAccounts.$inferSelect
export type InstagramUserRow = typeof instagramUsers.$inferSelect
export type InstagramEventRow = typeof instagramEvents.$inferSelect
export type InstagramOutboxRow = typeof instagramOutbox.$inferSelect

/**
 * The waiting list for full days (common/schemas/waiting-list.ts): a customer waiting for a time on
 * one day of the salon's calendar (or its morning or afternoon), for some services, maybe with one
 * member. While `offered`, `offer_starts_at` is the time they were told of; every start ever offered
 * is kept in `offered_starts`, so nobody is offered the same time twice (a no, or a time taken and
 * freed again). `last_told` is the claim of the last message (its key), written before the message
 * goes out: a job's retry never tells the same thing twice.
 */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    serviceIds: uuid('service_ids').array().notNull(),
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    part: text('part', { enum: WAIT_PARTS }).notNull(),
    status: text('status', { enum: WAIT_STATUSES }).notNull().default('waiting'),
    channel: text('channel', { enum: BOOKING_CHANNELS }).notNull(),
    offerStartsAt: instant('offer_starts_at'),
    offeredStarts: timestamp('offered_starts', { withTimezone: true, mode: 'date' })
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    lastTold: text('last_told'),
    toldBy: text('told_by'),
    toldAt: instant('told_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('waiting_list_part', sql`${t.part} in ('day', 'morning', 'afternoon')`),
    check('waiting_list_status', sql`${t.status} in ('waiting', 'offered', 'booked', 'removed')`),
    check('waiting_list_services', sql`cardinality(${t.serviceIds}) between 1 and 8`),
    check('waiting_list_offer', sql`(${t.status} = 'offered') = (${t.offerStartsAt} is not null)`),
    // One place per customer and day: a second ask is the same wish.
    uniqueIndex('waiting_list_one_per_day')
      .on(t.salonId, t.customerId, t.day)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waiting_list_salon_day').on(t.salonId, t.day, t.createdAt),
  ],
)

export type WaitingListEntryRow = typeof waitingListEntries.$inferSelect

/**
 * A salon's WhatsApp Business number, connected by Embedded Signup. `phoneNumberId` routes Meta's
 * notifications (`metadata.phone_number_id`): unique, so one number cannot answer for two salons.
 * The business token and the number's two-step PIN are encrypted like every other secret. The
 * number's facts (display number, name, quality, limit) are read by a job and kept here: the card
 * never calls Meta.
 */
export const whatsappAccounts = pgTable('whatsapp_accounts', {
  salonId: uuid('salon_id')
    .primaryKey()
    .references(() => salons.id, { onDelete: 'cascade' }),
  wabaId: text('waba_id').notNull(),
  phoneNumberId: text('phone_number_id').notNull().unique(),
  /** connecting: the signup's code is being exchanged and the number set up by a job; connected; failed. */
  state: text('state', { enum: ['connecting', 'connected', 'failed'] }).notNull(),
  /** Embedded Signup's code, sealed, until the job exchanges it (then wiped). */
  pendingCode: text('pending_code'),
  accessToken: text('access_token'),
  pin: text('pin').notNull(),
  displayPhoneNumber: text('display_phone_number'),
  verifiedName: text('verified_name'),
  qualityRating: text('quality_rating'),
  messagingLimit: text('messaging_limit'),
  registeredAt: instant('registered_at'),
  subscribedAt: instant('subscribed_at'),
  factsReadAt: instant('facts_read_at'),
  /** Meta refused the token (revoked, expired): the owner must connect again; nothing is sent meanwhile. */
  reconnectRequiredAt: instant('reconnect_required_at'),
  lastError: text('last_error'),
  lastErrorAt: instant('last_error_at'),
  connectedAt: instant('connected_at').notNull(),
  updatedAt: updatedAt(),
})

/** The salon's message templates (reminder, change notice) per language, as Meta approved them. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** Meta's status: PENDING, APPROVED, REJECTED, PAUSED, DISABLED…; null: not created yet. */
    status: text('status'),
    templateId: text('template_id'),
    reason: text('reason'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.salonId, t.name, t.language] })],
)

/**
 * Someone who wrote to a salon's WhatsApp number, by their WhatsApp id (their phone number's
 * digits). `lastMessageAt` opens WhatsApp's 24 hours for free-form messages. `reminders`: whether
 * they want their reminders on WhatsApp (asked once, after their first booking).
 */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    /** The name of their WhatsApp profile, as the notification gave it. */
    profileName: text('profile_name'),
    messageCount: integer('message_count').notNull().default(0),
    firstMessageAt: instant('first_message_at').notNull(),
    lastMessageAt: instant('last_message_at').notNull(),
    pausedUntil: instant('paused_until'),
    cooldownUntil: instant('cooldown_until'),
    strikes: smallint('strikes').notNull().default(0),
    lastStrikeAt: instant('last_strike_at'),
    blockedAt: instant('blocked_at'),
    disclosedAt: instant('disclosed_at'),
    reminders: text('reminders', { enum: ['unasked', 'asked', 'yes', 'no'] })
      .notNull()
      .default('unasked'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.salonId, t.waId] }),
    check('whatsapp_contacts_reminders', sql`${t.reminders} in ('unasked', 'asked', 'yes', 'no')`),
  ],
)

/**
 * Messages as Meta's webhook delivered them: the wamid as key makes a retry a no-op; the job that
 * answers a customer works through theirs in order. 'echo': the salon wrote from the WhatsApp
 * Business app on the same number (coexistence).
 */
export const whatsappInbox = pgTable(
  'whatsapp_inbox',
  {
    wamid: text('wamid').primaryKey(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    /** The customer's WhatsApp profile name, as this notification gave it. */
    profileName: text('profile_name'),
    direction: text('direction', { enum: ['in', 'echo'] }).notNull(),
    text: text('text'),
    attachment: boolean('attachment').notNull().default(false),
    sentAt: instant('sent_at').notNull(),
    receivedAt: instant('received_at').notNull(),
    status: text('status', { enum: ['pending', 'done', 'ignored', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [
    index('whatsapp_inbox_pending').on(t.salonId, t.waId, t.sentAt).where(sql`${t.status} = 'pending'`),
    index('whatsapp_inbox_customer').on(t.salonId, t.waId, t.sentAt),
    check('whatsapp_inbox_direction', sql`${t.direction} in ('in', 'echo')`),
    check('whatsapp_inbox_status', sql`${t.status} in ('pending', 'done', 'ignored', 'failed')`),
  ],
)

/**
 * What is to be said to a WhatsApp customer, written in the transaction that decided it and sent in
 * order by the customer's delivery job; `partsSent` lets a retry resume after the last part Meta
 * accepted. Parts are WhatsApp messages: text, buttons, a list, a document, a template.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    kind: text('kind', { enum: ['reply', 'salon_change'] }).notNull(),
    bookingEventId: uuid('booking_event_id')
      .unique()
      .references(() => bookingEvents.id, { onDelete: 'cascade' }),
    parts: jsonb('parts').$type<unknown[]>().notNull(),
    partsSent: smallint('parts_sent').notNull().default(0),
    status: text('status', { enum: ['queued', 'sent', 'expired', 'cancelled', 'failed'] })
      .notNull()
      .default('queued'),
    reason: text('reason'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('whatsapp_outbox_queued').on(t.salonId, t.waId, t.seq).where(sql`${t.status} = 'queued'`),
    check('whatsapp_outbox_kind', sql`${t.kind} in ('reply', 'salon_change')`),
    check('whatsapp_outbox_status', sql`${t.status} in ('queued', 'sent', 'expired', 'cancelled', 'failed')`),
  ],
)

/**
 * Every message Meta accepted from us, by wamid, with what its status notifications said since
 * (sent, delivered, read, failed and Meta's error code). `fallback`: what to send instead if Meta
 * reports the 24 hours closed (the template of a reminder or a notice).
 */
export const whatsappSent = pgTable(
  'whatsapp_sent',
  {
    wamid: text('wamid').primaryKey(),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    waId: text('wa_id').notNull(),
    /** text, buttons, list, document or template. */
    type: text('type').notNull(),
    /** What it was for: reply, salon_change (and its booking event), reminder. */
    purpose: text('purpose').notNull(),
    bookingEventId: uuid('booking_event_id'),
    fallback: jsonb('fallback').$type<unknown>(),
    status: text('status', { enum: ['accepted', 'sent', 'delivered', 'read', 'failed'] })
      .notNull()
      .default('accepted'),
    errorCode: integer('error_code'),
    statusAt: instant('status_at'),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [
    index('whatsapp_sent_customer').on(t.salonId, t.waId, t.sentAt),
    check('whatsapp_sent_status', sql`${t.status} in ('accepted', 'sent', 'delivered', 'read', 'failed')`),
  ],
)

export type WhatsAppAccountRow = typeof whatsappAccounts.$inferSelect
export type WhatsAppTemplateRow = typeof whatsappTemplates.$inferSelect
export type WhatsAppContactRow = typeof whatsappContacts.$inferSelect
export type WhatsAppInboxRow = typeof whatsappInbox.$inferSelect
export type WhatsAppOutboxRow = typeof whatsappOutbox.$inferSelect
export type WhatsAppSentRow = typeof whatsappSent.$inferSelect

/**
 * A service's deposit or card guarantee (issue 41); no row: nothing is asked. A deposit is a fixed
 * amount or a percentage of the price (exactly one); a guarantee has a fee instead.
 */
export const paymentPolicies = pgTable(
  'payment_policies',
  {
    serviceId: uuid('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['deposit', 'guarantee'] }).notNull(),
    depositMinor: integer('deposit_minor'),
    depositPercent: smallint('deposit_percent'),
    feeMinor: integer('fee_minor'),
    freeCancelHours: smallint('free_cancel_hours').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_policies_salon').on(t.salonId),
    check('payment_policies_kind', sql`${t.kind} in ('deposit', 'guarantee')`),
    check(
      'payment_policies_amounts',
      sql`(${t.kind} = 'deposit' and ${t.feeMinor} is null and ((${t.depositMinor} is null) <> (${t.depositPercent} is null)))
        or (${t.kind} = 'guarantee' and ${t.feeMinor} is not null and ${t.depositMinor} is null and ${t.depositPercent} is null)`,
    ),
    check('payment_policies_hours', sql`${t.freeCancelHours} between 0 and 168`),
  ],
)

/**
 * What a booking asked when it was made (the policy's snapshot: a later change of the policy does
 * not change what the customer agreed to), where it stands, and the provider's references.
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    kind: text('kind', { enum: ['deposit', 'guarantee'] }).notNull(),
    currency: text('currency').notNull(),
    depositMinor: integer('deposit_minor').notNull(),
    feeMinor: integer('fee_minor').notNull(),
    freeCancelHours: smallint('free_cancel_hours').notNull(),
    state: text('state', { enum: BOOKING_PAYMENT_STATES }).notNull(),
    /** The provider's checkout (its id and the page the customer pays on). */
    checkoutRef: text('checkout_ref'),
    checkoutUrl: text('checkout_url'),
    /** The customer at the provider, what they paid with, and the payment itself. */
    customerRef: text('customer_ref'),
    cardRef: text('card_ref'),
    paymentRef: text('payment_ref'),
    /** A fee the bank asks the customer to confirm: the page where they do. */
    feeCheckoutRef: text('fee_checkout_ref'),
    feeCheckoutUrl: text('fee_checkout_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('booking_payments_salon').on(t.salonId, t.createdAt),
    uniqueIndex('booking_payments_checkout').on(t.checkoutRef),
    uniqueIndex('booking_payments_fee_checkout').on(t.feeCheckoutRef),
    check('booking_payments_kind', sql`${t.kind} in ('deposit', 'guarantee')`),
    check('booking_payments_state', sql.raw(`state in (${BOOKING_PAYMENT_STATES.map((s) => `'${s}'`).join(', ')})`)),
    check('booking_payments_amounts', sql`${t.depositMinor} >= 0 and ${t.feeMinor} >= 0`),
  ],
)

/**
 * The ledger: every amount that moved for a booking — a deposit taken, refunded or kept, a fee
 * charged, paid at the salon, a policy waived — once each (the provider's reference is unique, so
 * a webhook or a job replayed never writes it twice). Figures and the booking's history read it.
 */
export const paymentMovements = pgTable(
  'payment_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    salonId: uuid('salon_id')
      .notNull()
      .references(() => salons.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_MOVEMENT_KINDS }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    actor: text('actor', { enum: BOOKING_ACTORS }).notNull(),
    /** What makes it once: the provider's id (a payment, a refund) or the rule's own key. */
    reference: text('reference').notNull().unique(),
    at: instant('at').notNull(),
  },
  (t) => [
    index('payment_movements_salon_at').on(t.salonId, t.at),
    index('payment_movements_booking').on(t.bookingId, t.at),
    check('payment_movements_kind', sql.raw(`kind in (${PAYMENT_MOVEMENT_KINDS.map((s) => `'${s}'`).join(', ')})`)),
    check('payment_movements_amount', sql`${t.amountMinor} >= 0`),
  ],
)

/** A salon's own Stripe account (Connect, Standard), as Stripe last described it. */
export const stripeAccounts = pgTable('stripe_accounts', {
  salonId: uuid('salon_id')
    .primaryKey()
    .references(() => salons.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull().unique(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  /** Stripe's `requirements.currently_due` (and past due): what onboarding still needs. */
  missing: jsonb('missing').$type<string[]>().notNull().default([]),
  disabledReason: text('disabled_reason'),
  currency: text('currency'),
  connectedAt: instant('connected_at').notNull(),
  /**
   * The owner disconnected it: nothing new is asked for, but the money already taken on it can
   * still be refunded or kept (a row is never deleted while bookings point at its payments).
   */
  disconnectedAt: instant('disconnected_at'),
  updatedAt: updatedAt(),
})

/**
 * Stripe's events, once each by id (two instances receiving one event: the insert settles it),
 * kept with their payload until the job has processed them.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    account: text('account'),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: instant('received_at').notNull(),
    processedAt: instant('processed_at'),
  },
  (t) => [index('stripe_events_unprocessed').on(t.receivedAt).where(sql`${t.processedAt} is null`)],
)

export type PaymentPolicyRow = typeof paymentPolicies.$inferSelect
export type BookingPaymentRow = typeof bookingPayments.$inferSelect
export type PaymentMovementRow = typeof paymentMovements.$inferSelect
export type StripeAccountRow = typeof stripeAccounts.$inferSelect
