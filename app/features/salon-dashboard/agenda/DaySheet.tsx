import { currentLanguage } from '@app/lib/i18n'
import type { Booking } from '@common/schemas/booking'
import type { TeamMember } from '@common/schemas/team'
import { formatMinutes, minutesOfDay } from '@common/time'
import { useEffect } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { formatSalonDate } from '../customers/visits'
import { endTime } from '../desk/desk-format'

/**
 * The day sheet for the station: one page per member (or the one asked for), their appointments of
 * the day in time order — time, client, phone, service (with its processing pause), the salon's
 * note and the customer's — printed on A4. It is a sibling of the app under <body>, shown by the
 * print style sheet only (styles.css: `.day-sheet`), so the screen never changes; the browser's
 * print dialog opens as it mounts, and `onDone` comes once it closes.
 */
export function DaySheet({
  salonName,
  date,
  members,
  bookings,
  onDone,
}: {
  salonName: string
  date: string
  /** Whose pages: every member shown, or the one asked for. */
  members: readonly TeamMember[]
  bookings: readonly Booking[]
  onDone: () => void
}) {
  const { t } = useTranslation()
  const day = formatSalonDate(date, currentLanguage(), 'EEEE d MMMM yyyy')
  useEffect(() => {
    window.addEventListener('afterprint', onDone, { once: true })
    // After the sheet is in the page: print() blocks until the dialog closes in most browsers.
    const timer = setTimeout(() => window.print(), 0)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('afterprint', onDone)
    }
  }, [onDone])

  return createPortal(
    <div className="day-sheet" data-day-sheet>
      {members.map((member) => {
        const own = bookings
          .filter((b) => b.member.id === member.id && b.status !== 'cancelled' && b.localDate === date)
          .sort((a, b) => a.localTime.localeCompare(b.localTime))
        return (
          <section key={member.id} className="day-sheet-page">
            <header className="day-sheet-header">
              <p>{salonName}</p>
              <h1>
                {member.name} — <span className="first-letter:uppercase">{day}</span>
              </h1>
              <p>{t('agenda.sheet.count', { count: own.length })}</p>
            </header>
            {own.length === 0 ? (
              <p>{t('agenda.sheet.none')}</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t('agenda.sheet.time')}</th>
                    <th scope="col">{t('agenda.sheet.client')}</th>
                    <th scope="col">{t('agenda.sheet.phone')}</th>
                    <th scope="col">{t('agenda.sheet.service')}</th>
                    <th scope="col">{t('agenda.sheet.notes')}</th>
                  </tr>
                </thead>
                <tbody>
                  {own.map((booking) => (
                    <SheetRow key={booking.id} booking={booking} />
                  ))}
                </tbody>
              </table>
            )}
          </section>
        )
      })}
    </div>,
    document.body,
  )
}

function SheetRow({ booking }: { booking: Booking }) {
  const { t } = useTranslation()
  const start = minutesOfDay(booking.localTime)
  const processing = booking.processing
  // The salon's private note, and the customer's word that they will be late.
  const notes = [
    booking.salonNote,
    ...booking.notes.map((note) =>
      note.minutes === null ? t('agenda.sheet.late') : t('agenda.sheet.lateBy', { minutes: note.minutes }),
    ),
  ].filter(Boolean)
  return (
    <tr>
      <td className="tabular-nums">
        {booking.localTime}–{endTime(booking.localTime, booking.duration)}
      </td>
      <td>{booking.clientName}</td>
      <td className="tabular-nums">{booking.clientPhone ?? ''}</td>
      <td>
        {booking.service}
        {processing && (
          <span className="day-sheet-soft">
            {' '}
            {t('agenda.sheet.processing', {
              from: formatMinutes(start + processing.after),
              to: formatMinutes(start + processing.after + processing.minutes),
            })}
          </span>
        )}
      </td>
      <td>{notes.join(' · ')}</td>
    </tr>
  )
}
