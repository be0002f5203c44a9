import { Button } from '@app/components/ui/Button'
import { ArrowDown, ArrowUp } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/** The channels the interface can name; a channel added on the server later shows its own name. */
const NAMED = new Set(['booked', 'telegram', 'instagram', 'whatsapp', 'sms', 'email'])

/** `order` with the channel at `index` moved one place (`by`: -1 up, +1 down). */
function moved(order: readonly string[], index: number, by: -1 | 1): string[] {
  const next = [...order]
  const [channel] = next.splice(index, 1)
  if (channel !== undefined) next.splice(index + by, 0, channel)
  return next
}

/**
 * The order reminders try the channels in, first to last: a reminder goes by the first that
 * reaches the customer. Each channel moves up or down with a button (a phone has no room for
 * dragging, and a keyboard needs none); each move is saved at once.
 */
export function ReminderChannelOrder({
  order,
  disabled,
  onChange,
}: {
  order: readonly string[]
  disabled: boolean
  onChange: (order: string[]) => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const label = (name: string) => (NAMED.has(name) ? t(`dashboard.reminders.order.channels.${name}`) : name)
  return (
    <section className="flex flex-col gap-2 border-t border-line/70 pt-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-sm font-semibold">
        {t('dashboard.reminders.order.title')}
      </h3>
      <p className="text-sm text-ink-soft">{t('dashboard.reminders.order.hint')}</p>
      <ol className="flex flex-col gap-1.5">
        {order.map((name, index) => (
          <li
            key={name}
            className="flex min-w-0 items-center justify-between gap-3 rounded-xl border border-line/70 bg-surface py-1 pr-1 pl-3"
          >
            <span className="flex min-w-0 items-baseline gap-2">
              <span className="text-sm tabular-nums text-ink-soft">{index + 1}.</span>
              <span className="break-words">{label(name)}</span>
            </span>
            <span className="flex shrink-0 gap-1">
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('dashboard.reminders.order.up', { channel: label(name) })}
                disabled={disabled || index === 0}
                onClick={() => onChange(moved(order, index, -1))}
              >
                <ArrowUp aria-hidden className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('dashboard.reminders.order.down', { channel: label(name) })}
                disabled={disabled || index === order.length - 1}
                onClick={() => onChange(moved(order, index, 1))}
              >
                <ArrowDown aria-hidden className="size-4" />
              </Button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
