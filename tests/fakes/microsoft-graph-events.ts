import { graphErrors } from './microsoft-errors'
import {
  createEvent,
  defaultCalendar,
  deleteInstance,
  type Found,
  findEvent,
  instanceOf,
  represent,
  updateInstance,
  type Writer,
} from './microsoft-events'
import {
  type Answer,
  type Calendar,
  type GraphRequest,
  type Json,
  type Mailbox,
  type Preferences,
  READ_CALENDARS,
  requireScope,
  type StoredEvent,
  type World,
  WRITE_CALENDARS,
} from './microsoft-world'

/**
 * Graph v1.0's user, calendars and events for the fake Microsoft, on graph.microsoft.com's paths
 * (https://learn.microsoft.com/graph/api/resources/event):
 *  - GET    /me                                        the signed-in user (User.Read)
 *  - GET    /me/calendars, /me/calendars/{id}, /me/calendar
 *  - POST   /me/events, /me/calendars/{id}/events      create; a repeated `transactionId` answers the
 *                                                      event it made, never a second one
 *  - GET, PATCH, DELETE /me/events/{id} (and under /me/calendars/{id}/events/{id})
 * `/users/{id | userPrincipalName}` works as `/me` for the signed-in user (microsoft-graph.ts).
 * The events themselves, their checks and their JSON are microsoft-events.ts's.
 */

function calendarOf(mailbox: Mailbox, id: string): Calendar {
  const calendar = mailbox.calendars.find((c) => c.id === id)
  if (!calendar) throw graphErrors.itemNotFound()
  return calendar
}

function representCalendar(calendar: Calendar, mailbox: Mailbox): Json {
  return {
    id: calendar.id,
    name: calendar.name,
    color: 'auto',
    hexColor: '',
    isDefaultCalendar: calendar.isDefaultCalendar,
    changeKey: calendar.changeKey,
    canShare: true,
    canViewPrivateItems: true,
    canEdit: true,
    allowedOnlineMeetingProviders: ['teamsForBusiness'],
    defaultOnlineMeetingProvider: 'teamsForBusiness',
    isTallyingResponses: true,
    isRemovable: !calendar.isDefaultCalendar,
    owner: {
      name: mailbox.account.displayName,
      address: mailbox.account.mail ?? mailbox.account.userPrincipalName,
    },
  }
}

/**
 * The user, calendar and event routes. `segments` start after /v1.0 with `me` (or the user's own
 * /users/{id}, rewritten to `me` by the caller); undefined when the path is not one of them.
 */
