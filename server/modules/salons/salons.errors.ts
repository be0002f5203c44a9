import { badRequest, notFound } from '@server/errors'

export const salonNotFound = (id: string) => notFound('salons.not_found', `No salon with ID ${id}`)
export const invalidTimeZone = (zone: string) =>
  badRequest('salons.invalid_time_zone', `Unknown time zone ${zone} (expected an IANA name such as Europe/Paris)`)
