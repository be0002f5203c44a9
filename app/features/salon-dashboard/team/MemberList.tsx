import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { toast } from '@app/components/ui/toast-store'
import { cn } from '@app/lib/cn'
import type { OwnerService } from '@common/schemas/catalog'
import type { TeamMember } from '@common/schemas/team'
import { Pencil, UserCheck, UserX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ReorderArrows, useReorderFocus } from '../ReorderArrows'
import { moved } from '../services/services-api'
import { useReorderTeam } from './team-api'
import { colourName, explainRefusal } from './team-texts'

interface MemberListProps {
  salonId: string
  members: TeamMember[]
  services: OwnerService[]
  onEdit: (member: TeamMember) => void
  onDeactivate: (member: TeamMember) => void
  onReactivate: (member: TeamMember) => void
  /** The member being reactivated: their button waits. */
  reactivating?: string
}

/**
 * The team in its order (the agenda's columns, and who gets an appointment first on a tie), each
 * with their colour, services, arrows, edit and (de)activation. A deactivated member stays listed.
 */
export function MemberList({
  salonId,
  members,
  services,
  onEdit,
  onDeactivate,
  onReactivate,
  reactivating,
}: MemberListProps) {
  const { t } = useTranslation()
  const reorder = useReorderTeam(salonId)
  const focus = useReorderFocus(members)

  const move = (index: number, direction: -1 | 1) => {
    const member = members[index]
    if (!member) return
    focus.pressed(member.id, direction)
    reorder.mutate(moved(members, index, direction), {
      onError: (failure) =>
        toast({
          title: t('team.moveError'),
          description: explainRefusal(t, failure, 'team.moveErrorText'),
          tone: 'destructive',
        }),
    })
  }

  return (
    <ul
      ref={focus.list}
      aria-label={t('team.listLabel')}
      className="flex flex-col divide-y divide-line/70 rounded-2xl border border-line/70"
    >
      {members.map((member, index) => (
        <li
          key={member.id}
          data-testid="member-row"
          className={cn(
            'grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-3 p-4 lg:grid-cols-[minmax(0,1fr)_auto_auto] lg:items-center lg:gap-x-5',
            !member.isActive && 'bg-sand/50 first:rounded-t-2xl last:rounded-b-2xl',
          )}
        >
          <div className="flex min-w-0 items-start gap-3">
            <span
              role="img"
              aria-label={t('team.colourLabel', { colour: colourName(t, member.colour) })}
              className={cn('mt-0.5 size-5 shrink-0 rounded-full', !member.isActive && 'opacity-50')}
              style={{ backgroundColor: member.colour }}
            />
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className={cn('font-medium break-words', !member.isActive && 'text-ink-soft')}>
                  {member.name}
                </span>
                {member.isOwner && <Badge tone="primary">{t('team.owner')}</Badge>}
                <Badge tone={member.isActive ? 'success' : 'neutral'}>
                  {member.isActive ? t('team.active') : t('team.inactive')}
                </Badge>
              </p>
              <p className="mt-0.5 text-sm leading-relaxed break-words text-ink-soft">
                <Performs member={member} services={services} />
              </p>
              <p className="mt-0.5 text-sm text-ink-soft">
                {member.followsSalonHours ? t('team.salonHours') : t('team.ownHours')}
              </p>
              {!member.isActive && <p className="mt-0.5 text-sm text-ink-soft">{t('team.inactiveHint')}</p>}
            </div>
          </div>
          <ReorderArrows
            id={member.id}
            index={index}
            count={members.length}
            busy={reorder.isPending}
            onMove={move}
            upLabel={t('team.moveUp', { name: member.name })}
            downLabel={t('team.moveDown', { name: member.name })}
          />
          <div className="col-span-2 grid grid-cols-2 gap-2 lg:order-2 lg:col-span-1 lg:flex">
            <Button
              variant="outline"
              size="sm"
              className="h-10"
              onClick={() => onEdit(member)}
              aria-label={t('team.editLabel', { name: member.name })}
            >
              <Pencil aria-hidden className="size-4" />
              {t('team.edit')}
            </Button>
            {!member.isOwner && (
              <Button
                variant="outline"
                size="sm"
                className="h-10 lg:min-w-32"
                loading={reactivating === member.id}
                onClick={() => (member.isActive ? onDeactivate(member) : onReactivate(member))}
                aria-label={
                  member.isActive
                    ? t('team.deactivateLabel', { name: member.name })
                    : t('team.reactivateLabel', { name: member.name })
                }
              >
                {member.isActive ? (
                  <UserX aria-hidden className="size-4" />
                ) : (
                  <UserCheck aria-hidden className="size-4" />
                )}
                {member.isActive ? t('team.deactivate') : t('team.reactivate')}
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  )
}

/** "Toutes les prestations", or the ones they perform by name (the active ones; the others are not offered). */
function Performs({ member, services }: { member: TeamMember; services: OwnerService[] }) {
  const { t } = useTranslation()
  const active = services.filter((s) => s.isActive)
  const theirs = active.filter((s) => member.serviceIds.includes(s.id))
  if (active.length > 0 && theirs.length === active.length) return <>{t('team.performsAll')}</>
  if (theirs.length === 0) return <>{t('team.performsNone')}</>
  return <>{t('team.performs', { services: theirs.map((s) => s.name).join(', ') })}</>
}
