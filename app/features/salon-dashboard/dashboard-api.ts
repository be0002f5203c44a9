import { FIVE_MINUTES } from '@app/lib/api'
import type { Language } from '@common/languages'
import { currencyDecimals, toMajorUnits } from '@common/money'
import type { CalendarStatus } from '@common/schemas/calendar'
import type { Service } from '@common/schemas/catalog'
import type { SalonDashboard } from '@common/schemas/dashboard'
import type { Salon } from '@common/schemas/salon'
import type { Team } from '@common/schemas/team'
import { useQuery } from '@tanstack/react-query'

/**
 * Query keys of the salon dashboard. The default query function joins a key with '/', so each key
 * is also the URL it reads. The salon's own key is a prefix of all its others: invalidate it with
 * `exact: true` (or set it from a PATCH answer), else every query of the salon refetches.
 */
export const salonKeys = {
  salon: (salonId: string) => ['/api/salons', salonId],
  services: (salonId: string) => ['/api/salons', salonId, 'services'],
  bookings: (salonId: string) => ['/api/salons', salonId, 'bookings'],
  dashboard: (salonId: string) => ['/api/salons', salonId, 'dashboard'],
  workingHours: (salonId: string) => ['/api/salons', salonId, 'working-hours'],
  timeOff: (salonId: string) => ['/api/salons', salonId, 'time-off'],
  blocks: (salonId: string) => ['/api/salons', salonId, 'blocks'],
  mcpToken: (salonId: string) => ['/api/salons', salonId, 'mcp-token'],
  calendar: (salonId: string) => ['/api/salons', salonId, 'calendar'],
  hash: (salonId: string) => ['/api/salon-hash', salonId],
  team: (salonId: string) => ['/api/salons', salonId, 'team'],
}

const ONE_MINUTE = 60 * 1000

/**
 * The salon's team in its order (GET …/team): each member's colour, services, hours and whether they
 * still work there, and what the salon's calendar's own events block. One query for every tab.
 */
export function useTeam(salonId: string) {
  return useQuery<Team>({ queryKey: salonKeys.team(salonId), staleTime: ONE_MINUTE })
}

/** The salon as its owner sees it (GET /api/salons/:id). */
export function useSalon(salonId: string) {
  return useQuery<Salon>({ queryKey: salonKeys.salon(salonId) })
}

/** The salon's services, active or not (spec §7: fresh 5 min, kept 10 min). */
export function useSalonServices(salonId: string) {
  return useQuery<Service[]>({
    queryKey: salonKeys.services(salonId),
    staleTime: FIVE_MINUTES,
    gcTime: 2 * FIVE_MINUTES,
  })
}

/**
 * Statistics, the day's bookings and the recent ones, computed on the server's clock. Bookings arrive
 * through the chat at any time, so it goes stale like the bookings list (spec §7: 1 min, kept 5 min).
 */
export function useSalonDashboard(salonId: string) {
  return useQuery<SalonDashboard>({
    queryKey: salonKeys.dashboard(salonId),
    staleTime: ONE_MINUTE,
    gcTime: FIVE_MINUTES,
  })
}

/** While the calendar is busy, its status is read this often (the sync runs as a background job). */
export const CALENDAR_BUSY_POLL_MS = 3000

/** Whether the calendar has work under way: a synchronisation, or bookings not yet in it. */
export function calendarBusy(status: CalendarStatus | undefined): boolean {
  return Boolean(status && (status.syncing || status.pendingEvents > 0))
}

/**
 * The salon's Google calendar as it really is (GET /api/salons/:id/calendar): read every few seconds
 * while work is under way, so progress shows without a reload; otherwise every minute and whenever
 * the owner comes back to the tab (a change made in Google meanwhile).
 */
export function useCalendarStatus(salonId: string) {
  return useQuery<CalendarStatus>({
    queryKey: salonKeys.calendar(salonId),
    staleTime: 10_000,
    refetchInterval: (query) => (calendarBusy(query.state.data) ? CALENDAR_BUSY_POLL_MS : ONE_MINUTE),
    refetchOnWindowFocus: true,
  })
}

/**
 * A price of the salon area (spec §5): the amount in major units with the currency's decimals (2 for
 * EUR, none for JPY) in the interface language, then the currency code — 4500 EUR → "45,00 EUR".
 */
export function formatPrice(minor: number, currency: string, language: Language): string {
  const decimals = currencyDecimals(currency)
  const amount = new Intl.NumberFormat(language === 'en' ? 'en-GB' : language, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(toMajorUnits(minor, currency))
  // A no-break space: the code never wraps away from its amount.
  return `${amount}\u00a0${currency}`
}
