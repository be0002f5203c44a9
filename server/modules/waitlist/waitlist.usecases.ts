import type { Language } from '@common/languages'
import type { WaitlistEntry } from '@common/schemas/waitlist'
import type { Clock } from '@server/clock'
import { type Database, PG_UNIQUE_VIOLATION, sqlState, violatedConstraint } from '@server/db/client'
import type { ReferralRow } from '@server/db/schema'
import { alreadyRegistered } from './waitlist.errors'
import * as repo from './waitlist.repository'

const DUPLICATE_ENTRY = 'referrals_contact_salon_unique'

/**
 * Puts a salon on the waitlist, credited to the active ambassador whose code it came with. The
 * database refuses a second entry with the same e-mail and salon name (in any case), even when two
 * arrive at once.
 */
export async function joinWaitlist(
  { db, clock }: { db: Database; clock: Clock },
  entry: WaitlistEntry,
  language: Language,
): Promise<ReferralRow> {
  const ambassador = entry.referralCode
    ? await repo.findActiveAmbassadorByReferralCode(db, entry.referralCode)
    : undefined
  try {
    return await repo.insertReferral(db, {
      ambassadorId: ambassador?.id ?? null,
      referralCode: entry.referralCode ?? null,
      salonName: entry.salonName,
      contactEmail: entry.contactEmail,
      phone: entry.phone ?? null,
      address: entry.address,
      country: entry.country ?? null,
      language,
      createdAt: clock.now(),
    })
  } catch (error) {
    if (sqlState(error) === PG_UNIQUE_VIOLATION && violatedConstraint(error) === DUPLICATE_ENTRY) {
      throw alreadyRegistered(language)
    }
    throw error
  }
}

/** The whole waitlist for administrators, newest first. */
export async function listWaitlist(db: Database): Promise<repo.ReferralWithAmbassador[]> {
  return repo.listReferrals(db)
}
