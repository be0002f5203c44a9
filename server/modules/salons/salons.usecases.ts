import { randomBytes } from 'node:crypto'
import { LANGUAGES, type Language } from '@common/languages'
import type { Salon, SalonChatInfo, SalonLookup, SalonUpdateInput } from '@common/schemas/salon'
import { canonicalTimeZone } from '@common/time'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { endSessionsOfSalon } from '@server/modules/auth/sessions.usecases'
import { readSalonFacts, salonCreated, salonSettingsChanged } from './salon-plug-ins'
import { invalidTimeZone, salonNotFound } from './salons.errors'
import { presentSalon, presentSalonChatInfo, presentSalonLookup } from './salons.presenters'
import * as repo from './salons.repository'
import { defaultTimeZone } from './time-zones'

/** The salon behind a public ID, or a 404. */
export async function requireSalon(db: Executor, publicId: string): Promise<SalonRow> {
  const salon = await repo.findSalonByPublicId(db, publicId.toUpperCase())
  if (!salon) throw salonNotFound(publicId)
  return salon
}

/** The salon of a row id (a session's, a sign-in's), if it still exists. */
export function findSalonOfRowId(db: Executor, id: string): Promise<SalonRow | undefined> {
  return repo.findSalonById(db, id)
}

/** Notes the owner's first sign-in: from then on, only the owner decides who signs in for the salon. */
export function recordOwnerSignIn(db: Executor, salon: SalonRow, now: Date): Promise<void> {
  return repo.markOwnerSignedIn(db, salon.id, now)
}

/** The salon behind a chat link (public ID or secure hash), or a 404. */
export async function requireSalonForChat(db: Executor, idOrHash: string): Promise<SalonRow> {
  const salon = await repo.findSalonByPublicIdOrHash(db, idOrHash)
  if (!salon) throw salonNotFound(idOrHash)
  return salon
}

/**
 * What a chat link shows of its salon (GET /api/salon/:idOrHash, and the chat page the server
 * renders), or null for no such salon. Named by its public ID, the answer must not reveal the hash
 * (the Telegram link holds it).
 */
export async function findSalonChatInfo(
  { db, config }: { db: Executor; config: Config },
  idOrHash: string,
): Promise<SalonChatInfo | null> {
  const salon = await repo.findSalonByPublicIdOrHash(db, idOrHash)
  if (!salon) return null
  return presentSalonChatInfo(salon, idOrHash === salon.hash ? await telegramLinkOf({ db, config }, salon) : null)
}

/** The salon's secure hash, and its chat link on Telegram when the server has a bot. */
export async function salonChatLinks(
  { db, config }: { db: Executor; config: Config },
  salon: SalonRow,
): Promise<{ hash: string; telegramLink: string | null }> {
  return { hash: salon.hash, telegramLink: await telegramLinkOf({ db, config }, salon) }
}

async function telegramLinkOf({ db, config }: { db: Executor; config: Config }, salon: SalonRow) {
  return (await readSalonFacts(db, config, [salon], ['telegramLink']))(salon.id).telegramLink ?? null
}

/** What a salon's page shows of its plug-ins (not its Telegram link: that goes with the hash). */
const PAGE_FACTS = ['workingHours', 'reminderChannels', 'calendar', 'instagram'] as const

/** What reading a salon's page takes: the database, and what this server has (its plug-ins' facts). */
export interface SalonReaders {
  db: Database
  config: Config
}

export async function getSalonDetails({ db, config }: SalonReaders, salon: SalonRow): Promise<Salon> {
  return presentSalon(salon, (await readSalonFacts(db, config, [salon], PAGE_FACTS))(salon.id))
}

/** What the connect screen may show about a salon before sign-in. */
export async function lookUpSalon({ db, config }: SalonReaders, publicId: string): Promise<SalonLookup> {
  const salon = await requireSalon(db, publicId)
  const facts = (await readSalonFacts(db, config, [salon], ['calendar']))(salon.id)
  return presentSalonLookup(salon, facts.calendar !== undefined)
}

export async function listSalonDetails({ db, config }: SalonReaders): Promise<Salon[]> {
  const salons = await repo.listSalons(db)
  const facts = await readSalonFacts(db, config, salons, PAGE_FACTS)
  return salons.map((s) => presentSalon(s, facts(s.id)))
}

