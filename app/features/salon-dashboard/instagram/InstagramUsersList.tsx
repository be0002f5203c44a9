import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@app/components/ui/Card'
import { MessagesSquare } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError, Skeleton } from '../overview/states'
import { InstagramUserRow } from './InstagramUserRow'
import { useInstagramUsers, usePauseUser, useUnblockUser, useWhitelistUser } from './instagram-api'

/** How often "5m ago" and the Paused badges are brought up to date between two reads of the list. */
const CLOCK_TICK_MS = 30_000

function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs)
    return () => clearInterval(timer)
  }, [tickMs])
  return now
}

/**
 * The customers who wrote to the salon's Instagram account (spec §2), read every 30 s so a new one
 * appears without a reload, each with the owner's controls.
 */
export function InstagramUsersList({ salonId, pauseMinutes }: { salonId: string; pauseMinutes: number }) {
  const { t } = useTranslation()
  const users = useInstagramUsers(salonId)
  const whitelist = useWhitelistUser(salonId)
  const pause = usePauseUser(salonId)
  const unblock = useUnblockUser(salonId)
  const now = useNow(CLOCK_TICK_MS)

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('dashboard.instagram.users.title')}</CardTitle>
        <CardDescription>{t('dashboard.instagram.users.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <div role="status" className="flex flex-col gap-4">
            <span className="sr-only">{t('dashboard.loading')}</span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="size-10" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-28" />
                  <Skeleton className="h-3 w-40 max-w-full" />
                </div>
              </div>
            ))}
          </div>
        ) : users.isError ? (
          <LoadError message={t('dashboard.instagram.users.loadFailed')} onRetry={() => void users.refetch()} />
        ) : users.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-5 py-10 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-sand text-ink-soft">
              <MessagesSquare aria-hidden className="size-6" />
            </span>
            <p className="font-medium">{t('dashboard.instagram.users.empty')}</p>
            <p className="max-w-xs text-sm leading-relaxed text-ink-soft">{t('dashboard.instagram.users.emptyText')}</p>
          </div>
        ) : (
          <ul className="divide-y divide-line/70">
            {users.data.map((user) => (
              <InstagramUserRow
                key={user.userId}
                user={user}
                now={now}
                pauseMinutes={pauseMinutes}
                whitelisting={
                  whitelist.isPending && whitelist.variables.userId === user.userId
                    ? whitelist.variables.whitelisted
                    : undefined
                }
                pausing={pause.isPending && pause.variables.userId === user.userId}
                unblocking={unblock.isPending && unblock.variables === user.userId}
                onWhitelist={(whitelisted) => whitelist.mutate({ userId: user.userId, whitelisted })}
                onPause={() => pause.mutate({ userId: user.userId, minutes: pauseMinutes })}
                onUnblock={() => unblock.mutate(user.userId)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
