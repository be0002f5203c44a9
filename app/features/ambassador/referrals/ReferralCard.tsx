import { Flag } from '@app/components/Flag'
import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card } from '@app/components/ui/Card'
import { countryName } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { Referral } from '@common/schemas/ambassador'
import { CalendarDays, Lock, Mail, MapPin, Pencil, Phone, Store } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatReferralDate } from '../ambassador-api'
import { ResendActivationButton } from './ReferralDialogs'

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending: { label: 'ambassador.referrals.status.pending', tone: 'warning' },
  contacted: { label: 'ambassador.referrals.status.contacted', tone: 'info' },
  converted: { label: 'ambassador.referrals.status.converted', tone: 'success' },
}

/** Spec §4: 'En attente' for pending and for any status this screen does not know. */
export function ReferralStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  const shown = STATUS[status] ?? (STATUS.pending as (typeof STATUS)[string])
  return <Badge tone={shown.tone}>{t(shown.label)}</Badge>
}

/**
 * One referred salon (spec §2): who and where, when it signed up, its status; converted, its salon
 * ID and authorised Google e-mail (editable, and its activation e-mail sent again on request, until
 * the owner signs in); still waiting (pending or contacted), 'Activer le salon'.
 */
export function ReferralCard({
  referral,
  onActivate,
  onEditEmail,
}: {
  referral: Referral
  onActivate: (referral: Referral) => void
  onEditEmail: (referral: Referral) => void
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const titleId = `referral-${referral._id}`
  const converted = referral.status === 'converted' && referral.salonId
  return (
    <Card className="flex h-full flex-col gap-4 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="min-w-0 break-words text-lg font-semibold leading-snug">
          {referral.salonName}
        </h3>
        <ReferralStatusBadge status={referral.status} />
      </div>
      <ul className="flex flex-col gap-2 text-sm text-ink-soft">
        <Detail icon={<Mail aria-hidden className="size-4" />} label={t('ambassador.referrals.email')}>
          <a href={`mailto:${referral.contactEmail}`} className="text-ink [overflow-wrap:anywhere] hover:underline">
            {referral.contactEmail}
          </a>
        </Detail>
        {referral.phone && (
          <Detail icon={<Phone aria-hidden className="size-4" />} label={t('ambassador.referrals.phone')}>
            <a href={`tel:${referral.phone.replace(/\s+/g, '')}`} className="text-ink hover:underline">
              {referral.phone}
            </a>
          </Detail>
        )}
        <Detail icon={<MapPin aria-hidden className="size-4" />} label={t('ambassador.referrals.address')}>
          <span className="break-words text-ink">{referral.address}</span>
        </Detail>
        {referral.country && (
          <Detail icon={<Flag country={referral.country} />} label={t('ambassador.referrals.country')}>
            <span className="text-ink">{countryName(referral.country, language)}</span>
          </Detail>
        )}
        <Detail icon={<CalendarDays aria-hidden className="size-4" />} label={t('ambassador.referrals.createdAt')}>
          <time dateTime={referral.createdAt} className="tabular-nums text-ink">
            {formatReferralDate(referral.createdAt, language)}
          </time>
        </Detail>
      </ul>

      {converted ? (
        <div className="mt-auto flex flex-col gap-3 rounded-2xl bg-sand/60 p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <span className="flex items-center gap-2 text-ink-soft">
              <Store aria-hidden className="size-4" />
              {t('ambassador.referrals.salonId')}
            </span>
            <span className="font-mono font-semibold tracking-wide">{referral.salonId}</span>
          </div>
          <div className="flex items-center justify-between gap-3">
            <div className="flex min-w-0 flex-col">
              <span className="text-ink-soft">{t('ambassador.referrals.authorizedEmail')}</span>
              <span className="font-medium [overflow-wrap:anywhere]">
                {referral.authorizedGoogleEmail ?? t('ambassador.referrals.notSet')}
              </span>
            </div>
            <Button
              variant="outline"
              size="icon"
              className="size-9 bg-surface"
              onClick={() => onEditEmail(referral)}
              disabled={!referral.canEditAuthorizedEmail}
              aria-label={t('ambassador.referrals.editEmail', { salon: referral.salonName })}
              aria-describedby={referral.canEditAuthorizedEmail ? undefined : `${titleId}-locked`}
            >
              <Pencil aria-hidden className="size-4" />
            </Button>
          </div>
          {referral.canEditAuthorizedEmail && <ResendActivationButton referral={referral} />}
          {!referral.canEditAuthorizedEmail && (
            <p id={`${titleId}-locked`} className="flex gap-2 text-xs leading-relaxed text-ink-soft">
              <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
              {t('ambassador.referrals.ownerSignedIn')}
            </p>
          )}
        </div>
      ) : referral.status !== 'converted' ? (
        <Button className="mt-auto w-full sm:w-auto sm:self-start" onClick={() => onActivate(referral)}>
          {t('ambassador.referrals.activate')}
        </Button>
      ) : null}
    </Card>
  )
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2.5">
      <span className="mt-0.5 inline-flex w-[21px] shrink-0 justify-center text-brass">{icon}</span>
      <span className="sr-only">{label}: </span>
      <span className="min-w-0">{children}</span>
    </li>
  )
}
