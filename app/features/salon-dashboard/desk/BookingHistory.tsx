import { formatMoney } from '@app/lib/format-intl'
import { currentLanguage } from '@app/lib/i18n'
import type { Language } from '@common/languages'
import type { BookingEvent } from '@common/schemas/booking'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { shortDay } from './desk-format'

type Place = NonNullable<BookingEvent['from']>

/** "mar. 2 déc. 10:00 (Marie)": a start of a move, with its member when known. */
function place(at: Place, language: Language): string {
  const when = `${shortDay(at.localDate, language)} ${at.localTime}`
  return at.member ? `${when} (${at.member.name})` : when
}

/** What happened, in one sentence: who did it, through which channel. */
function eventText(t: TFunction, event: BookingEvent, language: Language): string {
  const channel = t(`desk.channels.${event.channel}`)
  switch (event.kind) {
    case 'created':
      return t(`desk.history.created.${event.actor}`, { channel })
    case 'moved':
      if (event.undo) return t('desk.history.undone', { to: event.to ? place(event.to, language) : '—' })
      return t(`desk.history.moved.${event.actor}`, {
        from: event.from ? place(event.from, language) : '—',
        to: event.to ? place(event.to, language) : '—',
      })
    case 'cancelled':
      return t(`desk.history.cancelled.${event.actor}`, { channel })
    case 'status':
      return t(`desk.history.status.${event.status ?? 'confirmed'}`)
    case 'note':
      return t('desk.history.note')
    case 'late':
      return t('desk.history.late', { channel })
    case 'erased':
      return t('desk.history.erased')
    case 'merged':
      return t('desk.history.merged')
    case 'payment': {
      const payment = event.payment
      if (!payment) return t('paymentDesk.history.asked', { amount: '' })
      return t(`paymentDesk.history.${payment.what}`, {
        amount: formatMoney(payment.amountMinor, payment.currency, language),
      })
    }
  }
}

function toldText(t: TFunction, toldBy: BookingEvent['toldBy']): string | undefined {
  const email = toldBy.includes('email')
  const web = toldBy.includes('web')
  const said: string[] = []
  if (email && web) said.push(t('desk.history.toldByBoth'))
  else if (email) said.push(t('desk.history.toldByEmail'))
  else if (web) said.push(t('desk.history.toldByWeb'))
  if (toldBy.includes('telegram')) said.push(t('desk.history.toldByTelegram'))
  if (toldBy.includes('instagram')) said.push(t('desk.history.toldByInstagram'))
  if (toldBy.includes('whatsapp')) said.push(t('desk.history.toldByWhatsApp'))
  return said.length > 0 ? said.join(' · ') : undefined
}

/** The booking's life, oldest first: created, moved, cancelled, statuses, note edits, lateness, erasure. */
export function BookingHistory({ history }: { history: BookingEvent[] }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <section className="flex flex-col gap-2" aria-labelledby="booking-history">
      <h3 id="booking-history" className="text-sm font-semibold">
        {t('desk.history.title')}
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('desk.history.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3 border-l-2 border-line/80 pl-4">
          {history.map((event) => {
            // An undo is quiet by nature: its line says so already.
            const told = event.quiet && !event.undo ? t('desk.history.quiet') : toldText(t, event.toldBy)
            return (
              <li key={`${event.kind}-${event.at.startsAt}`} className="flex min-w-0 flex-col gap-0.5 text-sm">
                <time dateTime={event.at.startsAt} className="text-xs tabular-nums text-ink-soft">
                  {shortDay(event.at.localDate, language)} · {event.at.localTime}
                </time>
                <p className="break-words text-ink">{eventText(t, event, language)}</p>
                {event.reason && (
                  <p className="break-words text-ink-soft">{t('desk.history.reason', { reason: event.reason })}</p>
                )}
                {told && <p className="text-ink-soft">{told}</p>}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
