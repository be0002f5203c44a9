import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { consumeLimit } from '@server/http/rate-limits'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MCP_REQUESTS } from './mcp.routes'
import { mcpTokenFor } from './mcp-token'

/** The MCP server, driven by the SDK's own client over real HTTP. */
describe('the MCP server', () => {
  let t: TestApp
  let url: URL
  let token: string

  beforeAll(async () => {
    t = await startTestApp()
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    url = new URL('/mcp', address)
    const salon = await findSalonByPublicId(t.database.db, 'SAL001')
    if (!salon) throw new Error('no demo salon')
    token = mcpTokenFor(t.config.appSecret, salon)
  })
  afterAll(() => t.close())

  async function connect(bearer: string | undefined): Promise<Client> {
    const client = new Client({ name: 'salon-agent', version: '1.0.0' })
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} },
    })
    await client.connect(transport)
    return client
  }

  const json = (result: unknown) =>
    JSON.parse((result as { content: { type: string; text: string }[] }).content[0]?.text ?? 'null')

  it('offers the booking tools and books for a named customer of the agent', async () => {
    const client = await connect(token)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'book_appointment',
        'book_visit',
        'cancel_appointment',
        'cancel_visit',
        'check_availability',
        'check_visit',
        'get_opening_hours',
        'get_salon_info',
        'join_waiting_list',
        'list_my_appointments',
        'list_services',
        'reschedule_appointment',
        'reschedule_visit',
        'tell_salon_late',
      ])
      expect(json(await client.callTool({ name: 'get_salon_info', arguments: {} }))).toMatchObject({
        name: 'Salon Lumière',
        phone: '01 43 55 20 20',
        contactEmail: 'salon.lumiere.demo@gmail.com',
        practicalInfo: expect.stringContaining('Parking public à 50 m'),
      })
      const services = json(await client.callTool({ name: 'list_services', arguments: {} })) as {
        id: string
        name: string
      }[]
      expect(services.map((s) => s.name)).not.toContain('Permanente')
      expect(services.find((s) => s.name === 'Coupe femme')).toMatchObject({
        translations: { de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" },
      })
      const brushing = services.find((s) => s.name === 'Brushing')?.id

      const free = json(
        await client.callTool({ name: 'check_availability', arguments: { serviceId: brushing, date: '2026-12-02' } }),
      )
      expect(free.slots).toContain('2026-12-02T10:00')

      const lea = { reference: 'agent-customer-1', name: 'Léa', language: 'fr' }
      const booked = json(
        await client.callTool({
          name: 'book_appointment',
          arguments: { serviceId: brushing, start: '2026-12-02T10:00', customer: lea },
        }),
      )
      expect(booked.appointment).toMatchObject({ serviceName: 'Brushing', start: '2026-12-02T10:00' })
      expect(booked.icsData.content).toContain('BEGIN:VCALENDAR')

      const mine = json(await client.callTool({ name: 'list_my_appointments', arguments: { customer: lea } }))
      expect(mine).toHaveLength(1)
      const someoneElse = { reference: 'agent-customer-2', name: 'Max' }
      expect(
        json(await client.callTool({ name: 'list_my_appointments', arguments: { customer: someoneElse } })),
      ).toEqual([])
      const stolen = await client.callTool({
        name: 'cancel_appointment',
        arguments: { bookingId: booked.appointment.bookingId, customer: someoneElse },
      })
      expect(stolen.isError).toBe(true)

      // The salon has two stylists: the second customer of 10:00 gets the other one, a third none.
      const info = json(await client.callTool({ name: 'get_salon_info', arguments: {} }))
      expect(info.team.map((m: { name: string }) => m.name)).toEqual(['Léa', 'Hugo'])
      const second = json(
        await client.callTool({
          name: 'book_appointment',
          arguments: { serviceId: brushing, start: '2026-12-02T10:00', customer: someoneElse },
        }),
      )
      expect(second.appointment.member).not.toBe(booked.appointment.member)
      const withHugo = json(
        await client.callTool({
          name: 'book_appointment',
          arguments: {
            serviceId: brushing,
            start: '2026-12-02T11:00',
            customer: someoneElse,
            memberId: info.team[1].id,
          },
        }),
      )
      expect(withHugo.appointment).toMatchObject({ start: '2026-12-02T11:00', member: 'Hugo' })
      // Moved at the customer's wish to the other stylist, at a new time.
      const toLea = json(
        await client.callTool({
          name: 'reschedule_appointment',
          arguments: {
            bookingId: withHugo.appointment.bookingId,
            start: '2026-12-02T15:00',
            customer: someoneElse,
            memberId: info.team[0].id,
          },
        }),
      )
      expect(toLea.appointment).toMatchObject({ start: '2026-12-02T15:00', member: 'Léa' })
      const third = { reference: 'agent-customer-3', name: 'Zoé' }
      const taken = await client.callTool({
        name: 'book_appointment',
        arguments: { serviceId: brushing, start: '2026-12-02T10:00', customer: third },
      })
      expect(taken.isError).toBe(true)
      expect(JSON.stringify(taken.content)).toContain('bookings.slot_taken')

      const bad = await client.callTool({ name: 'book_appointment', arguments: { serviceId: 'x', start: 'tomorrow' } })
      expect(bad.isError).toBe(true)
    } finally {
      await client.close()
    }
  })

  it("tells the salon that the agent's customer will be late, for that customer's own appointment only", async () => {
    const client = await connect(token)
    try {
      const services = json(await client.callTool({ name: 'list_services', arguments: {} })) as {
        id: string
        name: string
      }[]
      const coupe = services.find((s) => s.name === 'Coupe homme')?.id
      const marc = { reference: 'agent-customer-late', name: 'Marc', language: 'fr' }
      const booked = json(
        await client.callTool({
          name: 'book_appointment',
          arguments: { serviceId: coupe, start: '2026-12-01T16:00', customer: marc },
        }),
      )
      const bookingId = booked.appointment.bookingId as string

      const told = json(
        await client.callTool({ name: 'tell_salon_late', arguments: { bookingId, minutes: 10, customer: marc } }),
      )
      expect(told).toEqual({
        appointment: expect.objectContaining({ bookingId, serviceName: 'Coupe homme', start: '2026-12-01T16:00' }),
        note: { minutes: 10, at: '2026-12-01T08:30' },
      })

      const stranger = { reference: 'agent-customer-other', name: 'Zoé' }
      const refused = await client.callTool({
        name: 'tell_salon_late',
        arguments: { bookingId, minutes: 10, customer: stranger },
      })
      expect(refused.isError).toBe(true)
      expect(JSON.stringify(refused.content)).toContain('bookings.not_found')

      for (const minutes of [0, 181, 7.5]) {
        const wrong = await client.callTool({
          name: 'tell_salon_late',
          arguments: { bookingId, minutes, customer: marc },
        })
        expect(wrong.isError, String(minutes)).toBe(true)
      }
      expect(
        json(await client.callTool({ name: 'tell_salon_late', arguments: { bookingId, customer: marc } })).note,
      ).toEqual({ minutes: null, at: '2026-12-01T08:30' })
    } finally {
      await client.close()
    }
  })

  it.each([
    ['no token', undefined],
    ['a wrong token', 'SAL001.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a token of nothing', 'not-a-token'],
  ])('refuses %s with 401', async (_, bearer) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'auth.invalid_token' })
  })

  it("holds back a salon's agent past its requests a minute, from any address, until the minute is over", async () => {
    const salon = await findSalonByPublicId(t.database.db, 'SAL001')
    const listTools = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/mcp',
        remoteAddress: from,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      })
    expect((await listTools('203.0.113.20')).statusCode).toBe(200)
    // The rest of the minute's budget, spent by the agent elsewhere.
    for (let i = 1; i < MCP_REQUESTS.max; i++) {
      await consumeLimit({ db: t.database.db, clock: t.clock }, MCP_REQUESTS, salon?.id as string)
    }
    const refused = await listTools('203.0.113.21')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'request.rate_limited' })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    t.clock.advance(60_000)
    expect((await listTools('203.0.113.21')).statusCode).toBe(200)
  })

  it('is stateless: GET and DELETE are not offered', async () => {
    const res = await fetch(url, { method: 'GET', headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(405)
  })
})
