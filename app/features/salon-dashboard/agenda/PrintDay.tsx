import { Button } from '@app/components/ui/Button'
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@app/components/ui/Popover'
import type { Booking } from '@common/schemas/booking'
import type { TeamMember } from '@common/schemas/team'
import { Printer, Users } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DaySheet } from './DaySheet'
import { MenuButton } from './MenuButton'

/** "Imprimer": the day sheet of the whole team or of one member (a salon of one prints at once). */
export function PrintDay({
  salonName,
  date,
  members,
  bookings,
}: {
  salonName: string
  date: string
  members: readonly TeamMember[]
  bookings: readonly Booking[]
}) {
  const { t } = useTranslation()
  const [sheet, setSheet] = useState<readonly TeamMember[]>()
  // Stable: the sheet prints once, as it mounts.
  const done = useCallback(() => setSheet(undefined), [])
  const label = (
    <>
      <Printer aria-hidden className="size-4" />
      {t('agenda.sheet.print')}
    </>
  )
  return (
    <>
      {members.length === 1 ? (
        <Button variant="outline" size="sm" onClick={() => setSheet(members)}>
          {label}
        </Button>
      ) : (
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="outline" size="sm">
              {label}
            </Button>
          </PopoverTrigger>
          <PopoverContent className="flex w-60 flex-col gap-0.5">
            <p className="px-2.5 pt-1.5 pb-1 text-sm font-semibold">{t('agenda.sheet.whose')}</p>
            <PopoverClose asChild>
              <MenuButton icon={<Users aria-hidden className="size-4" />} onClick={() => setSheet(members)}>
                {t('agenda.sheet.everyone')}
              </MenuButton>
            </PopoverClose>
            {members.map((member) => (
              <PopoverClose asChild key={member.id}>
                <MenuButton
                  icon={
                    <span
                      aria-hidden
                      className="block size-3 rounded-full"
                      style={{ backgroundColor: member.colour }}
                    />
                  }
                  onClick={() => setSheet([member])}
                >
                  {member.name}
                </MenuButton>
              </PopoverClose>
            ))}
          </PopoverContent>
        </Popover>
      )}
      {sheet && <DaySheet salonName={salonName} date={date} members={sheet} bookings={bookings} onDone={done} />}
    </>
  )
}
