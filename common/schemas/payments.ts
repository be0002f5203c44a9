import { z } from 'zod'

/**
 * Deposits and card guarantees (issue 41): a policy per service, what a booking asked and what was
 * paid, refunded, kept or charged, and the salon's payment account (Stripe Connect) as its card
 * shows it. Amounts are in minor units (cents) of the salon's currency.
 */

/** Stripe's smallest charge in euros, francs and pounds: 0.50. */
export const MIN_CHARGE_MINOR = 50
/** The largest amount a policy may ask (10,000.00). */
export const MAX_POLICY_MINOR = 1_000_000
/** A week at most: a salon's free-cancellation window in hours. */
export const MAX_FREE_CANCEL_HOURS = 168
/** How long a customer has to pay before the time is free again. */
export const PAYMENT_WINDOW_MINUTES = 15

const amountMinor = z.number().int().min(MIN_CHARGE_MINOR).max(MAX_POLICY_MINOR)
const freeCancelHours = z.number().int().min(0).max(MAX_FREE_CANCEL_HOURS)

/**
 * none; a deposit paid when booking (a fixed amount, or a percentage of the price), refunded when
 * cancelled inside the free window and kept after it or on a no-show; a card guarantee: the card
 * saved, nothing charged unless the customer cancels late or does not come (the fee).
 */
export const paymentPolicySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('deposit'),
    deposit: z.discriminatedUnion('type', [
      z.object({ type: z.literal('fixed'), amountMinor }),
      z.object({ type: z.literal('percent'), percent: z.number().int().min(1).max(100) }),
    ]),
    freeCancelHours,
  }),
  z.object({ kind: z.literal('guarantee'), feeMinor: amountMinor, freeCancelHours }),
])
export type PaymentPolicy = z.infer<typeof paymentPolicySchema>
export type PaymentPolicyKind = PaymentPolicy['kind']

/**
 * Whether the salon can ask for money: not_configured (no payment provider on this server),
 * not_connected (the salon has no account), incomplete (onboarding not finished or charges off),
 * ready.
 */
export const PAYMENT_READINESS = ['not_configured', 'not_connected', 'incomplete', 'ready'] as const
export type PaymentReadiness = (typeof PAYMENT_READINESS)[number]

/** GET /api/salons/:salonId/payment-policies — every service's policy, and whether they apply. */
export const paymentPoliciesSchema = z.object({
  readiness: z.enum(PAYMENT_READINESS),
  currency: z.string(),
  /** Service id → its policy (services without one are absent: none). */
  policies: z.record(z.string(), paymentPolicySchema),
})
export type PaymentPolicies = z.infer<typeof paymentPoliciesSchema>

/**
 * A booking's payment: awaiting (held until paid), paid (the deposit), secured (the card saved),
 * paid_at_salon, waived, expired (not paid in time: released), refunded, kept (cancelled late or
 * no-show: the deposit stays with the salon), fee_charged, fee_waiting (the bank asks the customer
 * to confirm the fee), fee_failed.
 */
export const BOOKING_PAYMENT_STATES = [
  'awaiting',
  'paid',
  'secured',
  'paid_at_salon',
  'waived',
  'expired',
  'refunded',
  'kept',
  'fee_charged',
  'fee_waiting',
  'fee_failed',
] as const
export type BookingPaymentState = (typeof BOOKING_PAYMENT_STATES)[number]

/** What moved: a deposit taken, refunded or kept, a fee charged, paid at the salon, or the policy waived. */
export const PAYMENT_MOVEMENT_KINDS = ['deposit', 'refund', 'kept', 'fee', 'paid_at_salon', 'waived'] as const
export type PaymentMovementKind = (typeof PAYMENT_MOVEMENT_KINDS)[number]

export const paymentMovementSchema = z.object({
  kind: z.enum(PAYMENT_MOVEMENT_KINDS),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** When, as an instant. */
  at: z.string(),
  /** Who: the customer (paid), the salon (at the desk), or Salonia (the rules). */
  actor: z.enum(['customer', 'salon', 'system']),
})
export type PaymentMovement = z.infer<typeof paymentMovementSchema>

