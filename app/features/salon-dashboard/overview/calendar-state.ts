import type { CalendarStatus } from '@common/schemas/calendar'
import type { Salon } from '@common/schemas/salon'
import { useCalendarStatus } from '../dashboard-api'

export interface CalendarState {
  state: CalendarStatus['state']
  /** The Google account the calendar is connected with, when there is one. */
  account: string | null
}

/**
 * The calendar's state as every part of the dashboard shows it (the page's header, the salon's
 * header, the status card, the quick actions), so that none can say "connected" while another says
 * "to reconnect": the calendar's status once read (Google may have withdrawn the grant), what the
 * salon itself says when the status cannot be read, and nothing while it is being read.
 */
export function useCalendarState(
  salonId: string,
  salon: Pick<Salon, 'isGoogleCalendarConnected' | 'googleConnectedEmail'> | undefined,
): CalendarState | undefined {
  const status = useCalendarStatus(salonId)
  if (status.data) return { state: status.data.state, account: status.data.account }
  if (status.isError && salon) {
    return {
      state: salon.isGoogleCalendarConnected ? 'connected' : 'not_connected',
      account: salon.googleConnectedEmail,
    }
  }
  return undefined
}
