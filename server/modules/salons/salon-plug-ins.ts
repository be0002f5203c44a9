import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { Registry } from '@server/registry'
import type { InstagramFacts } from './salons.presenters'

/**
 * What plug-ins add to a salon: the facts its pages show of them (the calendar connected, the
 * Instagram account, the Telegram link) and what follows a change of its settings (reminders
 * re-planned). The salons module reads both registries and names no plug-in; server/plug-ins.ts
 * fills them.
 */

/** What a salon's pages show of its plug-ins. A plug-in absent from the registry leaves its part empty. */
export interface SalonFacts {
  /** The account of the calendar connected for the salon. */
  calendar?: { email: string }
  /** Whether this server has an Instagram app, and the salon's account. */
  instagram?: InstagramFacts
  /** The chat link on Telegram (with the salon's secure hash). */
  telegramLink?: string
}

export interface SalonFactsSource {
  name: string
  /** The facts of several salons in one read. */
  read(db: Executor, config: Config, salons: Pick<SalonRow, 'id' | 'hash'>[]): Promise<(salonId: string) => SalonFacts>
}

export interface SalonSettingsSubscriber {
  name: string
  /** In the edit's transaction, after the row was written. */
  onSalonChanged(db: Executor, before: SalonRow, after: SalonRow, now: Date): Promise<void>
}

const factSources = new Registry<SalonFactsSource>()
const settingsSubscribers = new Registry<SalonSettingsSubscriber>()

export const plugInSalonFacts = (source: SalonFactsSource) => factSources.plugIn(source)
export const subscribeToSalonSettings = (subscriber: SalonSettingsSubscriber) => settingsSubscribers.plugIn(subscriber)

/** Every plug-in's facts of these salons, merged per salon. */
export async function readSalonFacts(
  db: Executor,
  config: Config,
  salons: Pick<SalonRow, 'id' | 'hash'>[],
): Promise<(salonId: string) => SalonFacts> {
  const readers = await Promise.all(factSources.all().map((source) => source.read(db, config, salons)))
  return (salonId) => Object.assign({}, ...readers.map((facts) => facts(salonId)))
}

export async function salonSettingsChanged(db: Executor, before: SalonRow, after: SalonRow, now: Date): Promise<void> {
  for (const subscriber of settingsSubscribers.all()) await subscriber.onSalonChanged(db, before, after, now)
}
