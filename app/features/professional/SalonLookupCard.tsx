import { Badge } from '@app/components/ui/Badge'
import type { TFunction } from 'i18next'
import { CalendarCheck, CalendarX, CircleAlert, Loader2, LogIn, SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { SalonLookupState } from './salon-lookup'

/**
 * Under the connect form: the salon the typed ID names, or why there is none. One polite live
 * region, so a screen reader hears the outcome once typing pauses.
 */
export function SalonLookupCard({ lookup, className }: { lookup: SalonLookupState; className?: string }) {
  const { t } = useTranslation()
  const content = lookupContent(lookup, t)
  // The region stays in the page (empty when there is nothing to say) so its changes are announced.
  return <div aria-live="polite">{content && <div className={className}>{content}</div>}</div>
}

function lookupContent(lookup: SalonLookupState, t: TFunction): ReactNode {
  switch (lookup.status) {
    case 'idle':
      return null
    case 'malformed':
      return <Notice icon={CircleAlert}>{t('professional.lookup.malformed')}</Notice>
    case 'loading':
      return (
        <p className="flex items-center gap-2.5 px-1 text-sm text-ink-soft">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('professional.lookup.loading', { salonId: lookup.salonId })}
        </p>
      )
    case 'notFound':
      return (
        <Notice icon={SearchX} tone="danger">
          {t('professional.lookup.notFound', { salonId: lookup.salonId })}
        </Notice>
      )
    case 'failed':
      return <Notice icon={CircleAlert}>{t('professional.lookup.failed')}</Notice>
    case 'found': {
      const { salon } = lookup
      return (
        <section
          aria-label={t('professional.lookup.label')}
          className="animate-pop-in rounded-2xl border border-line bg-surface p-4 shadow-soft"
        >
          <div className="flex items-start gap-3">
            <span
              aria-hidden
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary font-display text-lg font-semibold text-white ring-2 ring-brass/35 ring-offset-2 ring-offset-surface"
            >
              {salon.name.trim().charAt(0).toUpperCase() || 'S'}
            </span>
            <div className="min-w-0 flex-1">
              <p className="break-words font-semibold leading-snug">{salon.name}</p>
              <p className="font-mono text-sm text-ink-soft">{salon.salonId}</p>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {salon.isGoogleCalendarConnected ? (
                  <Badge tone="success">
                    <CalendarCheck aria-hidden className="size-3.5" />
                    {t('professional.lookup.calendarConnected')}
                  </Badge>
                ) : (
                  <Badge>
                    <CalendarX aria-hidden className="size-3.5" />
                    {t('professional.lookup.calendarNotConnected')}
                  </Badge>
                )}
                {!salon.isActive && <Badge tone="warning">{t('professional.lookup.inactive')}</Badge>}
              </div>
            </div>
          </div>
          <p className="mt-3 flex gap-2 border-t border-line/70 pt-3 text-sm leading-relaxed text-ink-soft">
            <LogIn aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {salon.isActive ? t('professional.lookup.signInHint') : t('professional.lookup.inactiveHint')}
          </p>
        </section>
      )
    }
  }
}

function Notice({
  icon: Icon,
  tone = 'neutral',
  children,
}: {
  icon: typeof CircleAlert
  tone?: 'neutral' | 'danger'
  children: string
}) {
  return (
    <p
      className={
        tone === 'danger'
          ? 'flex gap-2.5 rounded-xl border border-danger/25 bg-danger-soft px-3.5 py-3 text-sm leading-relaxed text-danger'
          : 'flex gap-2.5 rounded-xl bg-sand px-3.5 py-3 text-sm leading-relaxed text-ink-soft'
      }
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  )
}
