import type { BookingMember, TeamMember } from '@common/schemas/team'
import type { SlotMember } from './SlotPicker'

/** A member no longer in the team's list still shows, in the brand's colour. */
const FALLBACK_COLOUR = '#8c4a2f'

/** Who may take the booking: the active members who perform its service, and always its own. */
export function membersFor(
  members: TeamMember[] | undefined,
  serviceId: string | null,
  current?: BookingMember,
): SlotMember[] {
  const able = (members ?? []).filter(
    (member) => member.isActive && (!serviceId || member.serviceIds.includes(serviceId)),
  )
  if (current && !able.some((member) => member.id === current.id)) {
    const known = members?.find((member) => member.id === current.id)
    return [{ id: current.id, name: current.name, colour: known?.colour ?? FALLBACK_COLOUR }, ...able]
  }
  return able
}
