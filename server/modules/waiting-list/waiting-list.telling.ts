import { languageOrDefault } from '@common/languages'
import { formatLocalDateTime } from '@common/time'
import { serviceNamesFor } from '@server/modules/catalog/service-for-customer'
import type { Channel, ChannelDeps } from '@server/modules/customers/channels'
import { findSalonCustomer } from '@server/modules/customers/customers.repository'
import { channelsForReminder } from '@server/modules/reminders/channel-order'
import { findSalonById } from '@server/modules/salons/salons.repository'
import { requireMemberRef } from '@server/modules/team/team.usecases'
import { offerLinkUrl } from './offer-link'
import * as repo from './waiting-list.repository'
import { type FreedTime, offerText, takenText } from './waiting-list.texts'
import { NOBODY } from './waiting-list.usecases'

/**
 * Job `waiting-list.tell`: one message to one waiting customer — a time offered, or the time they
 * were offered taken first — on the first channel that reaches them now, in the salon's order for
 * reminders (the chat they asked from first). The message is claimed on the entry before it goes
 * out, so a retry never sends it twice; one that no longer holds (the offer changed, the customer
 * booked or left the list) is not sent at all.
 */
export async function tellWaitingCustomer(deps: ChannelDeps, entryId: string, key: string): Promise<void> {
  const { db, clock, config } = deps
  const entry = await repo.findEntry(db, entryId)
  if (!entry || entry.status === 'removed' || entry.status === 'booked') return
  const salon = await findSalonById(db, entry.salonId)
  if (!salon) return
  const [kind, start] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]
  const offeredNow = entry.offerStartsAt ? formatLocalDateTime(entry.offerStartsAt, salon.timeZone) : null
  if (kind === 'offer' && (entry.status !== 'offered' || offeredNow !== start)) return
  const customer = await findSalonCustomer(db, salon.id, entry.customerId)
  if (!customer || customer.erasedAt) return
  if (!(await repo.claimMessage(db, entry.id, key))) return

  const language = languageOrDefault(customer.language)
  const names = await serviceNamesFor(db, entry.serviceIds, language)
  const freed: FreedTime = {
    salon: salon.name,
    services: entry.serviceIds.map((id) => names.get(id) ?? ''),
    date: start.slice(0, 10),
    time: start.slice(11, 16),
    member: entry.memberId ? (await requireMemberRef(db, entry.memberId)).name : null,
  }
  const link = offerLinkUrl(config.publicUrl, config.appSecret, entry.id)
  const to = { salon, customer }
  const now = clock.now()
  for (const channel of channelsForReminder(salon.reminderChannels, entry.channel)) {
    const address = await channel.reach(deps, db, to, now)
    if (address === undefined) continue
    // In the chat they asked from, a "yes" takes the time (the assistant knows the offer).
    const words =
      kind === 'offer'
        ? offerText(language, { ...freed, link, canReply: channel.name === entry.channel })
        : takenText(language, freed)
    const message = {
      text: words.text,
      letter: words,
      kind: kind === 'offer' ? 'waiting_offer' : 'waiting_taken',
      language,
      from: salon.name,
    }
    const delivery = await (channel.sendNow as NonNullable<Channel['sendNow']>)(deps, address, message)
    if (delivery.outcome === 'sent') {
      await repo.updateEntry(db, entry.id, { toldBy: channel.name, toldAt: clock.now() }, clock.now())
      return
    }
    // It may have arrived: never a second copy on another channel.
    if (delivery.outcome === 'unconfirmed') return
  }
  // Nothing reaches them: the dashboard says to call them.
  await repo.updateEntry(db, entry.id, { toldBy: NOBODY, toldAt: clock.now() }, clock.now())
}
