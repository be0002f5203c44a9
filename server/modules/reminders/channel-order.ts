import type { Config } from '@server/config'
import { type Channel, channels } from '@server/modules/customers/channels'

/** In a salon's order, the channel the customer booked on (their chat), whichever it is. */
export const BOOKED = 'booked'

/** The channels a reminder can go by: those that send now (a web chat is read only when opened). */
function remindingChannels(): Channel[] {
  return channels().filter((channel) => channel.sendNow)
}

/**
 * A salon's order as it stands, as its settings show it: the names it chose of the channels this
 * server has, then any it did not list (a channel added since). Without a choice: the channel the
 * customer booked on first, then the others in the registry's order.
 */
export function reminderOrder(chosen: readonly string[] | null, config: Config): string[] {
  const known = [
    BOOKED,
    ...remindingChannels()
      .filter((channel) => channel.configured?.(config) ?? true)
      .map((channel) => channel.name),
  ]
  return inChosenOrder(chosen, known)
}

/** The names chosen that are known, in their order, then the known ones not chosen. */
function inChosenOrder(chosen: readonly string[] | null, known: readonly string[]): string[] {
  const kept = (chosen ?? []).filter((name) => known.includes(name))
  return [...kept, ...known.filter((name) => !kept.includes(name))]
}

/** Names a salon may choose, or the first it may not. */
export function unknownReminderChannel(chosen: readonly string[]): string | undefined {
  const known = new Set([BOOKED, ...remindingChannels().map((channel) => channel.name)])
  return chosen.find((name) => !known.has(name))
}

/**
 * The channels to try for one reminder, in the salon's order, `booked` standing for the booking's
 * own (each channel then says whether it reaches the customer).
 */
export function channelsForReminder(chosen: readonly string[] | null, bookedOn: string): Channel[] {
  const byName = new Map(remindingChannels().map((channel) => [channel.name, channel]))
  const order: Channel[] = []
  for (const name of inChosenOrder(chosen, [BOOKED, ...byName.keys()])) {
    const channel = byName.get(name === BOOKED ? bookedOn : name)
    if (channel && !order.includes(channel)) order.push(channel)
  }
  return order
}
