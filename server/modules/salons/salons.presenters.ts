import { currencyForCountry } from '../../../common/countries'
import type { Salon, SalonChatInfo, SalonLookup } from '../../../common/schemas/salon'
import type { WorkingHours } from '../../../common/schemas/schedule'
import type { SalonRow } from '../../db/schema'

export function presentSalon(row: SalonRow, workingHours: WorkingHours): Salon {
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
    // Calendar and Instagram connections arrive with their own issues; until then none exists.
    isGoogleCalendarConnected: false,
    googleConnectedEmail: null,
    instagramConnected: false,
    instagramUsername: null,
    bookingRules: {
      slotStepMinutes: row.slotStepMinutes,
      minimumNoticeMinutes: row.minimumNoticeMinutes,
      horizonDays: row.horizonDays,
    },
    workingHours,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function presentSalonChatInfo(row: SalonRow): SalonChatInfo {
  return { salonId: row.publicId, name: row.name, address: row.address }
}

export function presentSalonLookup(row: SalonRow): SalonLookup {
  return { salonId: row.publicId, name: row.name, isActive: row.isActive, isGoogleCalendarConnected: false }
}
