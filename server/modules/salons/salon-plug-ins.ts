import type { WorkingHours } from '@common/schemas/schedule'
import type { Config } from '@server/config'
import type { Executor } from '@server/db/client'
import type { SalonRow } from '@server/db/schema'
import { Registry } from '@server/registry'
import type { InstagramFacts } from './salons.presenters'

/**
 * What other modules add to a salon: the facts its pages show of them (its week, the calendar
 * connected, the Instagram account, the Telegram link) and what follows its creation (its owner's
 * member) or a change of its settings (reminders re-planned). The salons module, at the bottom of
 * the core, reads both registries and names none of them; server/plug-ins.ts fills them.
 */

/** What a salon's pages show of the modules above it. One absent from the registry leaves its part empty. */
export interface SalonFacts {
  /** The salon's week (the schedule's). */
  workingHours?: WorkingHours
  /** The account of the calendar connected for the salon. */
  calendar?: { email: string }
  /** Whether this server has an Instagram app, and the salon's account. */
  instagram?: InstagramFacts
  /** The chat link on Telegram (with the salon's secure hash). */
  telegramLink?: string
  /** The order reminders try the channels in, as it stands (the reminders'). */
  reminderChannels?: string[]
}

export interface SalonFactsSource {
  name: string
  /** Which facts it gives: a page that needs none of them does not ask. */
  gives: readonly (keyof SalonFacts)[]
  /** The facts of several salons in one read. */
  read(db: Executor, config: Config, salons: SalonRow[]): Promise<(salonId: string) => SalonFacts>
}

export interface SalonSubscriber {
  name: string
  /** In the creation's transaction, once the salon's row is written. */
  onSalonCreated?(db: Executor, salon: SalonRow): Promise<void>
  /** In the edit's transaction, after the row was written. */
  onSalonChanged?(db: Executor, before: SalonRow, after: SalonRow, now: Date): Promise<void>
}

const factSources = new Registry<SalonFactsSource>()
const subscribers = new Registry<SalonSubscriber>()

export const plugInSalonFacts = (source: SalonFactsSource) => factSources.plugIn(source)
export const subscribeToSalons = (subscriber: SalonSubscriber) => subscribers.plugIn(subscriber)

/** The facts of these salons (only those `wanted`, when said), merged per salon. */
export async function readSalonFacts(
  db: Executor,
  config: Config,
  salons: SalonRow[],
  wanted?: readonly (keyof SalonFacts)[],
): Promise<(salonId: string) => SalonFacts> {
  const sources = factSources.all().filter((s) => !wanted || s.gives.some((fact) => wanted.includes(fact)))
  const readers = await Promise.all(sources.map((source) => source.read(db, config, salons)))
  return (salonId) => Object.assign({}, ...readers.map((facts) => facts(salonId)))
}

export async function salonCreated(db: Executor, salon: SalonRow): Promise<void> {
  for (const subscriber of subscribers.all()) await subscriber.onSalonCreated?.(db, salon)
}

export async function salonSettingsChanged(db: Executor, before: SalonRow, after: SalonRow, now: Date): Promise<void> {
  for (const subscriber of subscribers.all()) await subscriber.onSalonChanged?.(db, before, after, now)
}
