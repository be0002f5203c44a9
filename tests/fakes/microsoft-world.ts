import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { graphErrors } from './microsoft-errors'

/**
 * The fake Microsoft's state, shared by its identity platform (microsoft-identity.ts) and its
 * Graph (microsoft-graph*.ts): the accounts, each with one mailbox of calendars and events, and
 * the fake's clock. Times are the clock's, in epoch milliseconds.
 */

export type Json = Record<string, unknown>

export interface FakeMicrosoftAccount {
  /** GET /me `id`: a GUID for a work or school account. */
  id: string
  displayName: string
  /** GET /me `mail`: null for many personal accounts, so a client falls back to userPrincipalName. */
  mail: string | null
  userPrincipalName: string
}

export interface Calendar {
  id: string
  name: string
  isDefaultCalendar: boolean
  changeKey: string
}

/** A weekly, daily or monthly series as Graph's patternedRecurrence writes it. */
export interface Recurrence {
  pattern: {
    type: 'daily' | 'weekly' | 'absoluteMonthly'
    interval: number
    daysOfWeek?: string[]
    dayOfMonth?: number
    firstDayOfWeek?: string
  }
  range: {
    type: 'endDate' | 'noEnd' | 'numbered'
    startDate: string
    endDate?: string
    numberOfOccurrences?: number
    recurrenceTimeZone?: string
  }
}

/** What a change to one occurrence of a series keeps: its own times and fields. */
export interface SeriesException {
  start: number
  end: number
  fields: Json
  changeKey: string
  lastModified: number
}

export interface StoredEvent {
  /** The immutable id (`Prefer: IdType="ImmutableId"`); `restId` is the default form. */
  id: string
  restId: string
  calendarId: string
  /** `app`: written through Graph by the client app; `owner`: by the owner in Outlook. */
  author: 'app' | 'owner'
  /** Writable fields as last written (subject, body, showAs, transactionId, attendees…). */
  fields: Json
  start: number
  end: number
  /** The zone names the event was written with: Graph keeps them as original{Start,End}TimeZone. */
  startZone: string
  endZone: string
  isAllDay: boolean
  recurrence: Recurrence | null
  /** Occurrences changed on their own, by original start. */
  exceptions: Map<number, SeriesException>
  /** Occurrences deleted on their own, by original start. */
  cancelledOccurrences: Set<number>
  iCalUId: string
  created: number
  lastModified: number
  changeKey: string
  deleted: boolean
  /** Creation order: the order listings use. */
  order: number
}

export interface Mailbox {
  account: FakeMicrosoftAccount
  calendars: Calendar[]
  /** By immutable id. */
  events: Map<string, StoredEvent>
  /** Default-form id → immutable id. */
  restIds: Map<string, string>
  /** transactionId → immutable id: a POST repeating one answers the event it made. */
  transactions: Map<string, string>
}

/** Who a Graph request acts for: the account behind its Bearer token, with the scopes granted. */
export interface Caller {
  account: FakeMicrosoftAccount
  mailbox: Mailbox
  scopes: Set<string>
}

export interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

/** Graph's preferences from `Prefer` headers, and those applied (echoed in Preference-Applied). */
export interface Preferences {
  /** The zone name answers use (`outlook.timezone`), default UTC, and its IANA equivalent. */
  timeZone: string
  zone: string
  immutableIds: boolean
  maxPageSize: number | undefined
  applied: string[]
}

export interface GraphRequest {
  method: string
  url: URL
  /** The path's segments after /v1.0, decoded. */
  segments: string[]
  request: IncomingMessage
  caller: Caller
  prefer: Preferences
  /** The body as a JSON object ({} when empty); 400 when it is not one. */
  json(): Promise<Json>
}

export type ChangeType = 'created' | 'updated' | 'deleted'

export interface World {
  now(): number
  baseUrl(): string
  clientId: string
  tenantId: string
  accounts: FakeMicrosoftAccount[]
  mailboxes: Map<string, Mailbox>
  /** Told of every change to an event, whoever made it: change notifications start here. */
  changed(mailbox: Mailbox, event: StoredEvent, changeType: ChangeType, originalStart?: number): void
}

export function mailboxOf(world: World, account: FakeMicrosoftAccount): Mailbox {
  const mailbox = world.mailboxes.get(account.id)
  if (!mailbox) throw new Error(`fake Microsoft: no mailbox for ${account.userPrincipalName}`)
  return mailbox
}

export function newMailbox(account: FakeMicrosoftAccount, calendarNames: string[]): Mailbox {
  return {
    account,
    calendars: calendarNames.map((name, i) => ({
      id: outlookId('AAMkAGI'),
      name,
      isDefaultCalendar: i === 0,
      changeKey: changeKey(),
    })),
    events: new Map(),
    restIds: new Map(),
    transactions: new Map(),
  }
}

/**
 * An Outlook item id: long, base64 with `-`, `_` and a trailing `=`, so a client that does not
 * encode it in a URL path, or shortens it, fails here as it would there. Immutable ids start
 * differently from default ones (AAkALg… against AAMkAG…), as Outlook's do.
 */
export function outlookId(prefix: string): string {
  return `${prefix}${randomBytes(57).toString('base64url')}=`
}

/** Outlook's changeKey, also the event's etag (`W/"<changeKey>"`). */
export const changeKey = (): string => randomBytes(16).toString('base64')

/** Outlook's iCalUId: a hex blob starting with the Outlook GUID marker. */
export const iCalUId = (): string =>
  `040000008200E00074C5B7101A82E00800000000${randomBytes(32).toString('hex').toUpperCase()}`

export const newGuid = (): string => randomUUID()

/** Scopes are compared in short form: `https://graph.microsoft.com/Calendars.ReadWrite` is `calendars.readwrite`. */
export function shortScope(scope: string): string {
  return scope.replace(/^https:\/\/graph\.microsoft\.com\//i, '').toLowerCase()
}

/** The caller must hold one of the scopes (delegated permissions), else 403 as Graph answers. */
export function requireScope(caller: Caller, anyOf: string[]): void {
  if (!anyOf.some((scope) => caller.scopes.has(scope.toLowerCase()))) throw graphErrors.accessDenied()
}

export const READ_CALENDARS = ['Calendars.Read', 'Calendars.ReadBasic', 'Calendars.ReadWrite']
export const WRITE_CALENDARS = ['Calendars.ReadWrite']
