import { DismissibleAlert } from '@app/components/DismissibleAlert'
import { LanguageSwitcher } from '@app/components/layout/LanguageSwitcher'
import { Logo } from '@app/components/layout/Logo'
import { StatusMessage } from '@app/components/StatusMessage'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { AppointmentCard } from '@app/features/booking-page/AppointmentCard'
import {
  bookingPageKey,
  calendarFileUrl,
  cancelAppointment,
  fetchBookingPage,
  moveAppointment,
  refusedLinkKey,
} from '@app/features/booking-page/booking-page-api'
import { formatNotice } from '@app/features/booking-page/format-notice'
import { MovePanel } from '@app/features/booking-page/MovePanel'
import {
  CONFIRM_POLL_MS,
  PaymentPanel,
  PaymentReturnNotice,
  useBookingPagePayment,
  usePaymentReturn,
  useWatchWindow,
} from '@app/features/booking-page/PaymentPanel'
import { ApiError } from '@app/lib/api'
import { cn } from '@app/lib/cn'
import { formatLocalDay } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import { usePageTitle } from '@app/lib/page-title'
import { useCustomerLanguage, useNoIndex } from '@app/lib/personal-page'
import type { BookingPage as Page } from '@common/schemas/booking-page'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarArrowDown, CalendarClock, CalendarX2, Clock3, Link2Off, PhoneCall } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'wouter'

/**
 * The customer's own booking page, opened by the personal link of their confirmation, reminder or
 * e-mail (`/r/<token>`): no account, no sign-in. It shows the appointment in the customer's
 * language and lets them add it to their calendar, move it to a free time or cancel it — until the
 * salon's cancellation notice; after it, the salon's phone.
 */
export default function BookingPage() {
  const { token = '' } = useParams<{ token: string }>()
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  // A link the server never gave out: it rendered the refusal (404), and the browser keeps it.
  const refused = queryClient.getQueryData<boolean>(refusedLinkKey(token)) === true
  // Back from paying (`?paid=1`): the payment confirms the booking a moment later; read again
  // every 2 s, for 30 s at most, while it is still held.
  const back = usePaymentReturn()
  const watching = useWatchWindow(back === 'paid')
  const page = useQuery({
    queryKey: bookingPageKey(token),
    queryFn: () => fetchBookingPage(token),
    enabled: !refused,
    refetchInterval: (query) => (watching && query.state.data?.status === 'held' ? CONFIRM_POLL_MS : false),
  })
  const payment = useBookingPagePayment(token, page.data?.status, watching)
  const [moving, setMoving] = useState(false)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | undefined>()
  useNoIndex()
  useCustomerLanguage(page.data?.language)
  usePageTitle(page.data ? t('bookingPage.title', { salon: page.data.salon.name }) : undefined)

  const settle = (updated: Page, text: string) => {
    queryClient.setQueryData(bookingPageKey(token), updated)
    void queryClient.invalidateQueries({ queryKey: [...bookingPageKey(token), 'times'] })
    setNotice({ tone: 'success', text })
  }
  const refuse = (error: unknown) => {
    setNotice({ tone: 'danger', text: t(errorText(error)) })
    // What the page shows may be out of date (too late now, the time taken): read it again.
    void queryClient.invalidateQueries({ queryKey: bookingPageKey(token) })
  }
  const cancel = useMutation({
    mutationFn: () => cancelAppointment(token),
    onSuccess: (updated) => {
      setConfirmCancel(false)
      settle(updated, t('bookingPage.cancelled'))
    },
    onError: (error) => {
      setConfirmCancel(false)
      refuse(error)
    },
  })
  const move = useMutation({
    mutationFn: (startsAt: string) => moveAppointment(token, startsAt),
    onSuccess: (updated) => {
      setMoving(false)
      const day = formatLocalDay(updated.localDate, currentLanguage())
      settle(updated, t('bookingPage.moved', { day, time: updated.localTime }))
    },
    onError: refuse,
  })

  // The page's own frame while it loads (no shared spinner: it would cost the chat a chunk of its own).
  if (refused) return <LinkProblem kind="notFound" />
  if (page.isPending) return <div role="status" aria-label={t('common.loading')} className="min-h-dvh bg-sand/50" />
  if (page.isError) return <LinkProblem kind={problemOf(page.error)} error={page.error} />
  const data = page.data
  const holdsItsTime = data.status === 'confirmed' || data.status === 'pending'
  const paymentShown = payment.data ? <PaymentPanel page={data} payment={payment.data} confirming={watching} /> : null
  // What the customer has to do now comes first: pay to keep the time, confirm a fee.
  const paymentFirst =
    (payment.data?.state === 'awaiting' && data.status === 'held') || payment.data?.state === 'fee_waiting'

  return (
    <div className="flex min-h-dvh flex-col bg-sand/50">
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <span className="min-w-0 truncate font-display text-xl font-semibold">{data.salon.name}</span>
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 pb-12 pt-2">
        {notice && <DismissibleAlert tone={notice.tone} text={notice.text} onDismiss={() => setNotice(undefined)} />}
        <PaymentReturnNotice back={back} watching={watching} page={data} payment={payment.data} />
        {paymentFirst && paymentShown}
        <AppointmentCard page={data} />
        {!paymentFirst && paymentShown}
        {moving && data.canMove ? (
          <MovePanel
            token={token}
            page={data}
            moving={move.isPending}
            onMove={(time) => move.mutate(time.startsAt)}
            onBack={() => setMoving(false)}
          />
        ) : (
          <Actions
            page={data}
            token={token}
            holdsItsTime={holdsItsTime}
            onMove={() => {
              setNotice(undefined)
              setMoving(true)
            }}
            onCancel={() => setConfirmCancel(true)}
          />
        )}
      </main>
      <footer className="pb-6 text-center text-xs text-ink-soft">{t('bookingPage.poweredBy')}</footer>
      <ConfirmDialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() => cancel.mutate()}
        pending={cancel.isPending}
        title={t('bookingPage.cancelDialog.title')}
        description={t('bookingPage.cancelDialog.description', {
          service: data.service,
          day: formatLocalDay(data.localDate, currentLanguage()),
          time: data.localTime,
        })}
        submitLabel={t('bookingPage.cancelDialog.confirm')}
        dismissLabel={t('bookingPage.cancelDialog.keep')}
      />
    </div>
  )
}

