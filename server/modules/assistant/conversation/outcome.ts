import type { IcsData } from '@common/schemas/chat'
import type { WorkingHours } from '@common/schemas/schedule'
import type { WaitPart } from '@common/schemas/waiting-list'
import type { SlotRefusal } from '@server/modules/schedule/availability'
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
  /** "Do you do X?": yes, with its length and price. */
  | { kind: 'we_do'; service: ServiceInfo }
  | { kind: 'price'; service: ServiceInfo }
  /** Several services together: each price and the total. */
  | { kind: 'total'; services: ServiceInfo[] }
  | { kind: 'inactive_service'; name: string }
  | { kind: 'not_offered'; treatments: Treatment[] }
  | { kind: 'unknown_service' }
  | { kind: 'choose_service'; services: ServiceInfo[] }
  | { kind: 'address' | 'phone' | 'email' }
  /** `beside`: answered next to a booking reply, which asks its own question. */
  | { kind: 'practical'; beside?: boolean }
  | { kind: 'hours_week'; week: WorkingHours; today: string }
  /** `today`: the day asked about is today ("vous êtes ouverts aujourd'hui ?"). */
  | { kind: 'hours_day'; week: WorkingHours; date: string; today?: boolean }
  | { kind: 'closed_on'; date: string }
  | { kind: 'closed_day'; date: string }
  | { kind: 'ask_day'; services: ServiceInfo[] | string; first?: string[] }
  /** A move asked for without where to: the appointment as it stands (local start), and which day instead? */
  | { kind: 'ask_move_day'; services: ServiceInfo[] | string; start: string }
  | { kind: 'choose_day'; dates: string[] }
  | { kind: 'day_times'; date: string; starts: string[]; part?: PartOfDay; memberId?: string }
  | { kind: 'no_times_that_day'; date: string; part?: PartOfDay }
  | { kind: 'next_free'; services: ServiceInfo[]; starts: string[]; memberId?: string }
  | { kind: 'nothing_free'; services: ServiceInfo[] }
  /** `memberId`: the member asked for, named when the salon has several. */
  /** `together`: several people at once, each with a member of their own. */
  /** `terms`: what booking it asks (a deposit…), in the customer's words, from the booking's holds. */
  | {
      kind: 'propose'
      services: ServiceInfo[]
      start: string
      memberId?: string
      together?: boolean
      terms?: string[]
    }
  /** A visit: one appointment, or several back to back moved or cancelled as a whole. */
  | { kind: 'propose_move'; visit: Appointment[]; start: string }
  /** The move asked for is where the visit already is. */
  | { kind: 'move_unchanged'; visit: Appointment[] }
  | { kind: 'refused'; reason: SlotRefusal; service: ServiceInfo; start: string; week: WorkingHours; past: boolean }
  | { kind: 'beyond_horizon'; lastDate: string }
  /** `memberId`: the times are this member's (the one asked for). */
  | { kind: 'alternatives'; starts: string[]; sameDay: boolean; memberId?: string }
  /**
   * The member asked for is not free at that start: another member who is (`otherId`), and the
   * member's own nearest times (`starts`, on that day when `sameDay`).
   */
  | { kind: 'member_busy'; memberId: string; start: string; otherId?: string; starts: string[]; sameDay: boolean }
  /** A person asked for by a name no active member has: the team is listed. */
  | { kind: 'unknown_member'; name: string }
  /** The member asked for does not perform these services; `performerIds` do. */
  | { kind: 'member_not_performing'; memberId: string; services: ServiceInfo[]; performerIds: string[] }
  | { kind: 'which_time'; starts: string[] }
  | { kind: 'past_day' }
  /** A day the month does not have ("le 31 février"). */
  | { kind: 'impossible_date'; day: number; month: number }
  | { kind: 'ambiguous_time'; options: number[] }
  /** `steps`: the booking is held until the customer does these (pay a deposit…), with their links. */
  | { kind: 'booked'; appointments: Appointment[]; steps?: string[] }
  | { kind: 'moved'; visit: Appointment[] }
  | { kind: 'cancel_confirm'; visit: Appointment[] }
  | { kind: 'cancelled'; visit: Appointment[] }
  | { kind: 'which_appointment'; action: 'cancel' | 'move' | 'note'; visits: Appointment[][] }
  | { kind: 'no_appointments' }
  /** What the message named is none of the customer's appointments: these are. */
  | { kind: 'no_such_appointment'; visits: Appointment[][] }
  /** Lateness with nothing booked today: nothing was passed on; the customer's next visits. */
  | { kind: 'no_appointment_today'; visits: Appointment[][] }
  | { kind: 'appointments'; visits: Appointment[][] }
  | { kind: 'late_noted'; appointment: Appointment; minutes?: number }
  | { kind: 'declined' }
  | { kind: 'kept'; visit: Appointment[] }
  | { kind: 'slot_gone' }
  /** Said whenever a message could be taken for a yes but is not one: nothing happened. */
  | { kind: 'nothing_booked_yet' }
  /** After a booking in the web chat by a customer we could not remind: how to be reminded. */
  | { kind: 'remind_offer' }
  /** Repeats the proposal still waiting, so the customer knows what a "yes" would do. */
  | { kind: 'still_proposed'; services: ServiceInfo[]; start: string; memberId?: string }
  | { kind: 'still_proposed_move'; visit: Appointment[]; start: string }
  | { kind: 'still_proposed_cancel'; visit: Appointment[] }
  /** A day that is open but full: the waiting list is offered for it (and its part of the day). */
  | { kind: 'waitlist_hint'; date: string; part?: PartOfDay }
  /** On the waiting list; `contact`: a web chat without phone or e-mail, told how to be reachable. */
  | { kind: 'waitlist_joined'; services: ServiceInfo[]; date: string; part: WaitPart; contact?: boolean }
  | { kind: 'waitlist_already'; date: string }
  /** What the booking under way still needs. */
  | { kind: 'needs'; what: 'service' | 'day' | 'time' }

/** One message's result: what to say, the new state, and the calendar file of what happened. */
export interface Outcome {
  lines: Line[]
  state: ConversationState
  icsData?: IcsData
  /** The customer's own page of what was booked or moved (the first appointment of a visit). */
  bookingLink?: string | undefined
  /** An appointment was booked or moved by this message. */
  booked?: boolean
}
