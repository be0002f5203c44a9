import { Button } from '@app/components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader } from '@app/components/ui/Card'
import { cn } from '@app/lib/cn'
import type { TeamMember } from '@common/schemas/team'
import { instantToLocal } from '@common/time'
import { CalendarPlus, CircleAlert, Coffee, Loader2, Pencil, Store } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalon, useTeam } from '../dashboard-api'
import { BlockDialog } from './BlockDialog'
import { BlocksList } from './BlocksList'
import { stillToCome } from './blocks'
import { HoursDialog } from './HoursDialog'
import { useBlocks, useTimeOff, useWorkingHours } from './schedule-api'
import { TimeOffDialog } from './TimeOffDialog'
import { TimeOffList } from './TimeOffList'
import { WeekTable } from './WeekTable'

/**
 * Horaires — 'Planning du Salon' (spec §2): whose schedule (the salon's, or one member's), its
 * week with the edit dialog, the absences and the weekly breaks (issue 39), each with the dialog
 * that adds one. Side by side on wide screens, stacked on a phone. A member's week is their own
 * within the salon's, or the salon's.
 */
export function SchedulePanel({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const hours = useWorkingHours(salonId)
  const timeOff = useTimeOff(salonId)
  const blocks = useBlocks(salonId)
  const team = useTeam(salonId)
  const salon = useSalon(salonId)
  const [whose, setWhose] = useState<string | null>(null)
  const [editingHours, setEditingHours] = useState(false)
  const [addingTimeOff, setAddingTimeOff] = useState(false)
  const [addingBlock, setAddingBlock] = useState(false)
  // Absences are instants shown on the salon's clock; until the salon loads, the browser's zone is
  // the best guess (the same for nearly every owner).
  const timeZone = salon.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const members = team.data?.members ?? []
  const member = members.find((m) => m.id === whose)
  // A member's list shows their own absences and the salon's, which close for them too.
  const shownTimeOff = member
    ? timeOff.data?.filter((x) => x.memberId === null || x.memberId === member.id)
    : timeOff.data
  const today = instantToLocal(Date.now(), timeZone).date
  const shownBlocks = blocks.data?.filter(
    (x) => stillToCome(x, today) && (!member || x.memberId === null || x.memberId === member.id),
  )

  return (
    <div className="flex flex-col gap-6">
      {members.length > 1 && <WhoseSchedule members={members} value={whose} onChange={setWhose} />}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        <Card>
          <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
            <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
              <h2 className="font-display text-xl font-semibold leading-tight">
                {member ? t('schedule.memberHours.heading', { name: member.name }) : t('schedule.title')}
              </h2>
              <CardDescription>
                {member
                  ? t(member.followsSalonHours ? 'schedule.memberHours.followsSalon' : 'schedule.memberHours.ownHours')
                  : t('schedule.description')}
              </CardDescription>
            </div>
            <Button variant="outline" size="sm" onClick={() => setEditingHours(true)} disabled={!hours.data}>
              <Pencil aria-hidden className="size-4" />
              {t('schedule.hours.edit')}
            </Button>
          </CardHeader>
          <CardContent>
            <Loadable query={hours} retry={() => void hours.refetch()}>
              {hours.data && <WeekTable hours={member?.workingHours ?? hours.data} />}
            </Loadable>
          </CardContent>
        </Card>

        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
              <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
                <h2 className="font-display text-xl font-semibold leading-tight">{t('schedule.timeOff.title')}</h2>
                <CardDescription>{t('schedule.timeOff.description')}</CardDescription>
              </div>
              <Button variant="outline" size="sm" onClick={() => setAddingTimeOff(true)}>
                <CalendarPlus aria-hidden className="size-4" />
                {t('schedule.timeOff.add')}
              </Button>
            </CardHeader>
            <CardContent>
              <Loadable query={timeOff} retry={() => void timeOff.refetch()}>
                {shownTimeOff && (
                  <TimeOffList
                    salonId={salonId}
                    timeOff={shownTimeOff}
                    timeZone={timeZone}
                    members={members.length > 1 ? members : []}
                  />
                )}
              </Loadable>
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
              <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
                <h2 className="font-display text-xl font-semibold leading-tight">{t('schedule.blocks.title')}</h2>
                <CardDescription>{t('schedule.blocks.description')}</CardDescription>
              </div>
              <Button variant="outline" size="sm" onClick={() => setAddingBlock(true)}>
                <Coffee aria-hidden className="size-4" />
                {t('schedule.blocks.add')}
              </Button>
            </CardHeader>
            <CardContent>
              <Loadable query={blocks} retry={() => void blocks.refetch()}>
                {shownBlocks && (
                  <BlocksList salonId={salonId} blocks={shownBlocks} members={members.length > 1 ? members : []} />
                )}
              </Loadable>
            </CardContent>
          </Card>
        </div>
      </div>

      {hours.data && (
        <HoursDialog
          salonId={salonId}
          hours={hours.data}
          member={member}
          open={editingHours}
          onOpenChange={setEditingHours}
        />
      )}
      <TimeOffDialog
        salonId={salonId}
        timeZone={timeZone}
        members={members}
        memberId={member?.id ?? null}
        open={addingTimeOff}
        onOpenChange={setAddingTimeOff}
      />
      <BlockDialog
        salonId={salonId}
        members={members}
        memberId={member?.id ?? null}
        today={today}
        open={addingBlock}
        onOpenChange={setAddingBlock}
      />
    </div>
  )
}

/** "Whose schedule": the salon, or one member (their colour and name); wraps on a phone, never scrolls sideways. */
function WhoseSchedule({
  members,
  value,
  onChange,
}: {
  members: readonly TeamMember[]
  value: string | null
  onChange: (memberId: string | null) => void
}) {
  const { t } = useTranslation()
  const choices = [
    { id: null, label: t('schedule.whose.salon'), colour: undefined },
    ...members.map((m) => ({ id: m.id, label: m.name, colour: m.colour })),
  ]
  return (
    <div role="radiogroup" aria-label={t('schedule.whose.label')} className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-medium text-ink-soft">{t('schedule.whose.label')}</span>
      {choices.map((choice) => {
        const checked = choice.id === value
        return (
          // biome-ignore lint/a11y/useSemanticElements: a row of buttons reads better than radio inputs here
          <button
            key={choice.id ?? 'salon'}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => onChange(choice.id)}
            className={cn(
              'flex h-10 max-w-full items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-primary/20',
              checked ? 'border-primary bg-primary text-white' : 'border-line bg-surface text-ink hover:bg-sand/60',
            )}
          >
            {choice.colour ? (
              <span
                aria-hidden
                className="size-3 shrink-0 rounded-full ring-2 ring-white/70"
                style={{ background: choice.colour }}
              />
            ) : (
              <Store aria-hidden className="size-4 shrink-0" />
            )}
            <span className="truncate">{choice.label}</span>
          </button>
        )
      })}
    </div>
  )
}

/** 'Chargement des horaires...' while a list loads; a message and a retry button if it fails. */
function Loadable({
  query,
  retry,
  children,
}: {
  query: { isPending: boolean; isError: boolean }
  retry: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-ink-soft">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {t('schedule.loading')}
      </p>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl bg-danger-soft p-4 sm:flex-row">
        <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-danger" />
        <p className="flex-1 text-ink">{t('schedule.loadError')}</p>
        <Button variant="outline" size="sm" onClick={retry}>
          {t('schedule.retry')}
        </Button>
      </div>
    )
  }
  return children
}
