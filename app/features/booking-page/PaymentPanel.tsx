import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { cn } from '@app/lib/cn'
import { formatLocalDay } from '@app/lib/format'
import { formatMoney } from '@app/lib/format-intl'
import { currentLanguage } from '@app/lib/i18n'
import type { Language } from '@common/languages'
import type { BookingStatus } from '@common/schemas/booking'
import type { BookingPage } from '@common/schemas/booking-page'
import type { BookingPagePayment, PaymentMovement } from '@common/schemas/payments'
import { instantToLocal } from '@common/time'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { Banknote, CircleAlert, CircleCheckBig, Clock3, CreditCard, LoaderCircle, ShieldCheck } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearch } from 'wouter'
import { fetchPayment, paymentKey } from './booking-page-api'

/** Back from the payment page: how often the page reads again, and for how long at most. */
export const CONFIRM_POLL_MS = 2000
export const CONFIRM_WATCH_MS = 30_000

/**
 * How the customer came back to their page from the payment link: paid (`?paid=1`, the payment
 * page's return), or the payment page could not be opened (`?payment=unavailable`).
 */
export type PaymentReturn = 'paid' | 'unavailable' | undefined

export function usePaymentReturn(): PaymentReturn {
  const search = new URLSearchParams(useSearch())
  if (search.get('paid') === '1') return 'paid'
  if (search.get('payment') === 'unavailable') return 'unavailable'
  return undefined
}

/** True from the first render while `active`, for `ms` at most: the page watches for a payment's confirmation. */
export function useWatchWindow(active: boolean, ms = CONFIRM_WATCH_MS): boolean {
  const [within, setWithin] = useState(active)
  useEffect(() => {
    if (!active) return
    setWithin(true)
    const timer = setTimeout(() => setWithin(false), ms)
    return () => clearTimeout(timer)
  }, [active, ms])
  return active && within
}

/**
 * The booking's payment (null: it asks for nothing), read once the page is, and again whenever the
 * booking's status changes; while `watching`, every 2 s as long as it still waits for the money.
 */
export function useBookingPagePayment(token: string, status: BookingStatus | undefined, watching: boolean) {
  return useQuery({
    queryKey: paymentKey(token, status),
    queryFn: () => fetchPayment(token),
    enabled: status !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      watching && (status === 'held' || query.state.data?.state === 'fee_waiting') ? CONFIRM_POLL_MS : false,
  })
}

/** The salon's clock reading of an instant: its day in words and its time. */
function salonTime(instant: string, timeZone: string, language: Language) {
  const local = instantToLocal(Date.parse(instant), timeZone)
  return { date: local.date, day: formatLocalDay(local.date, language), time: local.time }
}

/**
 * What the customer's page says of the money (issue 41): a held booking's step — pay the deposit
 * or save the card before the time is released (not while a payment just made is being
 * confirmed) —, a fee the bank asks them to confirm, otherwise what was paid, refunded, kept or
 * charged, and the policy while it still applies.
 */
