import { AppError, conflict } from '@server/errors'

// Also the schedule's (an absence of a member not in the salon), which sits under the team.
export { memberNotFound } from '@server/modules/schedule/schedule.errors'
export const memberNotPerforming = () =>
  new AppError('team.member_not_performing', 422, 'This team member does not perform this service')
export const memberNameTaken = () => conflict('team.name_taken', 'A team member already has this name')
export const ownerStaysActive = () =>
  new AppError('team.owner_stays_active', 422, "The salon's owner cannot be deactivated")
export const teamFull = (max: number) => new AppError('team.full', 422, `A salon has at most ${max} team members`)
export const unknownServices = () =>
  new AppError('team.unknown_services', 422, 'Some of these services do not exist in this salon')
export const teamOrderMismatch = () =>
  new AppError('team.order_mismatch', 422, 'The order must list every team member of the salon exactly once')
export const memberWithoutHours = () =>
  new AppError(
    'team.no_hours',
    422,
    'A team member with their own hours works at least one day; to stop offering them, deactivate them',
  )
