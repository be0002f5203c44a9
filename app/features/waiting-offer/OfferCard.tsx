import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { Card } from '@app/components/ui/Card'
import { capitalised, Detail } from '@app/features/booking-page/AppointmentCard'
import { formatLocalDay } from '@app/lib/format'
import { useLanguage } from '@app/lib/i18n'
import type { WaitOffer } from '@common/schemas/waiting-list'
import { Clock, Scissors, User } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export type OfferState = WaitOffer['state']

const TONES: Record<OfferState, BadgeTone> = { open: 'primary', booked: 'success', taken: 'warning', closed: 'neutral' }

/**
 * The time offered as the customer needs it: the day, the time (once it is no longer offered, the
 * part of the day they wait for; once booked, the time they took when known), the services and
 * with whom.
 */
export function OfferCard({ offer, state, time }: { offer: WaitOffer; state: OfferState; time: string | undefined }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const waiting = state === 'taken' || state === 'closed'
  return (
    <Card className="overflow-hidden">
      <div className="bg-primary-soft/60 px-6 pb-5 pt-6 sm:px-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-primary-hover">{t(`waitOffer.kicker.${state}`)}</p>
          <Badge tone={TONES[state]}>{t(`waitOffer.state.${state}`)}</Badge>
        </div>
        <h1 className="mt-2 font-display text-3xl font-semibold leading-tight sm:text-4xl">
          {capitalised(formatLocalDay(offer.day, language))}
        </h1>
        {!waiting && time ? (
          <p className="mt-1 flex items-center gap-2 text-ink">
            <Clock aria-hidden className="size-5 text-ink-soft" />
            <span className="text-2xl font-semibold tabular-nums">{time}</span>
          </p>
        ) : waiting ? (
          <p className="mt-1 flex items-center gap-2 text-lg text-ink">
            <Clock aria-hidden className="size-4 text-ink-soft" />
            {t(`waitOffer.part.${offer.part}`)}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 px-6 py-6 sm:px-8">
        <Detail icon={Scissors} label={t('waitOffer.services')}>
          <span className="font-medium">{offer.services.join(', ')}</span>
        </Detail>
        {offer.member && (
          <Detail icon={User} label={t('waitOffer.with')}>
            {offer.member}
          </Detail>
        )}
      </div>
    </Card>
  )
}
