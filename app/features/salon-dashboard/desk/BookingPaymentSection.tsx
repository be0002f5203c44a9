import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import { formatMoney } from '@app/lib/format-intl'
import { currentLanguage } from '@app/lib/i18n'
import type { Language } from '@common/languages'
import type { Booking } from '@common/schemas/booking'
import {
  type BookingPayment,
  type BookingPaymentState,
  PAYMENT_WINDOW_MINUTES,
  type PaymentMovement,
} from '@common/schemas/payments'
import { instantToLocal } from '@common/time'
import type { TFunction } from 'i18next'
import {
  Banknote,
  CircleAlert,
  CircleCheck,
  CircleMinus,
  CircleX,
  CreditCard,
  HandCoins,
  Hourglass,
  Info,
  RotateCcw,
  ShieldCheck,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalon } from '../dashboard-api'
import { dayLabel, shortDay } from './desk-format'
import { type DeskPaymentAction, paymentErrorText, useBookingPayment, useDeskPaymentAction } from './payment-api'

/** How a state reads at a glance: waiting in yellow, money in or settled in green, lost or declined in red. */
const STATE_LOOKS: Record<BookingPaymentState, { icon: typeof Hourglass; className: string }> = {
  awaiting: { icon: Hourglass, className: 'text-warning' },
  paid: { icon: CircleCheck, className: 'text-success' },
  secured: { icon: CircleCheck, className: 'text-success' },
  paid_at_salon: { icon: CircleCheck, className: 'text-success' },
  waived: { icon: CircleMinus, className: 'text-ink-soft' },
  expired: { icon: CircleX, className: 'text-danger' },
  refunded: { icon: RotateCcw, className: 'text-info' },
  kept: { icon: Info, className: 'text-info' },
  fee_charged: { icon: Info, className: 'text-info' },
  fee_waiting: { icon: Hourglass, className: 'text-warning' },
  fee_failed: { icon: CircleX, className: 'text-danger' },
}

/** The states in which the free-cancellation window still decides something (the money is held). */
const WINDOW_MATTERS: ReadonlySet<BookingPaymentState> = new Set(['awaiting', 'paid', 'secured'])

/** How long the panel watches a refund it asked for before leaving it to the next opening. */
const REFUND_WATCH_MS = 60_000

/**
 * A booking's deposit or card guarantee at the desk (issue 41): where it stands, what it asks, the
 * money that moved, and what the salon may do now — paid at the salon or waived for a booking held
 * for its payment, a deposit refunded. Nothing when the booking asked for nothing.
 */
export function BookingPaymentSection({ salonId, booking }: { salonId: string; booking: Booking }) {
  const { t } = useTranslation()
  const [refundWatchUntil, setRefundWatchUntil] = useState<number>()
  const query = useBookingPayment(booking.id, refundWatchUntil)
  const timeZone = useSalon(salonId).data?.timeZone
  const act = useDeskPaymentAction(salonId, booking.id)
  const [asking, setAsking] = useState<'waive' | 'refund'>()
  const [refusal, setRefusal] = useState<string>()

  if (query.isError) {
    return (
      <p className="flex gap-2 text-sm text-ink-soft">
        <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {t('paymentDesk.loadFailed')}
      </p>
    )
  }
  const payment = query.data
  if (!payment) return null

  const language = currentLanguage()
  const money = (minor: number) => formatMoney(minor, payment.currency, language)
  const refundAsked = refundWatchUntil !== undefined && payment.actions.includes('refund')

  const run = (action: DeskPaymentAction) => {
    setRefusal(undefined)
    act.mutate(action, {
      onSuccess: () => {
        setAsking(undefined)
        if (action === 'refund') setRefundWatchUntil(Date.now() + REFUND_WATCH_MS)
        toast({ title: t(`paymentDesk.done.${action}`), tone: 'success' })
      },
      onError: (error) => {
        setAsking(undefined)
        setRefusal(paymentErrorText(t, error))
      },
    })
  }

  const look = STATE_LOOKS[payment.state]
  const StateIcon = look.icon
  const actions = payment.actions.filter((action) => !(action === 'refund' && refundAsked))
  const freeCancel = WINDOW_MATTERS.has(payment.state) ? freeCancelText(t, payment, timeZone, language) : undefined

  return (
    <section className="flex min-w-0 flex-col gap-2" aria-labelledby="booking-payment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="booking-payment" className="text-sm font-semibold">
          {t('paymentDesk.title')}
        </h3>
        <Badge tone="neutral">
          {payment.kind === 'deposit' ? (
            <Banknote aria-hidden className="size-3.5" />
          ) : (
            <CreditCard aria-hidden className="size-3.5" />
          )}
          {t(`paymentDesk.kinds.${payment.kind}`)}
        </Badge>
      </div>
      <div className="flex min-w-0 flex-col gap-3 rounded-xl border border-line/80 p-3">
        <p className="flex min-w-0 gap-2 text-sm font-medium text-ink">
          <StateIcon aria-hidden className={cn('mt-0.5 size-4 shrink-0', look.className)} />
          <span className="min-w-0 break-words">{stateText(t, payment, booking, timeZone)}</span>
        </p>
        <dl className="flex min-w-0 flex-col gap-1 text-sm">
          {payment.kind === 'deposit' ? (
            <Amount label={t('paymentDesk.amounts.deposit')}>{money(payment.depositMinor)}</Amount>
          ) : (
            <Amount label={t('paymentDesk.amounts.fee')}>{money(payment.feeMinor)}</Amount>
          )}
        </dl>
        {freeCancel && <p className="break-words text-sm text-ink-soft">{freeCancel}</p>}

        {payment.movements.length > 0 && (
          <div className="flex min-w-0 flex-col gap-1.5">
            <h4 className="text-xs font-medium text-ink-soft">{t('paymentDesk.ledger.title')}</h4>
            <ul className="flex flex-col divide-y divide-line/70 text-sm">
              {payment.movements.map((movement) => (
                <Movement
                  key={`${movement.kind}-${movement.at}`}
                  movement={movement}
                  timeZone={timeZone}
                  language={language}
                />
              ))}
            </ul>
          </div>
        )}

        {refundAsked && (
          <p role="status" className="flex gap-2 text-sm text-ink-soft">
            <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('paymentDesk.refundAsked')}
          </p>
        )}

        {actions.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {actions.includes('paid_at_salon') && (
              <DeskButton icon={<HandCoins className="size-4" />} onClick={() => run('paid_at_salon')} busy={act}>
                {t('paymentDesk.actions.paidAtSalon')}
              </DeskButton>
            )}
            {actions.includes('waive') && (
              <DeskButton icon={<ShieldCheck className="size-4" />} onClick={() => setAsking('waive')} busy={act}>
                {t('paymentDesk.actions.waive')}
              </DeskButton>
            )}
            {actions.includes('refund') && (
              <DeskButton icon={<RotateCcw className="size-4" />} onClick={() => setAsking('refund')} busy={act}>
                {t('paymentDesk.actions.refund')}
              </DeskButton>
            )}
          </div>
        )}
        {refusal && (
          <p role="alert" className="flex gap-2 rounded-xl bg-danger-soft p-3 text-sm text-ink">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
            {refusal}
          </p>
        )}
      </div>

      <ConfirmDialog
        open={asking === 'waive'}
        onClose={() => setAsking(undefined)}
        onConfirm={() => run('waive')}
        pending={act.isPending}
        submitVariant="primary"
        title={t('paymentDesk.confirmWaive.title')}
        description={t(`paymentDesk.confirmWaive.description.${payment.kind}`)}
        submitLabel={t('paymentDesk.confirmWaive.confirm')}
        dismissLabel={t('paymentDesk.confirmWaive.keep')}
      />
      <ConfirmDialog
        open={asking === 'refund'}
        onClose={() => setAsking(undefined)}
        onConfirm={() => run('refund')}
        pending={act.isPending}
        title={t('paymentDesk.confirmRefund.title', { amount: money(payment.depositMinor) })}
        description={t('paymentDesk.confirmRefund.description', {
          amount: money(payment.depositMinor),
          customer: booking.clientName,
        })}
        submitLabel={t('paymentDesk.confirmRefund.confirm', { amount: money(payment.depositMinor) })}
        dismissLabel={t('paymentDesk.confirmRefund.keep')}
      />
    </section>
  )
}

