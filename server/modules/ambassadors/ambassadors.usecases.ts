import { randomInt } from 'node:crypto'
import { type Language, languageOrDefault } from '@common/languages'
import type { Ambassador, AmbassadorStats, Referral } from '@common/schemas/ambassador'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import type { AmbassadorRow } from '@server/db/schema'
import { endSessionsOfSalon } from '@server/modules/auth/sessions.usecases'
import { type MailDeps, sendEmail } from '@server/modules/mail/mail.usecases'
import { createSalon, findSalonOfRowId, requireSalon, updateSalonAccount } from '@server/modules/salons/salons.usecases'
import { setDefaultOpeningHours } from '@server/modules/schedule/schedule.usecases'
import * as referralsRepo from '@server/modules/waitlist/waitlist.repository'
import QRCode from 'qrcode'
import { salonActivatedMail } from './activation-mail'
import { ownerHasSignedIn, referralAlreadyConverted, referralNotFound } from './ambassadors.errors'
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

export async function requireAmbassador(db: Database, id: string): Promise<AmbassadorRow> {
  const ambassador = await repo.findAmbassadorById(db, id)
  if (!ambassador) throw referralNotFound()
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

export interface ActivationDeps extends MailDeps {
  db: Database
  clock: Clock
  config: Config
}

/**
 * Activates one of the ambassador's pending referrals: the salon is created (active, default
 * opening hours, no services yet — nothing is bookable until the owner adds them), its Google
 * account is the one given, the referral is converted, all in one transaction; then the salon's
 * contact gets its salon ID and sign-in link by e-mail.
 */
export async function activateReferral(
  deps: ActivationDeps,
  ambassador: AmbassadorRow,
  input: { referralId: string; authorizedEmail: string },
) {
  const { db, clock, config } = deps
  const { referral, salon } = await db.transaction(async (tx) => {
    const referral = await referralsRepo.findReferralForUpdate(tx, input.referralId)
    if (!referral || referral.ambassadorId !== ambassador.id) throw referralNotFound()
    if (referral.status === 'converted') {
      const existing = referral.salonId ? await findSalonOfRowId(tx, referral.salonId) : undefined
      throw referralAlreadyConverted(existing?.publicId ?? null)
    }
    const salon = await createSalon(tx, {
      name: referral.salonName,
      contactEmail: referral.contactEmail,
      address: referral.address,
      country: referral.country ?? 'FR',
      authorizedGoogleEmail: input.authorizedEmail,
      isActive: true,
      createdAt: clock.now(),
    })
    await setDefaultOpeningHours(tx, salon.id)
    await referralsRepo.updateReferral(tx, referral.id, {
      status: 'converted',
      salonId: salon.id,
      authorizedGoogleEmail: input.authorizedEmail,
      convertedAt: clock.now(),
    })
    return { referral, salon }
  })
  const language = languageOrDefault(referral.language)
  const mail = salonActivatedMail(language, {
    salonName: salon.name,
    salonId: salon.publicId,
    signInUrl: `${config.publicUrl}/professional?salon=${salon.publicId}`,
    authorizedEmail: input.authorizedEmail,
    ambassadorName: ambassador.name,
  })
  const { sent } = await sendEmail(deps, { to: referral.contactEmail, ...mail, kind: 'salon_activated' })
  return {
    success: true as const,
    salonId: salon.publicId,
    message: sent
      ? `${salon.name} is active as ${salon.publicId}; its sign-in details were e-mailed to ${referral.contactEmail}.`
      : `${salon.name} is active as ${salon.publicId}; the e-mail to ${referral.contactEmail} is in the outbox.`,
  }
}

/**
 * Changes the Google account of a salon the ambassador activated — until its owner has signed in
 * for the first time; from then on the salon is the owner's alone (the kit says so).
 */
export async function updateAuthorizedEmail(
  { db, clock }: { db: Database; clock: Clock },
  ambassador: AmbassadorRow,
  input: { salonId: string; newAuthorizedEmail: string },
): Promise<{ success: true }> {
  const salon = await requireSalon(db, input.salonId)
  const referral = await referralsRepo.findReferralOfSalon(db, salon.id)
  if (!referral || referral.ambassadorId !== ambassador.id) throw referralNotFound()
  if (salon.ownerFirstSignedInAt) throw ownerHasSignedIn()
  await db.transaction(async (tx) => {
    await updateSalonAccount(tx, salon, { authorizedGoogleEmail: input.newAuthorizedEmail }, clock.now())
    await referralsRepo.updateReferral(tx, referral.id, { authorizedGoogleEmail: input.newAuthorizedEmail })
    // Nobody should still be signed in with the former account.
    await endSessionsOfSalon(tx, salon.id)
  })
  return { success: true }
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
