import { Button } from '@app/components/ui/Button'
import { ConfirmDialog } from '@app/components/ui/FormDialog'
import { toast } from '@app/components/ui/toast-store'
import { currentLanguage } from '@app/lib/i18n'
import type { TimeOff } from '@common/schemas/schedule'
import type { TeamMember } from '@common/schemas/team'
import { CalendarOff, Store, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDeleteTimeOff } from './schedule-api'
import { describeTimeOff, describeTimeOffInWords } from './time-off'

/**
 * The scheduled absences in words on the salon's clock (the last day off and the day back), each
 * with whose it is (when the salon has a team: `members`) and a guarded delete.
 */
export function TimeOffList({
  salonId,
  timeOff,
  timeZone,
  members = [],
}: {
  salonId: string
  timeOff: TimeOff[]
  timeZone: string
  members?: readonly Pick<TeamMember, 'id' | 'name' | 'colour'>[]
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const [confirming, setConfirming] = useState<TimeOff>()

  if (timeOff.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-4 py-8 text-center">
        <CalendarOff aria-hidden className="size-7 text-ink-soft" />
        <p className="text-ink-soft">{t('schedule.timeOff.empty')}</p>
      </div>
    )
  }

  return (
    <>
      <ul aria-label={t('schedule.timeOff.listLabel')} className="flex flex-col gap-2">
        {timeOff.map((entry) => {
          const { start, end } = describeTimeOff(entry, timeZone)
          const { period, back } = describeTimeOffInWords(entry, timeZone, language, t)
          const details = [entry.reason, back].filter(Boolean)
          return (
            <li
              key={entry.id}
              className="flex items-center gap-2 rounded-xl border border-line/80 bg-paper py-3 pl-3 pr-1.5 sm:gap-3 sm:pl-4 sm:pr-2"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                {members.length > 0 && <Whose member={members.find((m) => m.id === entry.memberId)} />}
                <p className="break-words font-medium">{period}</p>
                {details.length > 0 && <p className="break-words text-sm text-ink-soft">{details.join(' · ')}</p>}
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="text-danger hover:bg-danger-soft"
                onClick={() => setConfirming(entry)}
                aria-label={t('schedule.timeOff.deleteLabel', { start, end })}
                title={t('schedule.timeOff.delete')}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          )
        })}
      </ul>
      <ConfirmDelete
        salonId={salonId}
        timeOff={confirming}
        timeZone={timeZone}
        onClose={() => setConfirming(undefined)}
      />
    </>
  )
}

/** Whose absence or break: a member (their colour and name), or the whole salon. */
export function Whose({ member }: { member: Pick<TeamMember, 'name' | 'colour'> | undefined }) {
  const { t } = useTranslation()
  return (
    <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-ink-soft">
      {member ? (
        <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: member.colour }} />
      ) : (
        <Store aria-hidden className="size-3.5 shrink-0" />
      )}
      <span className="truncate">{member ? member.name : t('schedule.whose.salon')}</span>
    </p>
  )
}

/** Deleting gives the slots back to clients at once, so it asks first. */
function ConfirmDelete({
  salonId,
  timeOff,
  timeZone,
  onClose,
}: {
  salonId: string
  timeOff: TimeOff | undefined
  timeZone: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const remove = useDeleteTimeOff(salonId)
  const words = timeOff ? describeTimeOffInWords(timeOff, timeZone, currentLanguage(), t) : undefined

  const confirm = () => {
    if (!timeOff) return
    remove.mutate(timeOff.id, {
      onSuccess: () => {
        toast({ title: t('schedule.timeOff.deleted'), tone: 'success' })
        onClose()
      },
      onError: () => {
        toast({ title: t('schedule.timeOff.deleteError'), tone: 'destructive' })
        onClose()
      },
    })
  }

  return (
    <ConfirmDialog
      open={timeOff !== undefined}
      onClose={onClose}
      onConfirm={confirm}
      pending={remove.isPending}
      title={t('schedule.timeOff.confirmTitle')}
      description={words && t('schedule.timeOff.confirmDescription', { period: words.period })}
      submitLabel={t('schedule.timeOff.delete')}
      pendingLabel={t('schedule.timeOff.deleting')}
    />
  )
}
