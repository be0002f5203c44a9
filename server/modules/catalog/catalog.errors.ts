import type { AmountProblem } from '@common/money'
import { type ImportLineError, PROCESSING_OUTSIDE } from '@common/schemas/catalog'
import { AppError, badRequest, conflict, notFound, unprocessable } from '@server/errors'

export const serviceNotFound = () => notFound('catalog.service_not_found', 'No such service in this salon')
export const serviceInactive = (name: string) =>
  new AppError('catalog.service_inactive', 422, `The service "${name}" is not offered at the moment`)
export const csvUnreadable = (
  code: 'catalog.csv_unreadable' | 'catalog.csv_empty' | 'catalog.csv_too_many_rows',
  message: string,
  line?: number,
) => badRequest(code, message, { line })
export const csvNothingValid = (errors: ImportLineError[]) =>
  new AppError('catalog.csv_no_valid_line', 400, 'No line of the file could be imported', { errors })
export const csvNameClash = () =>
  new AppError(
    'catalog.csv_name_clash',
    409,
    'Two services of the file would end up with the same name; nothing was imported',
  )
export const csvPreviewStale = () =>
  conflict(
    'catalog.csv_preview_stale',
    'The services changed since the preview: this file would now do something else. Nothing was imported; preview it again',
  )
export const translationOfOwnName = () =>
  new AppError(
    'catalog.translation_of_own_name',
    422,
    'The service is named in this language already: its name is the reference, not a translation',
  )
export const duplicateName = (name: string) =>
  conflict('catalog.duplicate_name', `Another service of the salon is already called "${name}"`, { field: 'name' })

const PRICE_MESSAGES: Record<AmountProblem, string> = {
  empty: 'The price is empty',
  invalid: 'The price must be an amount such as 35 or 35.50',
  negative: 'The price cannot be negative',
  too_many_decimals: 'The price has more decimals than the currency',
  too_high: 'The price is too high for a service',
}
/** `catalog.price_invalid`, `catalog.price_negative`…: the price of the editor's form, refused. */
export const priceRefused = (problem: AmountProblem) =>
  unprocessable(`catalog.price_${problem}`, PRICE_MESSAGES[problem], {
    field: 'priceAmount',
    issues: [{ path: 'priceAmount', message: PRICE_MESSAGES[problem] }],
  })
export const orderStale = () =>
  conflict(
    'catalog.order_stale',
    'The list of services changed meanwhile (a service was added or imported): reload it and try again',
  )
export const nothingToChange = () => badRequest('catalog.nothing_to_change', 'The request changes nothing')
export const unknownPerformers = () =>
  unprocessable('catalog.unknown_members', 'Some of these team members do not exist in this salon', {
    field: 'memberIds',
  })
export const noActivePerformer = () =>
  unprocessable(
    'catalog.no_active_member',
    'An active service needs at least one active team member who performs it: tick one, or deactivate the service',
    { field: 'memberIds' },
  )
export const phasesRefused = () => unprocessable('catalog.phases_invalid', PROCESSING_OUTSIDE)