/** A fresh unguessable identifier for the customer chat link (144 random bits). */
export function newSalonHash(): string {
  return randomBytes(18).toString('base64url')
}

export interface NewSalonInput {
  name: string
  contactEmail: string
  address: string
  country: string
  timeZone?: string
  authorizedGoogleEmail?: string | null
  isActive?: boolean
  publicPhone?: string | null
  practicalInfo?: string | null
  practicalInfoTranslations?: Partial<Record<Language, string>>
  /** When it is created, on the app's clock (APP_NOW in demos); the database's clock otherwise. */
  createdAt?: Date
}

/** A new salon and its owner's member (call it in a transaction: both or neither). */
export async function createSalon(db: Executor, input: NewSalonInput): Promise<SalonRow> {
  const requested = input.timeZone ?? defaultTimeZone(input.country)
  const timeZone = canonicalTimeZone(requested)
  if (!timeZone) throw invalidTimeZone(requested)
  const { createdAt, ...details } = input
  const salon = await repo.insertSalon(db, {
    ...details,
    timeZone,
    hash: newSalonHash(),
    ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
  })
  // Its owner's member is created by the team, which subscribes (a salon is never without a team).
  await salonCreated(db, salon)
  return salon
}

/** Edits a salon's details. A new country brings its default time zone unless a zone is given. */
export async function updateSalonDetails(
  { db, clock, config }: SalonReaders & { clock: Clock },
  salon: SalonRow,
  input: SalonUpdateInput,
): Promise<Salon> {
  const now = clock.now()
  const { practicalInfoTranslations: translated, ...details } = input
  const changes = salonChanges(salon, details)
  if (translated) changes.practicalInfoTranslations = withTranslations(salon.practicalInfoTranslations, translated)
  const updated = await db.transaction(async (tx) => {
    const row = await repo.updateSalon(tx, salon.id, changes, now)
    await salonSettingsChanged(tx, salon, row, now)
    return row
  })
  return getSalonDetails({ db, config }, updated)
}

/** The owner's translations of the practical information: those given replace, an empty one is removed. */
function withTranslations(
  kept: Partial<Record<Language, string>>,
  given: Partial<Record<Language, string | null>>,
): Partial<Record<Language, string>> {
  const merged: Partial<Record<Language, string>> = { ...kept }
  for (const language of LANGUAGES) {
    if (!(language in given)) continue
    const text = given[language]
    if (text) merged[language] = text
    else delete merged[language]
  }
  return merged
}

/** The row changes of an edit: a time zone is checked; a new country brings its zone unless one is given. */
function salonChanges(salon: SalonRow, input: repo.SalonChanges): repo.SalonChanges {
  const changes: repo.SalonChanges = { ...input }
  if (input.timeZone !== undefined) {
    const timeZone = canonicalTimeZone(input.timeZone)
    if (!timeZone) throw invalidTimeZone(input.timeZone)
    changes.timeZone = timeZone
  }
  if (input.country && input.country !== salon.country && input.timeZone === undefined) {
    changes.timeZone = defaultTimeZone(input.country)
  }
  return changes
}

/** Changes who may sign in for the salon, or whether it is active (ambassadors, administrators). */
export async function updateSalonAccount(
  db: Executor,
  salon: SalonRow,
  changes: Pick<repo.SalonChanges, 'authorizedGoogleEmail' | 'isActive'>,
  now: Date,
): Promise<SalonRow> {
  return repo.updateSalon(db, salon.id, changes, now)
}

/** An administrator's edit: details, the authorised Google account, active or not. */
export async function updateSalonAsAdmin(
  { db, clock, config }: SalonReaders & { clock: Clock },
  salon: SalonRow,
  input: Omit<repo.SalonChanges, 'timeZone'>,
): Promise<Salon> {
  const updated = await db.transaction(async (tx) => {
    const row = await repo.updateSalon(tx, salon.id, salonChanges(salon, input), clock.now())
    // Another authorised account or a deactivated salon: nobody stays signed in on the old terms.
    const accountChanged =
      input.authorizedGoogleEmail !== undefined && input.authorizedGoogleEmail !== salon.authorizedGoogleEmail
    if (accountChanged || input.isActive === false) await endSessionsOfSalon(tx, salon.id)
    return row
  })
  return getSalonDetails({ db, config }, updated)
}