/** The state in words; a held booking's with until when the customer may pay (the time is released then). */
function stateText(t: TFunction, payment: BookingPayment, booking: Booking, timeZone: string | undefined): string {
  if (payment.state === 'awaiting' && booking.status === 'held' && timeZone) {
    const until = Date.parse(booking.createdAt) + PAYMENT_WINDOW_MINUTES * 60_000
    if (Number.isFinite(until))
      return t('paymentDesk.states.awaitingUntil', { time: instantToLocal(until, timeZone).time })
  }
  return t(`paymentDesk.states.${payment.state}`)
}

/** "Free cancellation until Tuesday 1 December at 10:00" on the salon's clock; passed, said so. */
function freeCancelText(
  t: TFunction,
  payment: BookingPayment,
  timeZone: string | undefined,
  language: Language,
): string | undefined {
  const ends = payment.kind === 'deposit' ? 'deposit' : 'guarantee'
  if (payment.freeCancelHours === 0) return t(`paymentDesk.freeCancel.untilStart.${ends}`)
  if (!payment.freeCancelUntil || !timeZone) return undefined
  const at = Date.parse(payment.freeCancelUntil)
  const local = instantToLocal(at, timeZone)
  const words = { day: dayLabel(local.date, language), time: local.time }
  return payment.freeCancelOpen
    ? t(`paymentDesk.freeCancel.until.${ends}`, words)
    : t(`paymentDesk.freeCancel.ended.${ends}`, words)
}

function Amount({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-ink-soft">{label}</dt>
      <dd className="font-medium tabular-nums text-ink">{children}</dd>
    </div>
  )
}

/** One line of the ledger: what moved, when and by whom, and how much (a waiver moves nothing). */
function Movement({
  movement,
  timeZone,
  language,
}: {
  movement: PaymentMovement
  timeZone: string | undefined
  language: Language
}) {
  const { t } = useTranslation()
  const local = timeZone ? instantToLocal(Date.parse(movement.at), timeZone) : undefined
  const who = t(`paymentDesk.ledger.by.${movement.actor}`)
  return (
    <li className="flex min-w-0 items-baseline justify-between gap-3 py-1.5 first:pt-0 last:pb-0">
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="break-words font-medium text-ink">{t(`paymentDesk.ledger.kinds.${movement.kind}`)}</span>
        <span className="text-xs text-ink-soft">
          {local ? (
            <time dateTime={movement.at} className="tabular-nums">
              {shortDay(local.date, language)} {local.time}
            </time>
          ) : null}
          {local ? ' · ' : ''}
          {who}
        </span>
      </span>
      {movement.kind !== 'waived' && (
        <span className="whitespace-nowrap font-medium tabular-nums text-ink">
          {formatMoney(movement.amountMinor, movement.currency, language)}
        </span>
      )}
    </li>
  )
}

function DeskButton({
  icon,
  onClick,
  busy,
  children,
}: {
  icon: ReactNode
  onClick: () => void
  busy: { isPending: boolean }
  children: ReactNode
}) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} disabled={busy.isPending}>
      <span aria-hidden>{icon}</span>
      {children}
    </Button>
  )
}
