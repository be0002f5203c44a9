import { AppError, badRequest, notFound } from '../../errors'

export const serviceNotFound = () => notFound('catalog.service_not_found', 'No such service in this salon')
export const serviceInactive = (name: string) =>
  new AppError('catalog.service_inactive', 422, `The service "${name}" is not offered at the moment`)
export const csvUnreadable = (message: string, line?: number) => badRequest('catalog.csv_unreadable', message, { line })
export const csvNothingValid = (errors: { line: number; reason: string }[]) =>
  new AppError('catalog.csv_no_valid_line', 400, 'No line of the file could be imported', { errors })
export const csvNameClash = () =>
  new AppError(
    'catalog.csv_name_clash',
    409,
    'Two services of the file would end up with the same name; nothing was imported',
  )
export const translationOfOwnName = () =>
  new AppError(
    'catalog.translation_of_own_name',
    422,
    'The service is named in this language already: its name is the reference, not a translation',
  )
