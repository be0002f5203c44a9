import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import type { OwnerService } from '@common/schemas/catalog'
import type { TeamMember } from '@common/schemas/team'
import { useTranslation } from 'react-i18next'
import { upcomingOf, useUpcomingBookings, useUpdateMember } from './team-api'
import { explainRefusal } from './team-texts'

/**
 * "Désactiver Hugo ?": the server keeps their appointments to come, still with them, and offers
 * them no more (the chat, the MCP tools and the booking desk stop proposing them). The question
 * says so, with how many appointments they have from today on, to move or cancel from the agenda,
 * and which services nobody else performs (those stop being offered with them).
 */
export function DeactivateMemberDialog({
  salonId,
  open,
  member,
  members,
  services,
  onClose,
}: {
  salonId: string
  open: boolean
  member: TeamMember | undefined
  /** The whole team and the salon's services: who else performs what. */
  members: readonly TeamMember[]
  services: readonly OwnerService[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const update = useUpdateMember(salonId)
  const bookings = useUpcomingBookings(salonId, open)
  const count = member && bookings.data ? upcomingOf(bookings.data, member.id) : undefined
  const name = member?.name ?? ''
  const orphans = member ? onlyTheirs(member, members, services) : []

  const confirm = () => {
    if (!member) return
    update.mutate(
      { id: member.id, isActive: false },
      {
        onSuccess: () => {
          toast({ title: t('team.deactivated', { name }), description: t('team.deactivatedText'), tone: 'success' })
          onClose()
        },
        onError: (failure) =>
          toast({
            title: t('team.saveError'),
            description: explainRefusal(t, failure, 'team.saveErrorText'),
            tone: 'destructive',
          }),
      },
    )
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      onConfirm={confirm}
      pending={update.isPending}
      title={t('team.deactivateTitle', { name })}
      description={
        <>
          {t('team.deactivateText', { name })}{' '}
          {count === undefined
            ? t('team.deactivateBookings', { name })
            : count === 0
              ? t('team.deactivateNoBookings', { name })
              : t(count === 1 ? 'team.deactivateBookingsOne' : 'team.deactivateBookingsCount', { name, count })}
          {orphans.length > 0 && (
            <span className="mt-2 block font-medium text-ink">
              {t('team.deactivateOrphans', { services: orphans.join(', ') })}
            </span>
          )}
        </>
      }
      submitLabel={t('team.deactivateConfirm')}
      pendingLabel={t('team.dialog.saving')}
    />
  )
}

/** The active services this member performs and no other active member does, by name. */
function onlyTheirs(member: TeamMember, members: readonly TeamMember[], services: readonly OwnerService[]): string[] {
  const others = members.filter((m) => m.isActive && m.id !== member.id)
  return services
    .filter((s) => s.isActive && member.serviceIds.includes(s.id))
    .filter((s) => !others.some((m) => m.serviceIds.includes(s.id)))
    .map((s) => s.name)
}
