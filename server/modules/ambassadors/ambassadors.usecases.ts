import { randomInt } from 'node:crypto'
import { type Language, languageOfCountry, languageOrDefault } from '@common/languages'
import type { Ambassador, AmbassadorStats, Referral } from '@common/schemas/ambassador'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { AmbassadorRow, ReferralRow, SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { endSessionsOfSalon } from '@server/modules/auth/sessions.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { queueEmail } from '@server/modules/outbox/outbox.usecases'
import { createSalon, findSalonOfRowId, requireSalon, updateSalonAccount } from '@server/modules/salons/salons.usecases'
import { setDefaultOpeningHours } from '@server/modules/schedule/schedule.usecases'
import * as referralsRepo from '@server/modules/waitlist/waitlist.repository'
import QRCode from 'qrcode'
import { salonActivatedMail } from './activation-mail'
import {
  ambassadorSignInRequired,
  noAuthorizedEmail,
  ownerHasSignedIn,
  referralAlreadyConverted,
  referralNotFound,
} from './ambassadors.errors'
import * as repo from './ambassadors.repository'

/**
 * The referral program (spec §2–§4, issue 6): an ambassador's referrals are the waitlist entries
 * that came with their code; activating one creates the salon and e-mails its owner; the
 * ambassador may change the salon's Google account until the owner has signed in once.
 */

export function presentAmbassador(row: AmbassadorRow): Ambassador {
  return {
    name: row.name,
    email: row.email,
    referralCode: row.referralCode,
    isActive: row.isActive,
    language: row.language,
  }
}

/** The ambassador of a Google account, created on the first sign-in with a valid access code. */
export async function findOrCreateAmbassador(
  db: Database,
  identity: { email: string; name: string; language?: Language | undefined },
  accessCodeId: string,
): Promise<AmbassadorRow> {
  const existing = await repo.findAmbassadorByEmail(db, identity.email)
  if (existing) return existing
  // A random code; on the rare clash with an existing one, draw again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await repo.insertAmbassador(db, {
      name: identity.name,
      email: identity.email,
      referralCode: newReferralCode(identity.name),
      language: identity.language ?? 'fr',
      accessCodeId,
    })
    if (created) return created
    const raced = await repo.findAmbassadorByEmail(db, identity.email)
    if (raced) return raced
  }
  throw new Error('no free referral code after 5 attempts')
}

/** CAMILLE7K2Q: the first name's letters (up to 6) and four random characters. */
function newReferralCode(name: string): string {
  const letters =
    name
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase()
      .slice(0, 6) || 'AMB'
  const alphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
  return letters + Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('')
}

/** The signed-in ambassador; a deactivated one is signed out (their sessions end with the deactivation). */
export async function requireAmbassador(db: Database, id: string): Promise<AmbassadorRow> {
  const ambassador = await repo.findAmbassadorById(db, id)
  if (!ambassador?.isActive) throw ambassadorSignInRequired()
  return ambassador
}

function presentReferral(row: referralsRepo.ReferralWithSalon): Referral {
  const { referral } = row
  return {
    _id: referral.id,
    salonName: referral.salonName,
    contactEmail: referral.contactEmail,
    phone: referral.phone,
    address: referral.address,
    country: referral.country,
    createdAt: referral.createdAt.toISOString(),
    status: referral.status,
    salonId: row.salonPublicId,
    authorizedGoogleEmail: referral.authorizedGoogleEmail,
    canEditAuthorizedEmail: referral.status === 'converted' && row.ownerFirstSignedInAt === null,
  }
}

export async function listAmbassadorReferrals(db: Database, ambassador: AmbassadorRow): Promise<Referral[]> {
  return (await referralsRepo.listReferralsOfAmbassador(db, ambassador.id)).map(presentReferral)
}

export async function ambassadorStats(db: Database, ambassador: AmbassadorRow): Promise<AmbassadorStats> {
  const rows = await referralsRepo.listReferralsOfAmbassador(db, ambassador.id)
  const converted = rows.filter((r) => r.referral.status === 'converted')
  const total = rows.length
  return {
    totalReferrals: total,
    activeSalons: converted.filter((r) => r.salonIsActive === true).length,
    waitlistEntries: total - converted.length,
    conversionRate: total === 0 ? 0 : Math.round((converted.length / total) * 1000) / 10,
  }
}

export interface ActivationDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
}

/** What the activation e-mail was sent to, for the toast that says so. */
export interface ActivationMailSent {
  salonId: string
  sentTo: string
  authorizedEmail: string
}

/**
 * Creates the salon of a waitlist entry that is not converted yet (active, default opening hours,
 * no services — nothing is bookable until the owner adds them), with the Google account given,
 * converts the entry and queues the activation e-mail to its contact, all in the caller's
 * transaction. The ambassador's activation and the administrator's direct one both come here.
 */
export async function activateWaitlistEntry(
  tx: Executor,
  deps: ActivationDeps,
  referral: ReferralRow,
  authorizedEmail: string,
): Promise<ActivationMailSent> {
  const { clock } = deps
  if (referral.status === 'converted') {
    const existing = referral.salonId ? await findSalonOfRowId(tx, referral.salonId) : undefined
    throw referralAlreadyConverted(existing?.publicId ?? null)
  }
  const salon = await createSalon(tx, {
    name: referral.salonName,
    contactEmail: referral.contactEmail,
    address: referral.address,
    country: referral.country ?? 'FR',
    authorizedGoogleEmail: authorizedEmail,
    isActive: true,
    createdAt: clock.now(),
  })
  await setDefaultOpeningHours(tx, salon.id)
  await referralsRepo.updateReferral(tx, referral.id, {
    status: 'converted',
    salonId: salon.id,
    authorizedGoogleEmail: authorizedEmail,
    convertedAt: clock.now(),
  })
  return queueActivationMail(tx, deps, salon)
}

