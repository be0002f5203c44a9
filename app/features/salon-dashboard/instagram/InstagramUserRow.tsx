import { Badge } from '@app/components/ui/Badge'
import { Button } from '@app/components/ui/Button'
import { Label } from '@app/components/ui/Input'
import { Switch } from '@app/components/ui/Switch'
import { formatDate } from '@app/lib/format'
import { currentLanguage } from '@app/lib/i18n'
import type { InstagramUser } from '@common/schemas/instagram'
import type { TFunction } from 'i18next'
import { CirclePause, Clock, LockOpen, MessageCircle, Pause, UserRound } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { InstagramStatusBadge } from './InstagramStatusBadge'
import { formatSince, isPaused, shortUserId } from './instagram-format'

export interface InstagramUserRowProps {
  user: InstagramUser
  /** The clock the list ticks with, so "5m ago" and the Paused badge stay true between reads. */
  now: number
  /** The salon's pause setting: what the Pause button gives. */
  pauseMinutes: number
  /** The whitelist value being saved for this customer, shown at once. */
  whitelisting: boolean | undefined
  pausing: boolean
  unblocking: boolean
  onWhitelist: (whitelisted: boolean) => void
  onPause: () => void
  onUnblock: () => void
}

/**
 * One customer who wrote to the salon (spec §2): the end of their id, how many messages and how long
 * ago, their status, a Paused badge while the assistant holds back, and the owner's controls — the
 * whitelist switch, Pause for whitelisted customers only (the others get no answers to pause) and
 * Unblock for a customer the anti-spam blocked. On a phone the controls go under the customer.
 */
export function InstagramUserRow({
  user,
  now,
  pauseMinutes,
  whitelisting,
  pausing,
  unblocking,
  onWhitelist,
  onPause,
  onUnblock,
}: InstagramUserRowProps) {
  const { t } = useTranslation()
  const switchId = useId()
  const name = shortUserId(user.userId)
  const whitelisted = whitelisting ?? user.whitelisted
  // The controls' names say which customer they act on: a list of "Pause" buttons tells nothing.
  const who = <span className="sr-only"> {name}</span>
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="flex min-w-0 items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-sand text-ink-soft">
          <UserRound aria-hidden className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <p className="break-all font-mono text-sm font-semibold">{name}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-ink-soft">
            <span className="inline-flex items-center gap-1">
              <MessageCircle aria-hidden className="size-3.5" />
              {t('dashboard.instagram.users.messages', { messages: user.messageCount })}
            </span>
            {user.lastMessageAt && (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden className="size-3.5" />
                <span className="sr-only">{t('dashboard.instagram.users.lastMessage')} </span>
                {formatSince(user.lastMessageAt, now, t)}
              </span>
            )}
          </p>
          <div className="flex flex-wrap gap-1.5 pt-0.5">
            <InstagramStatusBadge status={user.status} />
            {user.pausedUntil && isPaused(user.pausedUntil, now) && (
              <Badge tone="warning">
                <CirclePause aria-hidden className="size-3" />
                {pauseEnd(user.pausedUntil, now, t)}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pl-13 sm:shrink-0 sm:justify-end sm:pl-0">
        <div className="flex items-center gap-2">
          <Switch
            id={switchId}
            checked={whitelisted}
            disabled={whitelisting !== undefined}
            onCheckedChange={onWhitelist}
          />
          <Label htmlFor={switchId} className="cursor-pointer">
            {t('dashboard.instagram.users.whitelist')}
            {who}
          </Label>
        </div>
        {whitelisted && (
          <Button variant="outline" size="sm" onClick={onPause} loading={pausing}>
            {!pausing && <Pause aria-hidden className="size-4" />}
            {t('dashboard.instagram.users.pause', { minutes: pauseMinutes })}
            {who}
          </Button>
        )}
        {user.status === 'blocked' && (
          <Button variant="outline" size="sm" onClick={onUnblock} loading={unblocking}>
            {!unblocking && <LockOpen aria-hidden className="size-4" />}
            {t('dashboard.instagram.users.unblock')}
            {who}
          </Button>
        )}
      </div>
    </li>
  )
}

/**
 * Until when a pause lasts: a time today, tomorrow, or a date when the server's clock is far from the
 * browser's (a pause lasts a day at most).
 */
function pauseEnd(pausedUntil: string, now: number, t: TFunction): string {
  const end = new Date(pausedUntil)
  const language = currentLanguage()
  const time = formatDate(end, 'HH:mm', language)
  const today = new Date(now)
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1)
  if (end.toDateString() === today.toDateString()) return t('dashboard.instagram.users.pausedUntil', { time })
  if (end.toDateString() === tomorrow.toDateString()) {
    return t('dashboard.instagram.users.pausedUntilTomorrow', { time })
  }
  return t('dashboard.instagram.users.pausedUntilDate', { date: formatDate(end, 'd MMM, HH:mm', language) })
}