export function PaymentPanel({
  page,
  payment,
  confirming = false,
}: {
  page: BookingPage
  payment: BookingPagePayment
  /** Back from paying, the booking not yet confirmed: the notice above says so, nothing to pay again. */
  confirming?: boolean
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const money = (minor: number) => formatMoney(minor, payment.currency, language)
  const deposit = payment.kind === 'deposit'
  const waitingToPay = payment.state === 'awaiting' && page.status === 'held' && payment.payUrl
  const waitingForFee = payment.state === 'fee_waiting' && payment.payUrl
  const asking = (waitingToPay || waitingForFee) && !confirming
  const policy = policyText(t, page, payment, money(payment.feeMinor), language)

  return (
    <Card
      className={cn('flex min-w-0 flex-col gap-4 p-6 sm:p-7', asking && 'border-primary/40')}
      aria-labelledby="booking-payment-title"
      role="region"
    >
      <h2 id="booking-payment-title" className="flex items-center gap-2 font-display text-xl font-semibold">
        {deposit ? (
          <Banknote aria-hidden className="size-5 shrink-0 text-primary" />
        ) : (
          <CreditCard aria-hidden className="size-5 shrink-0 text-primary" />
        )}
        <span className="min-w-0 break-words">
          {deposit
            ? t('bookingPage.payment.title.deposit', { amount: money(payment.depositMinor) })
            : t('bookingPage.payment.title.guarantee')}
        </span>
      </h2>

      {!asking && (waitingToPay || waitingForFee) ? null : waitingToPay ? (
        <>
          <p className="break-words leading-relaxed">
            {payment.heldUntil
              ? t(`bookingPage.payment.awaiting.${payment.kind}`, {
                  time: salonTime(payment.heldUntil, page.timeZone, language).time,
                  amount: money(payment.depositMinor),
                })
              : t(`bookingPage.payment.awaitingNow.${payment.kind}`, { amount: money(payment.depositMinor) })}
          </p>
          <Button asChild className="w-full sm:w-auto sm:self-start">
            <a href={waitingToPay}>
              <CreditCard aria-hidden className="size-4" />
              {t(`bookingPage.payment.pay.${payment.kind}`)}
            </a>
          </Button>
        </>
      ) : waitingForFee ? (
        <>
          <p className="break-words leading-relaxed">
            {t('bookingPage.payment.feeWaiting', { amount: money(payment.feeMinor) })}
          </p>
          <Button asChild className="w-full sm:w-auto sm:self-start">
            <a href={waitingForFee}>
              <ShieldCheck aria-hidden className="size-4" />
              {t('bookingPage.payment.confirmFee')}
            </a>
          </Button>
        </>
      ) : (
        <p className="break-words leading-relaxed">{t(`bookingPage.payment.states.${payment.state}`)}</p>
      )}

      {payment.movements.length > 0 && (
        <ul className="flex flex-col gap-2 border-l-2 border-line/80 pl-4 text-sm">
          {payment.movements.map((movement) => (
            <MovementLine
              key={`${movement.kind}-${movement.at}`}
              movement={movement}
              timeZone={page.timeZone}
              language={language}
            />
          ))}
        </ul>
      )}

      {policy && (
        <p className="flex gap-2 text-sm text-ink-soft">
          <Clock3 aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0 break-words">{policy}</span>
        </p>
      )}
    </Card>
  )
}

/**
 * The policy while it still decides something (the deposit paid or asked, the card saved, the
 * appointment to come): free cancellation until when, and what happens after.
 */
function policyText(
  t: TFunction,
  page: BookingPage,
  payment: BookingPagePayment,
  fee: string,
  language: Language,
): string | undefined {
  const applies = payment.state === 'awaiting' || payment.state === 'paid' || payment.state === 'secured'
  const toCome = page.status === 'held' || page.status === 'confirmed' || page.status === 'pending'
  if (!applies || !toCome || !payment.freeCancelUntil) return undefined
  const kind = payment.kind
  if (!payment.freeCancelOpen) return t(`bookingPage.payment.policy.passed.${kind}`, { fee })
  const until = salonTime(payment.freeCancelUntil, page.timeZone, language)
  return until.date === page.localDate
    ? t(`bookingPage.payment.policy.untilSameDay.${kind}`, { time: until.time, fee })
    : t(`bookingPage.payment.policy.until.${kind}`, { day: until.day, time: until.time, fee })
}

/** One thing that happened to the money, with when (the salon's clock). */
function MovementLine({
  movement,
  timeZone,
  language,
}: {
  movement: PaymentMovement
  timeZone: string
  language: Language
}) {
  const { t } = useTranslation()
  const when = salonTime(movement.at, timeZone, language)
  return (
    <li className="flex min-w-0 flex-col">
      <span className="break-words font-medium">
        {t(`bookingPage.payment.movements.${movement.kind}`, {
          amount: formatMoney(movement.amountMinor, movement.currency, language),
        })}
      </span>
      <time dateTime={movement.at} className="text-ink-soft">
        {t('bookingPage.payment.on', { day: when.day, time: when.time })}
      </time>
    </li>
  )
}

/**
 * What the page says on coming back from the payment link: the payment received and the booking
 * being confirmed (then confirmed, or taking longer than it should), or the payment page out of
 * reach for now while the time stays held.
 */
export function PaymentReturnNotice({
  back,
  watching,
  page,
  payment,
}: {
  back: PaymentReturn
  watching: boolean
  page: BookingPage
  payment: BookingPagePayment | null | undefined
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  if (back === 'unavailable') {
    if (payment?.state !== 'awaiting' || page.status !== 'held') return null
    const until = payment.heldUntil ? salonTime(payment.heldUntil, page.timeZone, language).time : undefined
    return (
      <Notice tone="warning" icon={<CircleAlert className="size-5" />}>
        {until ? t('bookingPage.payment.unavailable', { time: until }) : t('bookingPage.payment.unavailableNoTime')}
      </Notice>
    )
  }
  if (back !== 'paid') return null
  if (page.status === 'held' || (payment?.state === 'fee_waiting' && watching)) {
    return watching ? (
      <Notice tone="info" icon={<LoaderCircle className="size-5 motion-safe:animate-spin" />}>
        {page.status === 'held' ? t('bookingPage.payment.received') : t('bookingPage.payment.receivedFee')}
      </Notice>
    ) : (
      <Notice tone="warning" icon={<Clock3 className="size-5" />}>
        {t('bookingPage.payment.slow')}
      </Notice>
    )
  }
  const settled = page.status === 'confirmed' || page.status === 'pending'
  if (settled && (payment?.state === 'paid' || payment?.state === 'secured'))
    return (
      <Notice tone="success" icon={<CircleCheckBig className="size-5" />}>
        {t('bookingPage.payment.confirmed')}
      </Notice>
    )
  if (payment?.state === 'fee_charged')
    return (
      <Notice tone="success" icon={<CircleCheckBig className="size-5" />}>
        {t('bookingPage.payment.feePaid')}
      </Notice>
    )
  return null
}

const NOTICE_TONES = {
  info: 'border-primary/30 bg-primary-soft/60 [&>span]:text-primary',
  success: 'border-success/30 bg-success-soft [&>span]:text-success',
  warning: 'border-warning/30 bg-warning-soft [&>span]:text-warning',
} as const

function Notice({ tone, icon, children }: { tone: keyof typeof NOTICE_TONES; icon: ReactNode; children: ReactNode }) {
  return (
    <div role="status" className={cn('flex gap-3 rounded-2xl border p-4 text-ink', NOTICE_TONES[tone])}>
      <span aria-hidden className="mt-0.5 shrink-0">
        {icon}
      </span>
      <p className="min-w-0 break-words text-sm font-medium leading-relaxed">{children}</p>
    </div>
  )
}
