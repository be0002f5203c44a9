import { Button } from '@app/components/ui/Button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@app/components/ui/Dialog'
import { toast } from '@app/components/ui/toast-store'
import { LoadError, Skeleton } from '@app/features/salon-dashboard/overview/states'
import { useWeekdayNames } from '@app/features/salon-dashboard/schedule/WeekTable'
import { countryName } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { AdminSalonDetails } from '@common/schemas/admin'
import type { Salon } from '@common/schemas/salon'
import { MailPlus, Pencil, Scissors } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { failureText, useAdminSalonDetails, useResendActivationEmail } from './admin-api'
import { formatCount, formatDay, formatServicePrice, summarizeHours } from './admin-format'
import { ActiveBadge, CalendarBadge } from './SalonsSection'

const SERVICES_HEADING = 'admin-details-services'

export interface ViewRequest {
  salonId: string
  /** Opened from a service's edit button: the dialog starts at the salon's services. */
  atServices?: boolean
}

/** "View" (spec: the salon table's second button): the salon, its hours, services and bookings. */
export function SalonDetailsDialog({
  request,
  onClose,
  onEdit,
}: {
  request: ViewRequest | undefined
  onClose: () => void
  onEdit: (salon: Salon) => void
}) {
  const { t } = useTranslation()
  const details = useAdminSalonDetails(request?.salonId)
  const data = details.data
  return (
    <Dialog open={request !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('common.close')}
        className="sm:max-w-2xl"
        onOpenAutoFocus={(event) => {
          // Focus goes to the services heading once they are there (see Details), not the first button.
          if (request?.atServices) {
            event.preventDefault()
            if (event.target instanceof HTMLElement) event.target.focus()
          }
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words">{data?.salon.name ?? t('admin.details.title')}</DialogTitle>
          <DialogDescription>{t('admin.details.description', { salonId: request?.salonId ?? '' })}</DialogDescription>
        </DialogHeader>
        {data ? (
          <Details details={data} atServices={request?.atServices ?? false} />
        ) : details.isError ? (
          <LoadError message={t('admin.details.loadFailed')} onRetry={() => void details.refetch()} />
        ) : (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">{t('admin.loading')}</span>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-4 w-full max-w-sm" />
            ))}
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
          {data?.salon.authorizedGoogleEmail && <ResendActivationButton salonId={data.salon.salonId} />}
          {data && (
            <Button onClick={() => onEdit(data.salon)}>
              <Pencil aria-hidden className="size-4" />
              {t('admin.details.edit')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** The salon's activation e-mail again (its ID, sign-in link and Google account), to its contact. */
function ResendActivationButton({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const resend = useResendActivationEmail()
  return (
    <Button
      variant="outline"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(salonId, {
          onSuccess: (result) =>
            toast({
              title: t('admin.details.activation.resent'),
              description: t('admin.details.activation.resentText', {
                sentTo: result.sentTo,
                salonId: result.salonId,
                email: result.authorizedEmail,
              }),
              tone: 'success',
              duration: 10_000,
            }),
          onError: (error) =>
            toast({
              title: t('admin.details.activation.resendFailed'),
              description: failureText(error, t),
              tone: 'destructive',
            }),
        })
      }
    >
      {!resend.isPending && <MailPlus aria-hidden className="size-4" />}
      {t('admin.details.activation.resend')}
    </Button>
  )
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2 border-t border-line/70 pt-4">
      <h3 id={id} tabIndex={id ? -1 : undefined} className="scroll-mt-4 font-semibold focus-visible:outline-none">
        {title}
      </h3>
      {children}
    </section>
  )
}

function Details({ details, atServices }: { details: AdminSalonDetails; atServices: boolean }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const days = useWeekdayNames()
  const { salon, services, stats } = details

  useEffect(() => {
    if (atServices) document.getElementById(SERVICES_HEADING)?.focus()
  }, [atServices])

  const facts: [string, string][] = [
    [t('admin.details.address'), salon.address],
    [t('admin.details.country'), countryName(salon.country, language)],
    [t('admin.details.contactEmail'), salon.contactEmail],
    [t('admin.details.publicPhone'), salon.publicPhone ?? t('admin.details.notSet')],
    [t('admin.details.practicalInfo'), salon.practicalInfo ?? t('admin.details.notSet')],
    [t('admin.details.authorizedGoogleEmail'), salon.authorizedGoogleEmail ?? t('admin.details.notSet')],
    [t('admin.details.connectedAccount'), salon.googleConnectedEmail ?? '—'],
    [t('admin.details.timeZone'), salon.timeZone],
    [t('admin.details.currency'), salon.currency],
    [t('admin.details.createdAt'), formatDay(salon.createdAt, language)],
  ]
  const figures: [string, number][] = [
    [t('admin.details.bookingsToday'), stats.bookingsToday],
    [t('admin.details.upcomingBookings'), stats.upcomingBookings],
    [t('admin.details.totalBookings'), stats.totalBookings],
  ]

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <ActiveBadge active={salon.isActive} />
        <CalendarBadge connected={salon.isGoogleCalendarConnected} />
      </div>
      <ul className="grid grid-cols-3 gap-2">
        {figures.map(([label, value]) => (
          <li key={label} className="flex flex-col gap-1 rounded-xl bg-sand/60 p-3">
            <span className="font-display text-2xl font-semibold tabular-nums leading-none">
              {formatCount(value, language)}
            </span>
            <span className="text-xs leading-snug text-ink-soft">{label}</span>
          </li>
        ))}
      </ul>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-soft">{label}</dt>
            <dd className="mb-1 whitespace-pre-line break-words font-medium sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <Section title={t('admin.details.hours')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          {summarizeHours(salon.workingHours).map((line) => (
            <div key={line.from} className="contents">
              <dt className="capitalize">
                {line.from === line.to ? days[line.from] : `${days[line.from]} – ${days[line.to]}`}
              </dt>
              <dd className={line.hours ? 'tabular-nums' : 'text-ink-soft'}>
                {line.hours ?? t('admin.details.closed')}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id={SERVICES_HEADING} title={t('admin.details.services', { total: services.length })}>
        {services.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-ink-soft">
            <Scissors aria-hidden className="size-4" />
            {t('admin.details.noServices')}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-line/60 text-sm">
            {services.map((service) => (
              <li key={service.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="min-w-0 flex-1 basis-40 break-words font-medium">{service.name}</span>
                <span className="tabular-nums text-ink-soft">
                  {t('admin.services.minutes', { minutes: service.duration })}
                </span>
                <span className="min-w-20 text-right font-semibold tabular-nums">
                  {formatServicePrice(service.price, service.currency, language)}
                </span>
                <ActiveBadge active={service.isActive} />
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs leading-relaxed text-ink-soft">{t('admin.details.servicesNote')}</p>
      </Section>
    </div>
  )
}
