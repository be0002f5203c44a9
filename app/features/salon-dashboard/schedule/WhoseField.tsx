import { Field, fieldClasses } from '@app/components/ui/Input'
import type { TeamMember } from '@common/schemas/team'
import { useTranslation } from 'react-i18next'

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
        <select {...control} className={fieldClasses} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('schedule.whose.salon')}</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
