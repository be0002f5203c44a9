import { drainJobs } from '@tests/helpers/jobs'
import { rowsOf } from '@tests/helpers/telegram'
import { connectWhatsApp, SALON_NUMBER, startWhatsAppApp, type WhatsAppTestApp } from '@tests/helpers/whatsapp'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** Meta's webhook for WhatsApp: verification, signatures on the raw bytes, de-duplication by wamid. */
let t: WhatsAppTestApp
beforeAll(async () => {
  t = await startWhatsAppApp()
  await connectWhatsApp(t)
})
afterAll(() => t.close())

const inbox = (waId: string) =>
  rowsOf<{ wamid: string; text: string | null; direction: string }>(
    t,
    sql`select wamid, text, direction from whatsapp_inbox where wa_id = ${waId} order by sent_at`,
  )

const message = (waId: string, wamid: string, text: string) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: SALON_NUMBER.wabaId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '33612345678', phone_number_id: SALON_NUMBER.phoneNumberId },
            contacts: [{ profile: { name: 'Zoé' }, wa_id: waId }],
            messages: [
              {
                from: waId,
                id: wamid,
                timestamp: String(Math.floor(t.fake.now() / 1000)),
                type: 'text',
                text: { body: text },
              },
            ],
          },
        },
      ],
    },
  ],
})

describe('the WhatsApp webhook', () => {
  it("answers Meta's verification with the challenge only when the verify token is ours", async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=fake-whatsapp-verify-token&hub.challenge=1158201444',
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.body).toBe('1158201444')
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1',
      'hub.mode=unsubscribe&hub.verify_token=fake-whatsapp-verify-token&hub.challenge=1',
      'hub.mode=subscribe&hub.verify_token=fake-whatsapp-verify-token&hub.challenge=%3Cscript%3E',
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?${query}` })
      expect(refused.statusCode, query).toBe(403)
      expect(refused.body).not.toContain('script')
    }
  })

  it('refuses a forged signature with 401 and stores nothing; the same bytes signed by Meta are taken', async () => {
    const body = message('33699000001', 'wamid.forged-1', 'Réservez-moi tout')
    for (const signature of [null, 'sha256=00', `sha256=${'a'.repeat(64)}`, t.fake.sign(`${JSON.stringify(body)} `)]) {
      const refused = await t.fake.notify(body, { signature })
      expect(refused.status).toBe(401)
      expect(JSON.parse(refused.body).code).toBe('whatsapp.forbidden')
    }
    expect(await inbox('33699000001')).toEqual([])
    expect((await t.fake.notify(body)).status).toBe(200)
    expect((await inbox('33699000001')).map((m) => m.wamid)).toEqual(['wamid.forged-1'])
  })

  it('answers a replayed message once', async () => {
    const customer = t.fake.customer(SALON_NUMBER.phoneNumberId)
    const { wamid } = await customer.say('Bonjour, une coupe homme mercredi')
    await drainJobs(t.database, ['whatsapp.chat', 'whatsapp.deliver'])
    const answered = customer.messages().length
    expect(answered).toBeGreaterThan(0)
    expect(await t.fake.redeliver(wamid)).toBe(200)
    expect(await t.fake.redeliver(wamid)).toBe(200)
    await drainJobs(t.database, ['whatsapp.chat', 'whatsapp.deliver'])
    expect(customer.messages()).toHaveLength(answered)
    expect(await inbox(customer.waId)).toHaveLength(1)
  })

  it('drops a message to a number no salon has, and refuses a body that is not JSON', async () => {
    const stranger = JSON.parse(
      JSON.stringify(message('33699000002', 'wamid.stranger-1', 'Bonjour')).replace(
        SALON_NUMBER.phoneNumberId,
        '999999999999',
      ),
    )
    expect((await t.fake.notify(stranger)).status).toBe(200)
    expect(await inbox('33699000002')).toEqual([])
    const notJson = await t.fake.notify('{not json')
    expect(notJson.status).toBe(400)
  })
})