function Actions({
  page,
  token,
  holdsItsTime,
  onMove,
  onCancel,
}: {
  page: Page
  token: string
  holdsItsTime: boolean
  onMove: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  if (page.status === 'cancelled') {
    return (
      <Card className="flex flex-col items-start gap-4 p-6 sm:p-7">
        <p className="flex items-center gap-2 font-medium">
          <CalendarX2 aria-hidden className="size-5 text-danger" />
          {t('bookingPage.isCancelled')}
        </p>
        <Button asChild>
          <a href={page.salon.chatPath}>{t('bookingPage.bookAgain')}</a>
        </Button>
      </Card>
    )
  }
  const untilDate = page.changeableUntilLocal.slice(0, 10)
  return (
    <Card className="flex flex-col gap-5 p-6 sm:p-7">
      {/* Two columns only when there are two actions side by side: alone, a long label keeps its room. */}
      <div className={cn('grid gap-2', page.canMove && 'sm:grid-cols-2')}>
        {page.canMove && (
          <Button onClick={onMove}>
            <CalendarClock aria-hidden className="size-4" />
            {t('bookingPage.move.open')}
          </Button>
        )}
        <Button asChild variant="outline">
          <a href={calendarFileUrl(token)} download>
            <CalendarArrowDown aria-hidden className="size-4" />
            {t('bookingPage.addToCalendar')}
          </a>
        </Button>
        {page.canCancel && (
          <Button variant="dangerGhost" className={cn(page.canMove && 'sm:col-span-2')} onClick={onCancel}>
            <CalendarX2 aria-hidden className="size-4" />
            {t('bookingPage.cancel')}
          </Button>
        )}
      </div>
      {page.canCancel ? (
        <p className="flex gap-2 text-sm text-ink-soft">
          <Clock3 aria-hidden className="mt-0.5 size-4 shrink-0" />
          {untilDate === page.localDate
            ? t('bookingPage.changeUntilSameDay', { time: page.changeableUntilLocal.slice(11) })
            : t('bookingPage.changeUntil', {
                day: formatLocalDay(untilDate, language),
                time: page.changeableUntilLocal.slice(11),
              })}
        </p>
      ) : (
        holdsItsTime && (
          <div className="flex gap-3 rounded-xl bg-warning-soft px-4 py-3 text-sm">
            <PhoneCall aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            <p>
              {t('bookingPage.tooLate', { notice: formatNotice(page.cancellationNoticeMinutes, language) })}{' '}
              {page.salon.phone ? (
                <a className="font-semibold text-primary" href={`tel:${page.salon.phone.replace(/[^\d+]/g, '')}`}>
                  {page.salon.phone}
                </a>
              ) : (
                t('bookingPage.tooLateNoPhone')
              )}
            </p>
          </div>
        )
      )}
    </Card>
  )
}

type Problem = 'expired' | 'notFound' | 'other'

function problemOf(error: unknown): Problem {
  const code = error instanceof ApiError ? error.code : undefined
  return code === 'booking_page.expired' ? 'expired' : code === 'booking_page.not_found' ? 'notFound' : 'other'
}

/** A link that opens nothing: never given out, or its appointment is over, or asked too often. */
function LinkProblem({ kind, error }: { kind: Problem; error?: unknown }) {
  const { t } = useTranslation()
  usePageTitle(t(`bookingPage.${kind}.title`))
  return (
    <div className="flex min-h-dvh flex-col bg-sand/50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-16">
        <Card className="w-full max-w-md p-8">
          <StatusMessage
            icon={kind === 'expired' ? Clock3 : Link2Off}
            tone="neutral"
            title={t(`bookingPage.${kind}.title`)}
            description={kind === 'other' ? t(errorText(error)) : t(`bookingPage.${kind}.description`)}
          />
        </Card>
      </main>
    </div>
  )
}

/** The message for a refusal, by its code. */
function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined
  switch (code) {
    case 'booking_page.too_late':
      return 'bookingPage.errors.tooLate'
    case 'bookings.slot_taken':
    case 'bookings.slot_unavailable':
      return 'bookingPage.errors.slotGone'
    case 'booking_page.expired':
      return 'bookingPage.expired.description'
    case 'bookings.already_cancelled':
      return 'bookingPage.errors.alreadyCancelled'
    case 'request.rate_limited':
      return 'bookingPage.errors.rateLimited'
    default:
      return 'bookingPage.errors.generic'
  }
}
