import { Badge, type BadgeTone } from '@app/components/ui/Badge'
import { currentLanguage } from '@app/lib/i18n'
import type { BookingReminder, ReminderStatus } from '@common/schemas/reminders'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { shortDay } from './desk-format'

const TONES: Record<ReminderStatus, BadgeTone> = {
  planned: 'info',
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
  skipped: 'neutral',
  cancelled: 'neutral',
}

/**
 * The booking's reminders (24 h and 2 h before): planned and when, sent and how, or why not — so
 * the owner knows whether the customer was reminded before calling them.
 */
export function BookingReminders({ reminders }: { reminders: BookingReminder[] }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const when = (local: string) => `${shortDay(local.slice(0, 10), language)} ${local.slice(11)}`
  return (
    <section className="flex flex-col gap-2" aria-labelledby="booking-reminders">
      <h3 id="booking-reminders" className="text-sm font-semibold">
        {t('desk.reminders.title')}
      </h3>
      {reminders.length === 0 ? (
        <p className="text-sm text-ink-soft">{t('desk.reminders.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {reminders.map((reminder) => (
            <li key={reminder.kind} className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
              <span className="font-medium">{t(`desk.reminders.kind.${reminder.kind}`)}</span>
              <Badge tone={TONES[reminder.status]}>{t(`desk.reminders.status.${reminder.status}`)}</Badge>
              <span className="min-w-0 break-words text-ink-soft">
                {reminder.status === 'sent' && reminder.sentLocal
                  ? sentText(reminder, t, when)
                  : reminder.reason
                    ? t(`desk.reminders.reason.${reminder.reason}`)
                    : t('desk.reminders.due', { when: when(reminder.dueLocal) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** "by WhatsApp, Fri 4 Dec 10:00", then what the channel said since: delivered, read. */
function sentText(reminder: BookingReminder, t: TFunction, when: (local: string) => string): string {
  const channel = t(`desk.reminders.channel.${reminder.channel ?? 'email'}`)
  const said = [t('desk.reminders.sentBy', { channel, when: when(reminder.sentLocal ?? reminder.dueLocal) })]
  if (reminder.readLocal) said.push(t('desk.reminders.readOn', { channel, when: when(reminder.readLocal) }))
  else if (reminder.deliveredLocal)
    said.push(t('desk.reminders.deliveredOn', { channel, when: when(reminder.deliveredLocal) }))
  return said.join(' · ')
}
