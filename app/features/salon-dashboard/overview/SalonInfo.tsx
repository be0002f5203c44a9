import { Flag } from '@app/components/Flag'
import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { countryName } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { Salon } from '@common/schemas/salon'
import { CalendarCheck, CalendarX, Mail, Pencil } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCalendarState } from './calendar-state'
import { SalonEditDialog } from './SalonEditDialog'
import { Skeleton } from './states'

/** The salon's name, its e-mail and whether its calendar is connected. */
export function SalonHeader({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  // The state the status card shows too: the calendar's once read, the salon's if it cannot be.
  const calendar = useCalendarState(salon.salonId, salon)
  const state = calendar?.state
  const connected = state === 'connected'
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <span
          aria-hidden
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary font-display text-xl font-semibold text-white ring-2 ring-brass/35 ring-offset-2 ring-offset-surface sm:size-14 sm:text-2xl"
        >
          {salon.name.trim().charAt(0).toUpperCase() || 'S'}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-display text-xl font-semibold leading-tight tracking-tight sm:text-3xl">
            {salon.name}
          </h2>
          <p className="mt-1 flex min-w-0 items-center gap-2 text-sm text-ink-soft">
            <Mail aria-hidden className="size-4 shrink-0" />
            <span className="truncate">{salon.email}</span>
          </p>
        </div>
      </div>
      {calendar ? (
        <Badge
          tone={connected ? 'success' : state === 'reconnect_required' ? 'warning' : 'neutral'}
          className="self-start px-3 py-1 sm:self-center"
        >
          {connected ? (
            <CalendarCheck aria-hidden className="size-3.5" />
          ) : (
            <CalendarX aria-hidden className="size-3.5" />
          )}
          {connected
            ? t('dashboard.header.calendarConnected')
            : state === 'reconnect_required'
              ? t('dashboard.calendar.reconnectBadge')
              : t('dashboard.header.calendarNotConnected')}
        </Badge>
      ) : (
        <Skeleton className="h-7 w-44 self-start rounded-full sm:self-center" />
      )}
    </Card>
  )
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:gap-4">
      <dt className="shrink-0 text-sm text-ink-soft sm:w-36">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium">{children}</dd>
    </div>
  )
}

function NotGiven() {
  const { t } = useTranslation()
  return <span className="font-normal italic text-ink-soft">{t('dashboard.info.notGiven')}</span>
}

/** What the salon is on record as — name, address, country, phone, practical information — and the dialog to change it. */
export function SalonInfoCard({ salon }: { salon: Salon }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState(false)
  const language = currentLanguage()
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t('dashboard.info.title')}</CardTitle>
          <CardDescription>{t('dashboard.info.description')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil aria-hidden className="size-4" />
          {t('dashboard.info.edit')}
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-line/70">
          <InfoRow label={t('dashboard.info.name')}>{salon.name}</InfoRow>
          <InfoRow label={t('dashboard.info.address')}>{salon.address}</InfoRow>
          <InfoRow label={t('dashboard.info.country')}>
            <span className="inline-flex items-center gap-2">
              <Flag country={salon.country} />
              {countryName(salon.country, language)}
            </span>
          </InfoRow>
          <InfoRow label={t('dashboard.info.publicPhone')}>
            {salon.publicPhone ? (
              <a href={`tel:${salon.publicPhone.replace(/[^\d+]/g, '')}`} className="tabular-nums hover:underline">
                {salon.publicPhone}
              </a>
            ) : (
              <NotGiven />
            )}
          </InfoRow>
          <InfoRow label={t('dashboard.info.practicalInfo')}>
            {salon.practicalInfo ? (
              <span className="whitespace-pre-line font-normal leading-relaxed">{salon.practicalInfo}</span>
            ) : (
              <NotGiven />
            )}
          </InfoRow>
          <InfoRow label={t('dashboard.info.salonId')}>
            <span className="font-mono tracking-wide">{salon.salonId}</span>
          </InfoRow>
          <InfoRow label={t('dashboard.info.currency')}>{salon.currency}</InfoRow>
        </dl>
      </CardContent>
      <SalonEditDialog salon={salon} open={editing} onOpenChange={setEditing} />
    </Card>
  )
}
