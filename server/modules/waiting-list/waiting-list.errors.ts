import { AppError, badRequest, conflict, notFound } from '@server/errors'

export const alreadyWaiting = () =>
  conflict('waiting_list.already_waiting', 'This customer is already on the waiting list for that day')
export const dayPast = () => badRequest('waiting_list.day_past', 'That day has already passed')
export const entryNotFound = () => notFound('waiting_list.entry_not_found', 'No such entry on the waiting list')
export const offerNotFound = () => notFound('waiting_list.offer_not_found', 'This link does not open any offer')
export const offerTaken = () =>
  conflict(
    'waiting_list.offer_taken',
    'Someone else took this time first. You stay on the waiting list: we will write if another one frees up',
  )
export const offerClosed = () =>
  new AppError('waiting_list.offer_closed', 410, 'No time is offered on this link any more')
