import { DismissibleAlert } from '@app/components/DismissibleAlert'
import { LanguageSwitcher } from '@app/components/layout/LanguageSwitcher'
import { Logo } from '@app/components/layout/Logo'
import { StatusMessage } from '@app/components/StatusMessage'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { OfferCard, type OfferState } from '@app/features/waiting-offer/OfferCard'
import { acceptWaitOffer, fetchWaitOffer, waitOfferKey } from '@app/features/waiting-offer/waiting-offer-api'
import { ApiError } from '@app/lib/api'
import { usePageTitle } from '@app/lib/page-title'
import { useCustomerLanguage, useNoIndex } from '@app/lib/personal-page'
import type { WaitOffer } from '@common/schemas/waiting-list'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CalendarCheck, CalendarClock, CalendarX2, Hourglass, Link2Off, MessageCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'wouter'

/**
 * A time offered to a customer of the waiting list (`/w/<token>`, the link of the message telling
 * them it freed up): no account, the link is the key. It shows the salon, the day and time, the
 * services and with whom, and "Prendre ce créneau": the first customer to accept gets it; the
 * others read that it was taken, and stay on the list.
 */
export default function WaitOfferPage() {
  const { token = '' } = useParams<{ token: string }>()
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const offer = useQuery({ queryKey: waitOfferKey(token), queryFn: () => fetchWaitOffer(token) })
  // What the acceptance learnt that the offer read before did not say (someone else was quicker).
  const [outcome, setOutcome] = useState<OfferState>()
  const [failure, setFailure] = useState<string>()
  // The time taken, as the offer showed it: a booked offer may no longer say it.
  const [taken, setTaken] = useState<string>()
  useNoIndex()
  useCustomerLanguage(offer.data?.language)
  usePageTitle(offer.data ? t('waitOffer.title', { salon: offer.data.salon.name }) : undefined)

  const accept = useMutation({
    mutationFn: () => acceptWaitOffer(token),
    onMutate: () => {
      setFailure(undefined)
      setTaken(offer.data?.start ?? undefined)
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(waitOfferKey(token), updated)
      setOutcome(undefined)
    },
    onError: (error) => {
      const code = error instanceof ApiError ? error.code : undefined
      if (code === 'waiting_list.offer_taken') setOutcome('taken')
      else if (code === 'waiting_list.offer_closed') setOutcome('closed')
      else setFailure(t(errorText(error)))
      // What the page shows may be out of date: read it again (the outcome stays until it agrees).
      if (code !== 'waiting_list.offer_not_found') void queryClient.invalidateQueries({ queryKey: waitOfferKey(token) })
    },
  })

  if (offer.isPending) return <div role="status" aria-label={t('common.loading')} className="min-h-dvh bg-sand/50" />
  if (offer.isError) return <LinkProblem kind={problemOf(offer.error)} />
  if (accept.error instanceof ApiError && accept.error.code === 'waiting_list.offer_not_found')
    return <LinkProblem kind="notFound" />
  const data = offer.data
  // The server's word wins once it says more than "open" (booked, or the refusal now read back).
  const state: OfferState = data.state === 'open' && outcome ? outcome : data.state

  return (
    <div className="flex min-h-dvh flex-col bg-sand/50">
      <header className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <span className="min-w-0 truncate font-display text-xl font-semibold">{data.salon.name}</span>
        <LanguageSwitcher />
      </header>
      <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-4 px-4 pb-12 pt-2">
        {failure && <DismissibleAlert tone="danger" text={failure} onDismiss={() => setFailure(undefined)} />}
        <OfferCard offer={data} state={state} time={(data.start ?? taken)?.slice(11, 16)} />
        <OfferActions offer={data} state={state} accepting={accept.isPending} onAccept={() => accept.mutate()} />
      </main>
      <footer className="pb-6 text-center text-xs text-ink-soft">{t('waitOffer.poweredBy')}</footer>
    </div>
  )
}

/** What the customer can do now: take the time, see their booking, or read why not and what next. */
function OfferActions({
  offer,
  state,
  accepting,
  onAccept,
}: {
  offer: WaitOffer
  state: OfferState
  accepting: boolean
  onAccept: () => void
}) {
  const { t } = useTranslation()
  if (state === 'open') {
    return (
      <Card className="flex flex-col gap-3 p-6 sm:p-7">
        <Button size="lg" className="w-full" loading={accepting} onClick={onAccept}>
          <CalendarCheck aria-hidden className="size-5" />
          {accepting ? t('waitOffer.accepting') : t('waitOffer.accept')}
        </Button>
        <p className="flex gap-2 text-sm text-ink-soft">
          <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0" />
          {t('waitOffer.firstComes')}
        </p>
      </Card>
    )
  }
  if (state === 'booked') {
    return (
      <Card className="flex flex-col items-start gap-4 p-6 sm:p-7">
        <div role="status" className="flex flex-col gap-1">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <CalendarCheck aria-hidden className="size-5 shrink-0 text-success" />
            {t('waitOffer.booked.title')}
          </p>
          <p className="text-ink-soft">{t('waitOffer.booked.description', { salon: offer.salon.name })}</p>
        </div>
        {offer.bookingLink && (
          <Button asChild className="w-full sm:w-auto">
            <a href={offer.bookingLink}>{t('waitOffer.booked.link')}</a>
          </Button>
        )}
      </Card>
    )
  }
  const Icon = state === 'taken' ? CalendarClock : CalendarX2
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:p-7">
      <div role="status" className="flex flex-col gap-1">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <Icon aria-hidden className="size-5 shrink-0 text-warning" />
          {t(`waitOffer.${state}.title`)}
        </p>
        <p className="text-ink-soft">{t(`waitOffer.${state}.description`)}</p>
      </div>
      {state === 'closed' && (
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href={`/chat/${encodeURIComponent(offer.salon.publicId)}`}>
            <MessageCircle aria-hidden className="size-4" />
            {t('waitOffer.closed.chat')}
          </a>
        </Button>
      )}
    </Card>
  )
}

type Problem = 'notFound' | 'other'

function problemOf(error: unknown): Problem {
  return error instanceof ApiError && (error.status === 404 || error.code === 'waiting_list.offer_not_found')
    ? 'notFound'
    : 'other'
}

/** A link that opens nothing: never given out, or the server could not answer. */
function LinkProblem({ kind }: { kind: Problem }) {
  const { t } = useTranslation()
  usePageTitle(t(`waitOffer.${kind}.title`))
  return (
    <div className="flex min-h-dvh flex-col bg-sand/50">
      <header className="flex items-center justify-between px-4 py-3 sm:px-6">
        <Logo />
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-16">
        <Card className="w-full max-w-md p-8">
          <StatusMessage
            icon={Link2Off}
            tone="neutral"
            title={t(`waitOffer.${kind}.title`)}
            description={t(`waitOffer.${kind}.description`)}
          />
        </Card>
      </main>
    </div>
  )
}

/** The message for a refused acceptance that is not "taken" nor "closed", by its code. */
function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined
  if (code === 'request.rate_limited') return 'waitOffer.errors.rateLimited'
  if (!(error instanceof ApiError)) return 'waitOffer.errors.network'
  return 'waitOffer.errors.generic'
}
