import type { Language } from '@common/languages'
import { AppError, conflict } from '@server/errors'
import { WAITLIST_MESSAGES } from './waitlist.messages'

// Both messages are shown to the visitor as they are, so they come in the visitor's language.
export const alreadyRegistered = (language: Language) =>
  conflict('waitlist.already_registered', WAITLIST_MESSAGES[language].alreadyRegistered)
export const tooManySignUps = (language: Language, retryAfterSeconds: number) =>
  new AppError('request.rate_limited', 429, WAITLIST_MESSAGES[language].rateLimited, { retryAfterSeconds })
