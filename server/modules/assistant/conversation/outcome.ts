import type { IcsData } from '../../../../common/schemas/chat'
import type { WorkingHours } from '../../../../common/schemas/schedule'
import type { SlotRefusal } from '../../schedule/availability'
import type { Appointment, ServiceInfo } from '../tools'
import type { Treatment } from '../understanding/not-offered'
import type { PartOfDay } from '../understanding/when'
import type { ConversationState } from './state'

/**
 * What the assistant has to say, as facts (local dates 'YYYY-MM-DD', starts 'YYYY-MM-DDTHH:MM',
 * services, appointments): the act step produces them, the reply step turns them into sentences
 * of the customer's language. Nothing here is worded.
 */
export type Line =
  | { kind: 'greeting' | 'help' | 'fallback' | 'thanks' | 'goodbye' | 'privacy' }
  | { kind: 'services' }
  | { kind: 'service_info'; service: ServiceInfo }
  | { kind: 'price'; service: ServiceInfo }
  | { kind: 'inactive_service'; name: string }
  | { kind: 'not_offered'; treatments: Treatment[] }
  | { kind: 'unknown_service' }
  | { kind: 'choose_service'; services: ServiceInfo[] }
  | { kind: 'address' | 'phone' | 'email' }
  /** `beside`: answered next to a booking reply, which asks its own question. */
  | { kind: 'practical'; beside?: boolean }
  | { kind: 'hours_week'; week: WorkingHours; today: string }
  | { kind: 'hours_day'; week: WorkingHours; date: string }
  | { kind: 'closed_on'; date: string }
  | { kind: 'closed_day'; date: string }
  | { kind: 'ask_day'; services: ServiceInfo[] | string; first?: string[] }
  | { kind: 'choose_day'; dates: string[] }
  | { kind: 'day_times'; date: string; starts: string[]; part?: PartOfDay }
  | { kind: 'no_times_that_day'; date: string; part?: PartOfDay }
  | { kind: 'next_free'; services: ServiceInfo[]; starts: string[] }
  | { kind: 'nothing_free'; services: ServiceInfo[] }
  | { kind: 'propose'; services: ServiceInfo[]; start: string }
  | { kind: 'propose_move'; appointment: Appointment; start: string }
  | { kind: 'refused'; reason: SlotRefusal; service: ServiceInfo; start: string; week: WorkingHours; past: boolean }
  | { kind: 'beyond_horizon'; lastDate: string }
  | { kind: 'alternatives'; starts: string[]; sameDay: boolean }
  | { kind: 'which_time'; starts: string[] }
  | { kind: 'past_day' }
  | { kind: 'ambiguous_time'; options: number[] }
  | { kind: 'booked'; appointments: Appointment[] }
  | { kind: 'moved'; appointment: Appointment }
  | { kind: 'cancel_confirm'; appointment: Appointment }
  | { kind: 'cancelled'; appointment: Appointment }
  | { kind: 'which_appointment'; action: 'cancel' | 'move' | 'note'; appointments: Appointment[] }
  | { kind: 'no_appointments' }
  | { kind: 'appointments'; appointments: Appointment[] }
  | { kind: 'late_noted'; appointment: Appointment; minutes?: number }
  | { kind: 'declined' }
  | { kind: 'kept'; appointment: Appointment }
  | { kind: 'slot_gone' }
  /** Said whenever a message could be taken for a yes but is not one: nothing happened. */
  | { kind: 'nothing_booked_yet' }
  /** Repeats the proposal still waiting, so the customer knows what a "yes" would do. */
  | { kind: 'still_proposed'; services: ServiceInfo[]; start: string }
  | { kind: 'still_proposed_move'; appointment: Appointment; start: string }
  | { kind: 'still_proposed_cancel'; appointment: Appointment }
  /** What the booking under way still needs. */
  | { kind: 'needs'; what: 'service' | 'day' | 'time' }

/** One message's result: what to say, the new state, and the calendar file of what happened. */
export interface Outcome {
  lines: Line[]
  state: ConversationState
  icsData?: IcsData
  /** An appointment was booked or moved by this message. */
  booked?: boolean
}
