import { cn } from '@app/lib/cn'
import { Apple, CalendarSync } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ProviderName } from './calendar-providers'
import type { PendingCalendar } from './pending-calendar'

/** Google's four-colour "G", as Google asks sign-in buttons to show it. */
export function GoogleMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={cn('size-5', className)}>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.43.35-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.6 10.6 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  )
}

/** Microsoft's four squares. */
export function MicrosoftMark({ className }: { className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={cn('size-5', className)}>
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  )
}

export type CalendarProviderId = 'google' | 'outlook' | 'apple' | 'caldav'

/** A calendar Salonia can write bookings into (spec §3 "Calendar provider"). */
export interface CalendarProvider {
  id: CalendarProviderId
  /** The brand name, never translated. */
  displayName: string
  icon: ReactNode
  /** The server's provider that connects it (GET /api/calendar-providers): Apple's iCloud is CalDAV. */
  server: ProviderName
  /** The dialog the dashboard opens after sign-in; Google needs none (it is the sign-in itself). */
  pending?: PendingCalendar
}

export const CALENDAR_PROVIDERS: readonly CalendarProvider[] = [
  { id: 'google', displayName: 'Google Calendar', icon: <GoogleMark />, server: 'google' },
  {
    id: 'outlook',
    displayName: 'Microsoft Outlook',
    icon: <MicrosoftMark />,
    server: 'microsoft',
    pending: 'microsoft',
  },
  {
    id: 'apple',
    displayName: 'Apple Calendar',
    icon: <Apple aria-hidden className="size-5" />,
    server: 'caldav',
    pending: 'icloud',
  },
  {
    id: 'caldav',
    displayName: 'CalDAV',
    icon: <CalendarSync aria-hidden className="size-5" />,
    server: 'caldav',
    pending: 'caldav',
  },
]