/**
 * Queues the salon's activation e-mail (its ID, the sign-in link, the Google account to use) to
 * its contact, in the language its waitlist entry was written in (else its country's), naming the
 * ambassador the entry is credited to. Through the caller's transaction: the e-mail exists exactly
 * when the change it reports does.
 */
export async function queueActivationMail(
  tx: Executor,
  deps: ActivationDeps,
  salon: SalonRow,
): Promise<ActivationMailSent> {
  const { clock, config, jobs } = deps
  if (!salon.authorizedGoogleEmail) throw noAuthorizedEmail()
  const referral = await referralsRepo.findReferralOfSalon(tx, salon.id)
  const ambassador = referral?.ambassadorId ? await repo.findAmbassadorById(tx, referral.ambassadorId) : undefined
  const language = referral ? languageOrDefault(referral.language) : languageOfCountry(salon.country)
  const mail = salonActivatedMail(language, {
    salonName: salon.name,
    salonId: salon.publicId,
    signInUrl: `${config.publicUrl}/professional?salon=${salon.publicId}`,
    authorizedEmail: salon.authorizedGoogleEmail,
    ambassadorName: ambassador?.name ?? null,
  })
  await queueEmail({ db: tx, clock, jobs }, { to: salon.contactEmail, ...mail, kind: 'salon_activated' })
  return { salonId: salon.publicId, sentTo: salon.contactEmail, authorizedEmail: salon.authorizedGoogleEmail }
}

/**
 * Activates one of the ambassador's referrals that is not converted yet (pending or contacted):
 * the salon is created and its contact e-mailed its salon ID and sign-in link (see
 * activateWaitlistEntry), all in one transaction.
 */
export async function activateReferral(
  deps: ActivationDeps,
  ambassador: AmbassadorRow,
  input: { referralId: string; authorizedEmail: string },
) {
  const sent = await deps.db.transaction(async (tx) => {
    const referral = await referralsRepo.findReferralForUpdate(tx, input.referralId)
    if (!referral || referral.ambassadorId !== ambassador.id) throw referralNotFound()
    return activateWaitlistEntry(tx, deps, referral, input.authorizedEmail)
  })
  return {
    success: true as const,
    salonId: sent.salonId,
    sentTo: sent.sentTo,
    message: `The salon is active as ${sent.salonId}; its sign-in details are on their way to ${sent.sentTo}.`,
  }
}

/** One of the ambassador's converted salons whose owner has not signed in yet: the ambassador may still act on it. */
async function salonStillTheAmbassadors(db: Executor, ambassador: AmbassadorRow, salonId: string) {
  const salon = await requireSalonOrReferralNotFound(db, salonId)
  const referral = await referralsRepo.findReferralOfSalon(db, salon.id)
  if (!referral || referral.ambassadorId !== ambassador.id) throw referralNotFound()
  if (salon.ownerFirstSignedInAt) throw ownerHasSignedIn()
  return { salon, referral }
}

/** Another ambassador's salon, or no salon at all, is the same "no such referral" to an ambassador. */
async function requireSalonOrReferralNotFound(db: Executor, salonId: string): Promise<SalonRow> {
  try {
    return await requireSalon(db, salonId)
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw referralNotFound()
    throw error
  }
}

/**
 * Changes the Google account of a salon the ambassador activated — until its owner has signed in
 * for the first time; from then on the salon is the owner's alone (the kit says so). The
 * activation e-mail goes again, naming the new account.
 */
export async function updateAuthorizedEmail(
  deps: ActivationDeps,
  ambassador: AmbassadorRow,
  input: { salonId: string; newAuthorizedEmail: string },
): Promise<{ success: true } & ActivationMailSent> {
  const { db, clock } = deps
  const sent = await db.transaction(async (tx) => {
    const { salon, referral } = await salonStillTheAmbassadors(tx, ambassador, input.salonId)
    const updated = await updateSalonAccount(
      tx,
      salon,
      { authorizedGoogleEmail: input.newAuthorizedEmail },
      clock.now(),
    )
    await referralsRepo.updateReferral(tx, referral.id, { authorizedGoogleEmail: input.newAuthorizedEmail })
    // Nobody should still be signed in with the former account.
    await endSessionsOfSalon(tx, salon.id)
    return queueActivationMail(tx, deps, updated)
  })
  return { success: true, ...sent }
}

/** The ambassador asks for the activation e-mail again (same rule as changing the account). */
export async function resendActivationMailAsAmbassador(
  deps: ActivationDeps,
  ambassador: AmbassadorRow,
  salonId: string,
): Promise<{ success: true } & ActivationMailSent> {
  const sent = await deps.db.transaction(async (tx) => {
    const { salon } = await salonStillTheAmbassadors(tx, ambassador, salonId)
    return queueActivationMail(tx, deps, salon)
  })
  return { success: true, ...sent }
}

/** The ambassador's referral link and its QR code (PNG data URL, 256 px, margin 2, black on white). */
export async function referralQrCode(config: Config, referralCode: string) {
  const referralLink = `${config.publicUrl}/waitlist?ref=${encodeURIComponent(referralCode)}`
  const dataUrl = await QRCode.toDataURL(referralLink, {
    width: 256,
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  })
  return { referralLink, dataUrl }
}
