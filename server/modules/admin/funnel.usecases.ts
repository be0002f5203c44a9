import type { AdminAmbassador } from '@common/schemas/admin'
import type { WaitlistReferral } from '@common/schemas/waitlist'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database, Executor } from '@server/db/client'
import type { AmbassadorRow, SalonRow } from '@server/db/schema'
import { ambassadorInactive, ambassadorNotFound } from '@server/modules/ambassadors/ambassadors.errors'
import * as ambassadorsRepo from '@server/modules/ambassadors/ambassadors.repository'
import {
  type ActivationMailSent,
  activateWaitlistEntry,
  ambassadorStats,
  queueActivationMail,
} from '@server/modules/ambassadors/ambassadors.usecases'
import { endSessionsOfAmbassador } from '@server/modules/auth/sessions.usecases'
import type { Jobs } from '@server/modules/jobs/job-engine'
import { requireSalon, updateSalonAsAdmin } from '@server/modules/salons/salons.usecases'
import {
  salonAlreadyLinked,
  waitlistEntryConverted,
  waitlistEntryNotFound,
} from '@server/modules/waitlist/waitlist.errors'
import { presentWaitlistReferral } from '@server/modules/waitlist/waitlist.presenters'
import * as waitlistRepo from '@server/modules/waitlist/waitlist.repository'
import { presentAdminAmbassador } from './admin.presenters'

/**
 * The funnel as administrators run it (issue 18): waitlist entries marked contacted, credited to
 * an ambassador, activated, linked to a salon made with "Nouveau Salon" or deleted; ambassadors
 * listed with their figures, deactivated and reactivated; activation e-mails sent again.
 */

interface FunnelDeps {
  db: Database
  clock: Clock
  config: Config
  jobs: Jobs
}

async function presentEntry(db: Database, id: string): Promise<WaitlistReferral> {
  const row = await waitlistRepo.findReferralWithAmbassador(db, id)
  if (!row) throw waitlistEntryNotFound()
  return presentWaitlistReferral(row)
}

/** An active ambassador to credit, or the refusal that says why not. */
async function creditableAmbassador(db: Executor, id: string): Promise<AmbassadorRow> {
  const ambassador = await ambassadorsRepo.findAmbassadorById(db, id)
  if (!ambassador) throw ambassadorNotFound()
  if (!ambassador.isActive) throw ambassadorInactive()
  return ambassador
}

/**
 * Marks an entry contacted (or pending again) and credits it to an ambassador (then it is their
 * referral: on their dashboard, theirs to activate) or to nobody. A converted entry keeps its
 * status, and the ambassador it is credited to (it is the record of who brought the salon in):
 * only one that has none can be credited.
 */
export async function updateWaitlistEntry(
  { db }: { db: Database },
  id: string,
  input: { status?: 'pending' | 'contacted' | undefined; ambassadorId?: string | null | undefined },
): Promise<WaitlistReferral> {
  await db.transaction(async (tx) => {
    const entry = await waitlistRepo.findReferralForUpdate(tx, id)
    if (!entry) throw waitlistEntryNotFound()
    if (entry.status === 'converted' && (input.status !== undefined || entry.ambassadorId !== null)) {
      throw waitlistEntryConverted()
    }
    if (input.ambassadorId) await creditableAmbassador(tx, input.ambassadorId)
    await waitlistRepo.updateReferral(tx, id, {
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.ambassadorId !== undefined ? { ambassadorId: input.ambassadorId } : {}),
    })
  })
  return presentEntry(db, id)
}

/**
 * Activates an entry directly, as its ambassador would: the salon is created (SAL00N, default
 * hours), the entry converted and linked to it, and the activation e-mail queued to its contact.
 */
export async function activateWaitlistEntryAsAdmin(
  deps: FunnelDeps,
  id: string,
  authorizedEmail: string,
): Promise<ActivationMailSent & { entry: WaitlistReferral }> {
  const sent = await deps.db.transaction(async (tx) => {
    const entry = await waitlistRepo.findReferralForUpdate(tx, id)
    if (!entry) throw waitlistEntryNotFound()
    return activateWaitlistEntry(tx, deps, entry, authorizedEmail)
  })
  return { ...sent, entry: await presentEntry(deps.db, id) }
}

