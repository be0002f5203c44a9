import { GoogleMark, MicrosoftMark } from '@app/features/calendar-connect/providers'
import { cn } from '@app/lib/cn'
import type { TFunction } from 'i18next'
import { CalendarSync } from 'lucide-react'

/** The brand's mark in a tile, as the connection screen shows it (a server of its own: a calendar). */
export function ProviderMark({ provider, className }: { provider: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-xl border border-line bg-surface',
        className,
      )}
    >
      {provider === 'google' ? (
        <GoogleMark className="size-4.5" />
      ) : provider === 'microsoft' ? (
        <MicrosoftMark className="size-4.5" />
      ) : (
        <CalendarSync className="size-4.5 text-ink-soft" />
      )}
    </span>
  )
}

/** "Google Agenda", "Outlook", "iCloud / CalDAV": the provider as the owner knows it. */
export function providerName(provider: string, t: TFunction): string {
  switch (provider) {
    case 'google':
      return t('calendars.providers.google')
    case 'microsoft':
      return t('calendars.providers.microsoft')
    default:
      return t('calendars.providers.caldav')
  }
}
