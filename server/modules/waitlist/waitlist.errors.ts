import type { Language } from '@common/languages'
import { AppError, conflict, notFound } from '@server/errors'
import { WAITLIST_MESSAGES } from './waitlist.messages'

// Both messages are shown to the visitor as they are, so they come in the visitor's language.
export const alreadyRegistered = (language: Language) =>
  conflict('waitlist.already_registered', WAITLIST_MESSAGES[language].alreadyRegistered)
export const tooManySignUps = (language: Language, retryAfterSeconds: number) =>
  new AppError('request.rate_limited', 429, WAITLIST_MESSAGES[language].rateLimited, { retryAfterSeconds })

// The administrators' funnel: refusals with codes the panel translates.
export const waitlistEntryNotFound = () => notFound('waitlist.not_found', 'This waitlist entry does not exist.')
export const waitlistEntryConverted = () =>
  conflict(
    'waitlist.entry_converted',
    'This entry became a salon: it is the record of who brought the salon in, and stays as it is.',
  )
export const salonAlreadyLinked = (salonId: string) =>
  conflict('waitlist.salon_already_linked', `${salonId} is already the salon of another waitlist entry.`)
