import { CalendarPlus, CircleAlert, Loader2, Pencil } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/Button'
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/Card'
import { useSalon } from '../dashboard-api'
import { HoursDialog } from './HoursDialog'
import { useTimeOff, useWorkingHours } from './schedule-api'
import { TimeOffDialog } from './TimeOffDialog'
import { TimeOffList } from './TimeOffList'
import { WeekTable } from './WeekTable'

/**
 * Horaires — 'Planning du Salon' (spec §2): the week's opening hours with their edit dialog, and the
 * scheduled absences with the dialog that adds one. Side by side on wide screens, stacked on a phone.
 */
export function SchedulePanel({ salonId }: { salonId: string }) {
  const { t } = useTranslation()
  const hours = useWorkingHours(salonId)
  const timeOff = useTimeOff(salonId)
  const salon = useSalon(salonId)
  const [editingHours, setEditingHours] = useState(false)
  const [addingTimeOff, setAddingTimeOff] = useState(false)
  // Absences are instants shown on the salon's clock; until the salon loads, the browser's zone is
  // the best guess (the same for nearly every owner).
  const timeZone = salon.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1.5">
            <h2 className="font-display text-xl font-semibold leading-tight">{t('schedule.title')}</h2>
            <CardDescription>{t('schedule.description')}</CardDescription>
          </div>
          <Button variant="outline" size="sm" onClick={() => setEditingHours(true)} disabled={!hours.data}>
            <Pencil aria-hidden className="size-4" />
            {t('schedule.hours.edit')}
          </Button>
        </CardHeader>
        <CardContent>
          <Loadable query={hours} retry={() => void hours.refetch()}>
            {hours.data && <WeekTable hours={hours.data} />}
          </Loadable>
        </CardContent>
      </Card>

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
            {timeOff.data && <TimeOffList salonId={salonId} timeOff={timeOff.data} timeZone={timeZone} />}
          </Loadable>
        </CardContent>
      </Card>

      {hours.data && (
        <HoursDialog salonId={salonId} hours={hours.data} open={editingHours} onOpenChange={setEditingHours} />
      )}
      <TimeOffDialog salonId={salonId} timeZone={timeZone} open={addingTimeOff} onOpenChange={setAddingTimeOff} />
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
