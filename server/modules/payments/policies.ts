import { MIN_CHARGE_MINOR, type PaymentPolicy } from '@common/schemas/payments'
import type { PaymentPolicyRow } from '@server/db/schema'

/** A policy as the editor shows it, from its row (none without one). */
export function policyOfRow(row: PaymentPolicyRow | undefined): PaymentPolicy {
  if (!row) return { kind: 'none' }
  if (row.kind === 'guarantee') {
    return { kind: 'guarantee', feeMinor: row.feeMinor ?? 0, freeCancelHours: row.freeCancelHours }
  }
  return {
    kind: 'deposit',
    deposit:
      row.depositPercent !== null
        ? { type: 'percent', percent: row.depositPercent }
        : { type: 'fixed', amountMinor: row.depositMinor ?? 0 },
    freeCancelHours: row.freeCancelHours,
  }
}

/** The columns of a policy (none: no row). */
export function rowOfPolicy(policy: Exclude<PaymentPolicy, { kind: 'none' }>) {
  if (policy.kind === 'guarantee') {
    return {
      kind: 'guarantee' as const,
      depositMinor: null,
      depositPercent: null,
      feeMinor: policy.feeMinor,
      freeCancelHours: policy.freeCancelHours,
    }
  }
  return {
    kind: 'deposit' as const,
    depositMinor: policy.deposit.type === 'fixed' ? policy.deposit.amountMinor : null,
    depositPercent: policy.deposit.type === 'percent' ? policy.deposit.percent : null,
    feeMinor: null,
    freeCancelHours: policy.freeCancelHours,
  }
}

/** What a booking of a service at `priceMinor` asks under a policy: its deposit and fee; none when nothing can be charged. */
export interface Asked {
  kind: 'deposit' | 'guarantee'
  depositMinor: number
  feeMinor: number
  freeCancelHours: number
}

/**
 * The amounts a policy asks of a booking. A percentage is rounded to the cent and raised to the
 * smallest charge a card network takes; a deposit is never more than the price, and a service too
 * cheap for the smallest charge asks nothing.
 */
export function askedBy(policy: PaymentPolicy, priceMinor: number): Asked | undefined {
  if (policy.kind === 'none') return undefined
  if (policy.kind === 'guarantee') {
    return { kind: 'guarantee', depositMinor: 0, feeMinor: policy.feeMinor, freeCancelHours: policy.freeCancelHours }
  }
  const wanted =
    policy.deposit.type === 'fixed'
      ? policy.deposit.amountMinor
      : Math.max(MIN_CHARGE_MINOR, Math.round((priceMinor * policy.deposit.percent) / 100))
  const depositMinor = priceMinor > 0 ? Math.min(wanted, priceMinor) : wanted
  if (depositMinor < MIN_CHARGE_MINOR) return undefined
  return { kind: 'deposit', depositMinor, feeMinor: 0, freeCancelHours: policy.freeCancelHours }
}

/** Until when cancelling is free: the start minus the window (a window of 0: up to the start). */
export function freeCancelUntil(startsAt: Date, freeCancelHours: number): Date {
  return new Date(startsAt.getTime() - freeCancelHours * 60 * 60_000)
}