/**
 * Links an entry to the salon an administrator created for it with "Nouveau Salon": the entry is
 * converted (its ambassador, if any, is credited with the salon). No e-mail: the salon's sign-in
 * details go out with "resend the activation e-mail" when the administrator chooses.
 */
export async function linkWaitlistEntry(
  { db, clock }: { db: Database; clock: Clock },
  id: string,
  salonId: string,
): Promise<WaitlistReferral> {
  await db.transaction(async (tx) => {
    const entry = await waitlistRepo.findReferralForUpdate(tx, id)
    if (!entry) throw waitlistEntryNotFound()
    if (entry.status === 'converted') throw waitlistEntryConverted()
    const salon = await requireSalon(tx, salonId)
    const other = await waitlistRepo.findReferralOfSalon(tx, salon.id)
    if (other) throw salonAlreadyLinked(salon.publicId)
    await waitlistRepo.updateReferral(tx, id, {
      status: 'converted',
      salonId: salon.id,
      authorizedGoogleEmail: salon.authorizedGoogleEmail,
      convertedAt: clock.now(),
    })
  })
  return presentEntry(db, id)
}

/**
 * Deletes an entry that has not become a salon (a duplicate, a test, a salon that declined). A
 * converted entry is refused: it is what credits the ambassador with the salon and lets them
 * correct its account; deleting it would lose both.
 */
export async function deleteWaitlistEntry({ db }: { db: Database }, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const entry = await waitlistRepo.findReferralForUpdate(tx, id)
    if (!entry) throw waitlistEntryNotFound()
    if (entry.status === 'converted') throw waitlistEntryConverted()
    await waitlistRepo.deleteReferral(tx, id)
  })
}

/** Every ambassador with the figures of their own dashboard. */
export async function listAmbassadorsWithStats({ db }: { db: Database }): Promise<AdminAmbassador[]> {
  const rows = await ambassadorsRepo.listAmbassadors(db)
  return Promise.all(rows.map(async (row) => presentAdminAmbassador(row, await ambassadorStats(db, row))))
}

/**
 * Deactivates an ambassador (their sessions end at once, they cannot sign in, their link credits
 * nobody: a sign-up with their code is kept, credited to no one) or reactivates them.
 */
export async function setAmbassadorActive(
  { db }: { db: Database },
  id: string,
  isActive: boolean,
): Promise<AdminAmbassador> {
  const row = await db.transaction(async (tx) => {
    const updated = await ambassadorsRepo.setAmbassadorActive(tx, id, isActive)
    if (!updated) throw ambassadorNotFound()
    if (!isActive) await endSessionsOfAmbassador(tx, id)
    return updated
  })
  return presentAdminAmbassador(row, await ambassadorStats(db, row))
}

/** The salon's activation e-mail again, to its contact, naming its current Google account. */
export async function resendActivationMailAsAdmin(
  deps: FunnelDeps,
  salon: SalonRow,
): Promise<{ success: true } & ActivationMailSent> {
  const sent = await deps.db.transaction((tx) => queueActivationMail(tx, deps, salon))
  return { success: true, ...sent }
}

/**
 * An administrator's edit of a salon; a new authorised Google account (not a removed one) sends the
 * activation e-mail again, naming it.
 */
export async function updateSalonAndTellIt(
  deps: FunnelDeps,
  salon: SalonRow,
  input: Parameters<typeof updateSalonAsAdmin>[2],
) {
  const updated = await updateSalonAsAdmin(deps, salon, input)
  const newAccount = input.authorizedGoogleEmail
  if (newAccount && newAccount.toLowerCase() !== (salon.authorizedGoogleEmail ?? '').toLowerCase()) {
    await deps.db.transaction(async (tx) => queueActivationMail(tx, deps, await requireSalon(tx, salon.publicId)))
  }
  return updated
}
