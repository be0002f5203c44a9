import type { TeamMember } from '@common/schemas/team'
import { rowsToWorkingHours } from '@server/modules/schedule/working-hours'
import type { MemberWithDetails } from './team.repository'

export function presentMember({ member, serviceIds, hours }: MemberWithDetails): TeamMember {
  return {
    id: member.id,
    name: member.name,
    colour: member.colour,
    isOwner: member.isOwner,
    isActive: member.isActive,
    position: member.position,
    serviceIds: [...serviceIds].sort(),
    followsSalonHours: hours.length === 0,
    workingHours: hours.length === 0 ? null : rowsToWorkingHours(hours),
  }
}
