import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { sql } from 'drizzle-orm'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Migration 0030 moves each salon's Google calendar into calendar_connections: a salon upgraded
 * with its calendar connected keeps its sync state, its busy times and its bookings' events,
 * now tied to that connection, which receives its bookings. Played on a database at 0029 with rows
 * written as the product wrote them then.
 */

const MIGRATIONS = readMigrationFiles({ migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)) })
const UPGRADE = MIGRATIONS.findIndex((m) => m.sql.some((s) => s.includes('CREATE TABLE "calendar_connections"')))

const SALON = '00000000-0000-4000-8000-000000000001'
const OTHER_SALON = '00000000-0000-4000-8000-000000000002'
const BOOKING = '00000000-0000-4000-8000-0000000000b1'

let client: PGlite
const db = () => drizzle(client)
const rows = async <T>(query: ReturnType<typeof sql>) => (await db().execute(query)).rows as T[]

async function apply(from: number, to: number) {
  for (const migration of MIGRATIONS.slice(from, to)) {
    for (const statement of migration.sql) await db().execute(sql.raw(statement))
  }
}

beforeAll(async () => {
  client = new PGlite({ extensions: { btree_gist } })
  await apply(0, UPGRADE)
  const salon = (id: string, publicId: string) => sql`
    insert into salons (id, public_id, hash, name, contact_email, address, country, time_zone, is_active)
    values (${id}, ${publicId}, ${publicId}, 'Salon', 'salon@example.com', '1 rue', 'FR', 'Europe/Paris', true)`
  await db().execute(salon(SALON, 'SAL901'))
  await db().execute(salon(OTHER_SALON, 'SAL902'))
  await db().execute(sql`
    insert into google_accounts (salon_id, email, access_token, refresh_token, scopes, connected_at, last_synced_at,
      sync_token, last_pulled_at, last_sync_counts, watch_channel_id, watch_resource_id, watch_token_hash, watch_expires_at)
    values (${SALON}, 'owner@example.com', 'sealed-access', 'sealed-refresh', 'openid', '2026-11-01T09:00:00Z',
      '2026-12-01T09:00:00Z', 'sync-token-1', '2026-12-01T08:59:00Z', '{"created":2,"updated":0,"removed":1}',
      'channel-1', 'resource-1', 'hash-1', '2026-12-08T09:00:00Z')`)
  const [member] = await rows<{ id: string }>(sql`select id from team_members where salon_id = ${SALON} limit 1`)
  const memberId =
    member?.id ??
    (
      await rows<{ id: string }>(
        sql`insert into team_members (salon_id, name, colour, position) values (${SALON}, 'Léa', '#2563eb', 0) returning id`,
      )
    )[0]?.id
  const [customer] = await rows<{ id: string }>(
    sql`insert into customers (salon_id, name) values (${SALON}, 'Camille') returning id`,
  )
  await db().execute(sql`
    insert into bookings (id, salon_id, customer_id, member_id, service_name, duration_minutes, price_minor, currency,
      starts_at, ends_at, channel)
    values (${BOOKING}, ${SALON}, ${customer?.id}, ${memberId}, 'Coupe', 45, 3500, 'EUR',
      '2026-12-10T09:00:00Z', '2026-12-10T09:45:00Z', 'web')`)
  await db().execute(sql`
    insert into calendar_events (booking_id, salon_id, event_id, state, fingerprint, pushed_at)
    values (${BOOKING}, ${SALON}, 'event-1', 'present', 'fp-1', '2026-12-01T09:00:00Z')`)
  await db().execute(sql`
    insert into calendar_busy_times (salon_id, event_id, starts_at, ends_at, summary)
    values (${SALON}, 'dentist', '2026-12-11T10:00:00Z', '2026-12-11T11:00:00Z', 'Dentiste'),
           (${OTHER_SALON}, 'left-over', '2026-12-11T10:00:00Z', '2026-12-11T11:00:00Z', null)`)
  await apply(UPGRADE, UPGRADE + 1)
})

