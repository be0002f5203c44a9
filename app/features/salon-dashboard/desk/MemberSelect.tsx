import { fieldClasses } from '@app/components/ui/Input'
import { cn } from '@app/lib/cn'
import type { TeamMember } from '@common/schemas/team'
import type { ComponentProps } from 'react'

/**
 * A choice among team members, as the desk's forms ask it (a booking's, a visit's line, the waiting
 * list's): with `emptyLabel`, a first option '' for anyone (or the whole salon).
 */
export function MemberSelect({
  members,
  emptyLabel,
  className,
  ...select
}: {
  members: readonly Pick<TeamMember, 'id' | 'name'>[]
  emptyLabel?: string | undefined
} & ComponentProps<'select'>) {
  return (
    <select {...select} className={cn(fieldClasses, 'cursor-pointer', className)}>
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {members.map((member) => (
        <option key={member.id} value={member.id}>
          {member.name}
        </option>
      ))}
    </select>
  )
}