/** GET /api/bookings/:bookingId/payment — the booking panel's payment (null: nothing was asked). */
export const bookingPaymentSchema = z.object({
  kind: z.enum(['deposit', 'guarantee']),
  state: z.enum(BOOKING_PAYMENT_STATES),
  currency: z.string(),
  /** The deposit asked (0 for a guarantee). */
  depositMinor: z.number().int(),
  /** The fee of a guarantee (0 for a deposit). */
  feeMinor: z.number().int(),
  freeCancelHours: z.number().int(),
  /** Until when a cancellation is free (an instant), or null once the booking is over. */
  freeCancelUntil: z.string().nullable(),
  /** Whether that is still to come, on the salon's clock (not the device's). */
  freeCancelOpen: z.boolean(),
  movements: z.array(paymentMovementSchema),
  /** What the desk may do now. */
  actions: z.array(z.enum(['paid_at_salon', 'waive', 'refund'])),
})
export type BookingPayment = z.infer<typeof bookingPaymentSchema>
export const bookingPaymentAnswerSchema = z.object({ payment: bookingPaymentSchema.nullable() })

/**
 * A booking's history line about money: asked (held until paid), taken, refunded, kept, a fee
 * charged or waiting for the customer, paid at the salon, waived, or released unpaid.
 */
export const PAYMENT_EVENT_WHATS = [
  'asked',
  'deposit',
  'card_saved',
  'refund',
  'kept',
  'fee',
  'fee_waiting',
  'fee_failed',
  'paid_at_salon',
  'waived',
  'expired',
] as const
export type PaymentEventWhat = (typeof PAYMENT_EVENT_WHATS)[number]
export const paymentEventSchema = z.object({
  what: z.enum(PAYMENT_EVENT_WHATS),
  amountMinor: z.number().int(),
  currency: z.string(),
})
export type PaymentEvent = z.infer<typeof paymentEventSchema>

/** The payment account's card (client-access area). */
export const PAYMENT_ACCOUNT_STATES = ['not_configured', 'not_connected', 'onboarding', 'ready', 'restricted'] as const
export type PaymentAccountState = (typeof PAYMENT_ACCOUNT_STATES)[number]

export const paymentAccountCardSchema = z.object({
  state: z.enum(PAYMENT_ACCOUNT_STATES),
  /** The provider's account id (acct_…), once created. */
  accountId: z.string().nullable(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** What the provider still needs (its requirement names, e.g. `external_account`). */
  missing: z.array(z.string()),
  currency: z.string().nullable(),
  /** The last 30 days: deposits taken, refunded, kept and fees charged (minor units). */
  figures: z
    .object({ deposits: z.number().int(), refunded: z.number().int(), kept: z.number().int(), fees: z.number().int() })
    .nullable(),
})
export type PaymentAccountCard = z.infer<typeof paymentAccountCardSchema>

/** POST /api/salons/:salonId/stripe/onboarding — where the owner continues onboarding. */
export const paymentOnboardingSchema = z.object({ url: z.string() })

/** GET /api/salons/:salonId/payment-figures?days= — the overview's money over a period. */
export const paymentFiguresSchema = z.object({
  currency: z.string(),
  days: z.number().int(),
  depositsMinor: z.number().int(),
  refundedMinor: z.number().int(),
  keptMinor: z.number().int(),
  feesMinor: z.number().int(),
  /** No-shows per 100 appointments that were due, before the first policy and since (null: no such period). */
  noShowRate: z.object({ before: z.number().nullable(), after: z.number().nullable(), since: z.string().nullable() }),
})
export type PaymentFigures = z.infer<typeof paymentFiguresSchema>

/** The customer's booking page: what the booking asks and what happened to it. */
export const bookingPagePaymentSchema = z.object({
  kind: z.enum(['deposit', 'guarantee']),
  state: z.enum(BOOKING_PAYMENT_STATES),
  currency: z.string(),
  depositMinor: z.number().int(),
  feeMinor: z.number().int(),
  freeCancelUntil: z.string().nullable(),
  /** Whether that is still to come, on the salon's clock (not the device's). */
  freeCancelOpen: z.boolean(),
  /** Held: until when, and where to pay (our link, which leads to the payment page). */
  heldUntil: z.string().nullable(),
  payUrl: z.string().nullable(),
  movements: z.array(paymentMovementSchema),
})
export type BookingPagePayment = z.infer<typeof bookingPagePaymentSchema>
