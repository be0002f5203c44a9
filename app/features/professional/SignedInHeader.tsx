import { Button } from '@app/components/ui/Button'
import { toast } from '@app/components/ui/toast-store'
import { useSalon } from '@app/features/salon-dashboard/dashboard-api'
import { CalendarStateBadge } from '@app/features/salon-dashboard/overview/CalendarStatusRows'
import { useCalendarState } from '@app/features/salon-dashboard/overview/calendar-state'
import { useLogout } from '@app/lib/logout'
import type { SessionUser } from '@common/schemas/session'
import { CalendarCheck, CalendarX, LogOut, Store } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Signed in (spec §2): a greeting, the salon ID, the Google account the calendar is connected with
 * (in the very state the dashboard's status card shows: not "connected" when Google wants a new
 * sign-in), logout.
 */
export function SignedInHeader({ user, salonId }: { user: SessionUser; salonId: string }) {
  const { t } = useTranslation()
  const logout = useLogout()
  const calendar = useCalendarState(salonId, useSalon(salonId).data)
  const signOut = () =>
    logout.mutate(undefined, {
      onError: () => toast({ title: t('nav.logoutFailed'), tone: 'destructive' }),
    })
  return (
    <header className="flex flex-col gap-5 rounded-3xl border border-line/80 bg-surface p-6 shadow-soft sm:p-8 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold uppercase tracking-[0.14em] text-primary">{t('professional.title')}</p>
        <h1 className="mt-2 break-words text-3xl font-semibold tracking-tight sm:text-4xl">
          {t('professional.signedIn.greeting', { name: user.name })}
        </h1>
        <ul className="mt-4 flex flex-col gap-3 text-sm sm:flex-row sm:flex-wrap sm:gap-x-8">
          <Detail icon={<Store aria-hidden className="size-4" />} label={t('professional.signedIn.salonId')}>
            <span className="font-mono font-semibold tracking-wide">{salonId}</span>
          </Detail>
          <Detail
            icon={
              calendar?.state === 'connected' || !calendar ? (
                <CalendarCheck aria-hidden className="size-4" />
              ) : (
                <CalendarX aria-hidden className="size-4" />
              )
            }
            label={t('dashboard.calendar.label')}
          >
            {calendar ? (
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {calendar.account && calendar.state !== 'not_connected' && (
                  <span className="break-all font-medium">{calendar.account}</span>
                )}
                {(calendar.state !== 'connected' || !calendar.account) && <CalendarStateBadge state={calendar.state} />}
              </span>
            ) : (
              // As tall as the badge that replaces it (text-xs and py-0.5: 20 px), so nothing under it
              // moves; a box of its own (a div, not the badge's span made over), as a pulsing span
              // made over into the badge counted as a layout shift.
              <div aria-hidden className="h-5 w-40 animate-pulse rounded-full bg-sand-deep/60" />
            )}
          </Detail>
        </ul>
      </div>
      <Button variant="outline" onClick={signOut} loading={logout.isPending} className="self-start md:self-center">
        <LogOut aria-hidden className="size-4" />
        {t('professional.signedIn.logout')}
      </Button>
    </header>
  )
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-3">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
        {icon}
      </span>
      <div className="flex min-w-0 flex-col">
        <span className="text-xs text-ink-soft">{label}</span>
        {children}
      </div>
    </li>
  )
}
