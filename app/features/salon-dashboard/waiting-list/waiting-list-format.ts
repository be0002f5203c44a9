import type { Language } from '@common/languages'
import type { WaitingEntry } from '@common/schemas/waiting-list'
import { instantToLocal } from '@common/time'
import type { TFunction } from 'i18next'
import { shortDay } from '../desk/desk-format'

/** The channels an offer reaches a customer on, which the interface can name. */
const TOLD_BY = new Set(['sms', 'email', 'telegram', 'instagram', 'whatsapp', 'web'])

/**
 * Where an entry stands, in a line: "En attente", "Créneau proposé : 14:00 — prévenu par SMS à
 * 14:02", "A réservé". When the customer was told on another day than `today` (the salon's), the
 * day is said too.
 */
export function entryStatusText(
  t: TFunction,
  entry: WaitingEntry,
  { timeZone, today, language }: { timeZone: string; today: string; language: Language },
): string {
  if (entry.status === 'booked') return t('waitingList.status.booked')
  if (entry.status === 'removed') return t('waitingList.status.removed')
  if (entry.status !== 'offered' || !entry.offeredStart) return t('waitingList.status.waiting')
  const offered = t('waitingList.status.offered', { time: entry.offeredStart.slice(11, 16) })
  if (entry.unreachable) return `${offered} — ${t('waitingList.status.unreachable')}`
  if (!entry.toldAt) return `${offered} — ${t('waitingList.status.notToldYet')}`
  const told = instantToLocal(Date.parse(entry.toldAt), timeZone)
  const by = entry.toldBy && TOLD_BY.has(entry.toldBy) ? t(`waitingList.toldBy.${entry.toldBy}`) : undefined
  const when = { time: told.time, day: shortDay(told.date, language) }
  const sameDay = told.date === today
  const said = by
    ? sameDay
      ? t('waitingList.status.toldBy', { channel: by, ...when })
      : t('waitingList.status.toldByOn', { channel: by, ...when })
    : sameDay
      ? t('waitingList.status.told', when)
      : t('waitingList.status.toldOn', when)
  return `${offered} — ${said}`
}
