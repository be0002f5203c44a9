import { Field } from '@app/components/ui/Input'
import type { TeamMember } from '@common/schemas/team'
import { useTranslation } from 'react-i18next'
import { MemberSelect } from '../desk/MemberSelect'

/** "Whose" in an absence's or a break's dialog: the whole salon ('') or one member. Not shown for a salon of one. */
export function WhoseField({
  id,
  label,
  members,
  value,
  onChange,
}: {
  id: string
  label: string
  members: readonly Pick<TeamMember, 'id' | 'name'>[]
  value: string
  onChange: (memberId: string) => void
}) {
  const { t } = useTranslation()
  if (members.length <= 1) return null
  return (
    <Field id={id} label={label}>
      {(control) => (
        <MemberSelect
          {...control}
          members={members}
          emptyLabel={t('schedule.whose.salon')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}
