import type { SalonMessage } from '@common/schemas/chat'
import { useEffect, useRef } from 'react'
import { fetchSalonMessages } from './chat-api'

/** How often an open chat asks whether the salon wrote: a move reaches a waiting customer within a minute. */
export const SALON_MESSAGES_POLL_MS = 60_000

/**
 * The salon's messages this device already showed, for one salon and customer: the latest one's
 * instant and the ids sent at that instant (the server answers from that instant on, included).
 */
export interface SeenSalonMessages {
  since: string
  ids: string[]
}

const seenKey = (salonId: string, userId: string) => `salonia-salon-messages:${salonId}:${userId}`

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined // blocked by the browser's settings
  }
}

export function readSeen(
  salonId: string,
  userId: string,
  storage: Storage | undefined = safeLocalStorage(),
): SeenSalonMessages | undefined {
  try {
    const stored = JSON.parse(storage?.getItem(seenKey(salonId, userId)) ?? 'null') as Partial<SeenSalonMessages> | null
    if (typeof stored?.since !== 'string' || !Array.isArray(stored.ids)) return undefined
    return { since: stored.since, ids: stored.ids.filter((id): id is string => typeof id === 'string') }
  } catch {
    return undefined
  }
}

/**
 * Which of the messages found are new to this device, and what it has seen once they are shown.
 * `found` is the server's answer from `seen.since` on, oldest first.
 */
export function newSalonMessages(
  found: readonly SalonMessage[],
  seen: SeenSalonMessages | undefined,
): { fresh: SalonMessage[]; seen: SeenSalonMessages | undefined } {
  const fresh = found.filter((m) => !seen?.ids.includes(m.id))
  const last = found.at(-1)
  if (!last) return { fresh, seen }
  const sameInstant = found.filter((m) => m.sentAt === last.sentAt).map((m) => m.id)
  const ids = seen?.since === last.sentAt ? [...new Set([...seen.ids, ...sameInstant])] : sameInstant
  return { fresh, seen: { since: last.sentAt, ids } }
}

function writeSeen(salonId: string, userId: string, seen: SeenSalonMessages, storage = safeLocalStorage()): void {
  try {
    storage?.setItem(seenKey(salonId, userId), JSON.stringify(seen))
  } catch {
    // Storage full or disabled: a message may then show again in the next chat.
  }
}

/**
 * Asks for the salon's messages to this customer (a move, a cancellation) when the chat opens,
 * once a minute while it is on screen and when it comes back to the screen, and hands each new one
 * over once. What was shown is remembered on the device, so a chat opened later, or in another
 * tab, does not show it again. Nothing is asked before `userId` is known (no profile yet).
 */
export function useSalonMessages(
  salonId: string,
  userId: string | undefined,
  onMessages: (messages: SalonMessage[]) => void,
): void {
  const handler = useRef(onMessages)
  handler.current = onMessages

  useEffect(() => {
    if (!userId) return
    let stopped = false
    let asking = false
    const ask = async () => {
      if (stopped || asking || document.visibilityState === 'hidden') return
      asking = true
      try {
        const before = readSeen(salonId, userId)
        const found = await fetchSalonMessages(salonId, userId, before?.since)
        const { fresh, seen } = newSalonMessages(found, before)
        if (stopped) return
        if (seen) writeSeen(salonId, userId, seen)
        if (fresh.length > 0) handler.current(fresh)
      } catch (error) {
        // Offline or refused: the next ask tries again; the conversation itself is not affected.
        console.warn("The salon's messages could not be fetched", error)
      } finally {
        asking = false
      }
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void ask()
    }
    void ask()
    const timer = setInterval(ask, SALON_MESSAGES_POLL_MS)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stopped = true
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [salonId, userId])
}
