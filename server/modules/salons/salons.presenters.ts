import { currencyForCountry } from '@common/countries'
import type { Salon, SalonChatInfo, SalonLookup } from '@common/schemas/salon'
import type { WorkingHours } from '@common/schemas/schedule'
import type { SalonRow } from '@server/db/schema'
import type { SalonFacts } from './salon-plug-ins'

/** What the salon's page says about Instagram: whether this server has an app, and the salon's account. */
export interface InstagramFacts {
  available: boolean
  account: { username: string; reconnectRequired: boolean } | undefined
}

/** A week with every day closed: what a salon shows without the schedule plugged in. */
const CLOSED = { isOpen: false, openTime: null, closeTime: null, intervals: [] }
const NO_WEEK: WorkingHours = { 0: CLOSED, 1: CLOSED, 2: CLOSED, 3: CLOSED, 4: CLOSED, 5: CLOSED, 6: CLOSED }

/** `facts`: what the salon's plug-ins say of it (salon-plug-ins.ts); an absent plug-in reads as not connected. */
export function presentSalon(row: SalonRow, facts: SalonFacts): Salon {
  const workingHours = facts.workingHours ?? NO_WEEK
  const googleEmail = facts.calendar?.email
  const instagram = facts.instagram ?? { available: false, account: undefined }
  return {
    id: row.id,
    salonId: row.publicId,
    name: row.name,
    email: row.contactEmail,
    contactEmail: row.contactEmail,
    authorizedGoogleEmail: row.authorizedGoogleEmail,
    address: row.address,
    country: row.country,
    timeZone: row.timeZone,
    currency: currencyForCountry(row.country),
    isActive: row.isActive,
    isGoogleCalendarConnected: googleEmail !== undefined,
    googleConnectedEmail: googleEmail ?? null,
    publicPhone: row.publicPhone,
    practicalInfo: row.practicalInfo,
    practicalInfoTranslations: row.practicalInfoTranslations,
    instagramConnected: instagram.account !== undefined,
    instagramUsername: instagram.account?.username ?? null,
    instagram: {
      available: instagram.available,
      reconnectRequired: instagram.account?.reconnectRequired ?? false,
      replyToEveryone: row.instagramReplyToEveryone,
      pauseMinutes: row.instagramPauseMinutes,
    },
    bookingRules: {
      slotStepMinutes: row.slotStepMinutes,
      minimumNoticeMinutes: row.minimumNoticeMinutes,
      horizonDays: row.horizonDays,
    },
    reminders: {
      dayBefore: row.remindDayBefore,
      twoHours: row.remindTwoHours,
      bySms: row.remindBySms,
      cancellationNoticeMinutes: row.cancellationNoticeMinutes,
    },
    reminderChannels: facts.reminderChannels ?? row.reminderChannels ?? [],
    workingHours,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function presentSalonChatInfo(row: SalonRow, telegramLink: string | null): SalonChatInfo {
  return { salonId: row.publicId, name: row.name, address: row.address, telegramLink }
}

export function presentSalonLookup(row: SalonRow, calendarConnected: boolean): SalonLookup {
  return { salonId: row.publicId, name: row.name, isActive: row.isActive, isGoogleCalendarConnected: calendarConnected }
}
