import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader } from '@app/components/ui/Card'
import { toast } from '@app/components/ui/toast-store'
import { MAX_TEAM_MEMBERS, type TeamMember } from '@common/schemas/team'
import { CircleAlert, Clock, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useTeam } from '../dashboard-api'
import { useOwnerServices } from '../services/services-api'
import { CalendarBlocksChoice } from './CalendarBlocksChoice'
import { DeactivateMemberDialog } from './DeactivateMemberDialog'
import { MemberDialog } from './MemberDialog'
import { MemberList } from './MemberList'
import { useUpdateMember } from './team-api'
import { explainRefusal } from './team-texts'

/**
 * Équipe: the people customers are booked with, in the salon's order — add one, edit their name,
 * colour and services, deactivate or bring them back, reorder them; and what the salon's own Google
 * Calendar events block. Each one's hours and absences are set in the Hours tab (`onOpenHours`).
 */
export function TeamTab({ salonId, onOpenHours }: { salonId: string; onOpenHours?: () => void }) {
  const { t } = useTranslation()
  const team = useTeam(salonId)
  const services = useOwnerServices(salonId)
  const reactivate = useUpdateMember(salonId)
  // Who the dialogs are about stays while they close, so their title does not change as they fade.
  const [editing, setEditing] = useState<{ open: boolean; member?: TeamMember }>({ open: false })
  const [deactivating, setDeactivating] = useState<{ open: boolean; member?: TeamMember }>({ open: false })

  const members = team.data?.members ?? []
  const owner = members.find((m) => m.isOwner)
  const full = members.length >= MAX_TEAM_MEMBERS

  const bringBack = (member: TeamMember) =>
    reactivate.mutate(
      { id: member.id, isActive: true },
      {
        onSuccess: () =>
          toast({
            title: t('team.reactivated', { name: member.name }),
            description: t('team.reactivatedText'),
            tone: 'success',
          }),
        onError: (failure) =>
          toast({
            title: t('team.saveError'),
            description: explainRefusal(t, failure, 'team.saveErrorText'),
            tone: 'destructive',
          }),
      },
    )

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <h2 className="font-display text-xl font-semibold leading-tight">{t('team.title')}</h2>
          <CardDescription>{t('team.description')}</CardDescription>
        </div>
        <Button
          className="shrink-0"
          onClick={() => setEditing({ open: true })}
          disabled={!team.data || !services.data || full}
          title={full ? t('team.errors.full', { max: MAX_TEAM_MEMBERS }) : undefined}
        >
          <UserPlus aria-hidden className="size-4" />
          {t('team.add')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {team.isPending || services.isPending ? (
          <p role="status" className="py-6 text-center text-sm text-ink-soft">
            {t('team.loading')}
          </p>
        ) : team.isError || services.isError || !team.data ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-danger-soft p-4 sm:flex-row">
            <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
            <p className="flex-1 text-ink">{t('team.loadError')}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                void team.refetch()
                void services.refetch()
              }}
            >
              {t('team.retry')}
            </Button>
          </div>
        ) : (
          <>
            <MemberList
              salonId={salonId}
              members={members}
              services={services.data ?? []}
              onEdit={(member) => setEditing({ open: true, member })}
              onDeactivate={(member) => setDeactivating({ open: true, member })}
              onReactivate={bringBack}
              reactivating={reactivate.isPending ? reactivate.variables?.id : undefined}
            />
            <div className="flex flex-col items-start gap-3 rounded-2xl bg-sand/50 p-4 sm:flex-row sm:items-center">
              <p className="flex flex-1 items-start gap-2 text-sm text-ink">
                <Clock aria-hidden className="size-5 shrink-0 text-ink-soft" />
                {t('team.hoursElsewhere')}
              </p>
              {onOpenHours && (
                <Button variant="outline" size="sm" onClick={onOpenHours}>
                  {t('team.openHours')}
                </Button>
              )}
            </div>
            <CalendarBlocksChoice
              salonId={salonId}
              value={team.data.calendarBlocks}
              ownerName={owner?.name ?? t('team.owner')}
            />
          </>
        )}
      </CardContent>
      <MemberDialog
        open={editing.open}
        onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
        salonId={salonId}
        services={services.data ?? []}
        takenColours={members.map((m) => m.colour)}
        member={editing.member}
      />
      <DeactivateMemberDialog
        salonId={salonId}
        open={deactivating.open}
        member={deactivating.member}
        members={members}
        services={services.data ?? []}
        onClose={() => setDeactivating((current) => ({ ...current, open: false }))}
      />
    </Card>
  )
}
