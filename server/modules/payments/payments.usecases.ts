import { currencyForCountry } from '@common/countries'
import type { PaymentFigures, PaymentPolicies, PaymentPolicy, PaymentReadiness } from '@common/schemas/payments'
import type { Clock } from '@server/clock'
import type { Config } from '@server/config'
import type { Database } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { noShowFigures } from '@server/modules/bookings/bookings.usecases'
import { activeProvider } from './payment-providers'
import { paymentsNotReady, serviceNotFound } from './payments.errors'
import * as repo from './payments.repository'
import { policyOfRow, rowOfPolicy } from './policies'

interface PolicyDeps {
  db: Database
  clock: Clock
  config: Config
}

const DAY_MS = 24 * 60 * 60_000

/** Whether the salon can take money now: no provider on this server, no account, not finished, or ready. */
export async function salonReadiness(deps: PolicyDeps, salonId: string): Promise<PaymentReadiness> {
  const provider = activeProvider(deps.config)
  if (!provider) return 'not_configured'
  return (await provider.readiness(deps.db, salonId)).readiness
}

/** GET /api/salons/:id/payment-policies — the services' policies, and whether they apply now. */
export async function paymentPolicies(deps: PolicyDeps, salon: SalonRow): Promise<PaymentPolicies> {
  const rows = await repo.listPolicies(deps.db, salon.id)
  return {
    readiness: await salonReadiness(deps, salon.id),
    currency: currencyForCountry(salon.country),
    policies: Object.fromEntries(rows.map((row) => [row.serviceId, policyOfRow(row)])),
  }
}

/**
 * PUT /api/salons/:id/services/:serviceId/payment-policy — a service's policy (none removes it).
 * Refused on a server that takes no payments; allowed while the account is being finished, so the
 * owner can prepare it. Bookings already made keep what they agreed to.
 */
export async function savePaymentPolicy(
  deps: PolicyDeps,
  salon: SalonRow,
  serviceId: string,
  policy: PaymentPolicy,
): Promise<PaymentPolicy> {
  if (!(await repo.isSalonService(deps.db, salon.id, serviceId))) throw serviceNotFound()
  if (policy.kind === 'none') {
    await repo.removePolicy(deps.db, serviceId)
    return policy
  }
  if ((await salonReadiness(deps, salon.id)) === 'not_configured') throw paymentsNotReady()
  await repo.savePolicy(deps.db, { serviceId, salonId: salon.id, ...rowOfPolicy(policy) }, deps.clock.now())
  return policy
}

/**
 * GET /api/salons/:id/payment-figures?days= — deposits taken, refunded and kept and fees charged
 * over the last `days`, and the no-show rate over as many days before the first booking that
 * asked for money and since.
 */
/** The money of the last `days`: deposits taken (online or at the salon), refunded, kept, and fees. */
export async function paymentSums(deps: Omit<PolicyDeps, 'config'>, salonId: string, days: number) {
  const now = deps.clock.now()
  const sums = await repo.sumMovements(deps.db, salonId, new Date(now.getTime() - days * DAY_MS), now)
  return {
    depositsMinor: (sums.deposit ?? 0) + (sums.paid_at_salon ?? 0),
    refundedMinor: sums.refund ?? 0,
    keptMinor: sums.kept ?? 0,
    feesMinor: sums.fee ?? 0,
  }
}

export async function paymentFigures(deps: PolicyDeps, salon: SalonRow, days: number): Promise<PaymentFigures> {
  const now = deps.clock.now()
  const sums = await paymentSums(deps, salon.id, days)
  const since = await repo.firstPaymentAt(deps.db, salon.id)
  const rate = (counted: { appointments: number; noShows: number }) =>
    counted.appointments > 0 ? Math.round((counted.noShows / counted.appointments) * 1000) / 10 : null
  let before: number | null = null
  let after: number | null = null
  if (since) {
    const spanDays = Math.max(1, Math.ceil((now.getTime() - since.getTime()) / DAY_MS))
    after = rate(await noShowFigures(deps.db, salon.id, now, spanDays))
    before = rate(await noShowFigures(deps.db, salon.id, since, Math.min(spanDays, 365)))
  }
  return {
    currency: currencyForCountry(salon.country),
    days,
    ...sums,
    noShowRate: { before, after, since: since?.toISOString() ?? null },
  }
}