afterAll(() => client.close())

describe('migration 0030 (calendar connections)', () => {
  it('makes the Google account its salon’s calendar, receiving bookings, with the state it had', async () => {
    expect(UPGRADE).toBeGreaterThan(0)
    const connections = await rows<Record<string, unknown>>(sql`select * from calendar_connections`)
    expect(connections).toHaveLength(1)
    expect(connections[0]).toMatchObject({
      salon_id: SALON,
      provider: 'google',
      account: 'owner@example.com',
      calendar_ref: 'primary',
      writes_bookings: true,
      cursor: 'sync-token-1',
      channel_id: 'channel-1',
      channel_resource_id: 'resource-1',
      channel_token_hash: 'hash-1',
      last_sync_counts: { created: 2, updated: 0, removed: 1 },
      reconnect_required_at: null,
      failures: 0,
    })
    expect(new Date(String(connections[0]?.last_synced_at)).toISOString()).toBe('2026-12-01T09:00:00.000Z')
    expect(new Date(String(connections[0]?.channel_expires_at)).toISOString()).toBe('2026-12-08T09:00:00.000Z')
  })

  it('keeps the tokens in google_accounts, without the columns that moved', async () => {
    const [account] = await rows<Record<string, unknown>>(sql`select * from google_accounts`)
    expect(account).toMatchObject({ email: 'owner@example.com', refresh_token: 'sealed-refresh' })
    expect(Object.keys(account ?? {})).not.toContain('sync_token')
    expect(Object.keys(account ?? {})).not.toContain('watch_channel_id')
  })

  it('ties busy times and bookings’ events to the connection, and drops rows of salons without one', async () => {
    const [connection] = await rows<{ id: string }>(sql`select id from calendar_connections`)
    const busy = await rows<Record<string, unknown>>(
      sql`select salon_id, calendar_id, event_id, object_id from calendar_busy_times`,
    )
    expect(busy).toEqual([{ salon_id: SALON, calendar_id: connection?.id, event_id: 'dentist', object_id: null }])
    const links = await rows<Record<string, unknown>>(
      sql`select booking_id, calendar_id, event_id, etag, sequence, state, fingerprint from calendar_events`,
    )
    expect(links).toEqual([
      {
        booking_id: BOOKING,
        calendar_id: connection?.id,
        event_id: 'event-1',
        etag: null,
        sequence: 0,
        state: 'present',
        fingerprint: 'fp-1',
      },
    ])
  })

  it('allows one calendar receiving bookings per salon, and one link per booking and calendar', async () => {
    const insert = (account: string, writes: boolean) =>
      db().execute(sql`
        insert into calendar_connections (salon_id, provider, account, calendar_ref, writes_bookings, connected_at)
        values (${SALON}, 'caldav', ${account}, '/cal/', ${writes}, now())`)
    await expect(insert('second', true)).rejects.toThrow()
    await insert('third', false)
    const [connection] = await rows<{ id: string }>(sql`select id from calendar_connections where account = 'third'`)
    await db().execute(sql`
      insert into calendar_events (booking_id, calendar_id, salon_id, event_id, state, fingerprint, pushed_at)
      values (${BOOKING}, ${connection?.id}, ${SALON}, 'third.ics', 'present', 'fp', now())`)
    await expect(
      db().execute(sql`
        insert into calendar_events (booking_id, calendar_id, salon_id, event_id, state, fingerprint, pushed_at)
        values (${BOOKING}, ${connection?.id}, ${SALON}, 'again.ics', 'present', 'fp', now())`),
    ).rejects.toThrow()
    await db().execute(sql`delete from calendar_connections where id = ${connection?.id}`)
    expect(await rows(sql`select * from calendar_events where calendar_id = ${connection?.id}`)).toEqual([])
  })
})
