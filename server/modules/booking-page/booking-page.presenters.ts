import { languageOrDefault } from '@common/languages'
import type { BookingPage } from '@common/schemas/booking-page'
import { formatLocalDateTime } from '@common/time'
import type { SalonRow } from '@server/db/schema'
import type { BookingWithCustomer } from '@server/modules/bookings/bookings.repository'
import type { ServiceForCustomer } from '@server/modules/catalog/service-for-customer'
import { practicalInfoFor } from '@server/modules/salons/practical-info'

/** What the customer's page may do now, as the use cases decided it. */
export interface PageAbilities {
  changeableUntil: Date
  canCancel: boolean
  canMove: boolean
}

/**
 * The booking as its customer sees it on their page: no ids, no salon note, no channel — only what
 * a confirmation would say, and what they may do.
 */
export function presentBookingPage(
  { booking, customer, member }: BookingWithCustomer,
  salon: SalonRow,
  abilities: PageAbilities,
  /** The service in the customer's language (catalog's `bookedServiceFor`). */
  service: Pick<ServiceForCustomer, 'name' | 'description'>,
): BookingPage {
  const language = languageOrDefault(customer.language)
  const practical = practicalInfoFor(salon, language)
  const start = formatLocalDateTime(booking.startsAt, salon.timeZone)
  const end = formatLocalDateTime(booking.endsAt, salon.timeZone)
  return {
    language,
    customerName: customer.name,
    status: booking.status,
    service: service.name,
    serviceDescription: service.description ?? null,
    durationMinutes: booking.durationMinutes,
    price: booking.priceMinor,
    currency: booking.currency,
    member: member.name,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    localDate: start.slice(0, 10),
    localTime: start.slice(11),
    localEndTime: end.slice(11),
    timeZone: salon.timeZone,
    salon: {
      name: salon.name,
      address: salon.address,
      phone: salon.publicPhone,
      mapUrl: mapUrl(salon),
      chatPath: `/chat/${salon.publicId}`,
      practicalInfo: practical.text ? { text: practical.text, inSalonsWords: practical.salonsOwnWords } : null,
    },
    cancellationNoticeMinutes: salon.cancellationNoticeMinutes,
    changeableUntil: abilities.changeableUntil.toISOString(),
    changeableUntilLocal: formatLocalDateTime(abilities.changeableUntil, salon.timeZone),
    canCancel: abilities.canCancel,
    canMove: abilities.canMove,
  }
}

/**
 * Google Maps' documented search URL (Maps URLs, `api=1`): no key, and on a phone it opens the Maps
 * app. The salon's name joins the address so the pin lands on the salon itself where Maps knows it.
 */
export function mapUrl(salon: Pick<SalonRow, 'name' | 'address'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${salon.name}, ${salon.address}`)}`
}