export async function handleEvents(world: World, request: GraphRequest): Promise<Answer | undefined> {
  const { method, segments, caller, prefer } = request
  const { mailbox } = caller
  const context = `${world.baseUrl()}/v1.0/$metadata`
  const [root, collection, second, third, fourth] = segments
  if (root !== 'me') return undefined
  const writer: Writer = { world, mailbox, author: 'app' }

  if (segments.length === 1 && method === 'GET') {
    requireScope(caller, ['User.Read', 'User.ReadBasic.All', 'User.Read.All'])
    const { account } = caller
    const [givenName, ...surnames] = account.displayName.split(' ')
    return {
      status: 200,
      body: {
        '@odata.context': `${context}#users/$entity`,
        businessPhones: [],
        displayName: account.displayName,
        givenName: givenName ?? null,
        jobTitle: null,
        mail: account.mail,
        mobilePhone: null,
        officeLocation: null,
        preferredLanguage: 'fr-FR',
        surname: surnames.join(' ') || null,
        userPrincipalName: account.userPrincipalName,
        id: account.id,
      },
    }
  }

  // Which calendar the path names, and what comes after it.
  let calendar: Calendar | undefined
  let rest: (string | undefined)[]
  if (collection === 'calendars' && second !== undefined) {
    requireScope(caller, READ_CALENDARS)
    calendar = calendarOf(mailbox, second)
    rest = [third, fourth]
  } else if (collection === 'calendar') {
    calendar = defaultCalendar(mailbox)
    rest = [second, third]
  } else if (collection === 'calendars' && method === 'GET') {
    requireScope(caller, READ_CALENDARS)
    return {
      status: 200,
      body: {
        '@odata.context': `${context}#users('${caller.account.id}')/calendars`,
        value: mailbox.calendars.map((c) => representCalendar(c, mailbox)),
      },
    }
  } else if (collection === 'events') {
    rest = [collection, second]
  } else return undefined

  const [what, eventId] = rest
  if (what === undefined && calendar && method === 'GET') {
    requireScope(caller, READ_CALENDARS)
    return {
      status: 200,
      body: {
        '@odata.context': `${context}#users('${caller.account.id}')/calendars/$entity`,
        ...representCalendar(calendar, mailbox),
      },
    }
  }
  if (what !== 'events') return undefined

  if (eventId === undefined) {
    if (method === 'POST') {
      requireScope(caller, WRITE_CALENDARS)
      const body = await request.json()
      const target = calendar ?? defaultCalendar(mailbox)
      // A transactionId already used in the mailbox answers the event it made, without a new
      // one, even when that event has since been deleted (the fake's pessimistic reading: the
      // reference promises no duplicate on retry and says nothing of a later deletion).
      const repeated = typeof body.transactionId === 'string' ? mailbox.transactions.get(body.transactionId) : undefined
      const event = repeated ? (mailbox.events.get(repeated) as StoredEvent) : createEvent(writer, target, body)
      return eventAnswer(201, event, prefer, mailbox, context)
    }
    if (method === 'GET') {
      requireScope(caller, READ_CALENDARS)
      const events = [...mailbox.events.values()]
        .filter((e) => !e.deleted && (!calendar || e.calendarId === calendar.id))
        .sort((a, b) => a.order - b.order)
      return {
        status: 200,
        body: {
          '@odata.context': `${context}#users('${caller.account.id}')/events`,
          value: events.map((e) => represent(instanceOf({ event: e, originalStart: undefined }), prefer, mailbox)),
        },
      }
    }
    return undefined
  }

  requireScope(caller, method === 'GET' ? READ_CALENDARS : WRITE_CALENDARS)
  if (!/^[A-Za-z0-9_\-+/=]{8,}$/.test(eventId)) throw graphErrors.malformedId()
  const found = findEvent(mailbox, eventId)
  if (!found || (calendar && found.event.calendarId !== calendar.id)) throw graphErrors.itemNotFound()
  if (method === 'GET') {
    const answer = represent(instanceOf(found), prefer, mailbox)
    const expand = request.url.searchParams.get('$expand') ?? ''
    if (/singleValueExtendedProperties/i.test(expand)) {
      const wanted = /id eq '([^']+)'/i.exec(expand)?.[1]
      const properties = (found.event.fields.singleValueExtendedProperties as Json[] | undefined) ?? []
      answer.singleValueExtendedProperties = properties.filter(
        (p) => !wanted || String(p.id).toLowerCase() === wanted.toLowerCase(),
      )
    }
    return {
      status: 200,
      body: { '@odata.context': `${context}#users('${caller.account.id}')/events/$entity`, ...answer },
    }
  }
  if (method === 'PATCH') {
    updateInstance(writer, found, await request.json())
    const after = findEvent(mailbox, eventId)
    return eventAnswer(200, after ?? found, prefer, mailbox, context)
  }
  if (method === 'DELETE') {
    deleteInstance(writer, found)
    return { status: 204 }
  }
  return undefined
}

function eventAnswer(
  status: number,
  target: StoredEvent | Found,
  prefer: Preferences,
  mailbox: Mailbox,
  context: string,
): Answer {
  const found = 'event' in target ? target : { event: target, originalStart: undefined }
  const body = represent(instanceOf(found), prefer, mailbox)
  return {
    status,
    body: { '@odata.context': `${context}#users('${mailbox.account.id}')/events/$entity`, ...body },
    headers: { etag: String(body['@odata.etag']) },
  }
}
