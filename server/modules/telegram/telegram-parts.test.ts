import type { ConversationState } from '@server/modules/assistant/conversation/state'
import { describe, expect, it } from 'vitest'
import { decodeButton, encodeButton, replyParts, splitText, TELEGRAM_TEXT_MAX, tapAsMessage } from './telegram-parts'

describe('Telegram messages', () => {
  it('cuts a long text into messages Telegram takes, at a paragraph when it can', () => {
    const paragraph = 'Une phrase assez longue pour remplir un message. '.repeat(50).trim()
    const text = [paragraph, paragraph, paragraph].join('\n\n')
    const chunks = splitText(text)
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.every((chunk) => chunk.length <= TELEGRAM_TEXT_MAX)).toBe(true)
    expect(chunks.join('\n\n')).toBe(text)
    // No space to cut at: cut at the limit, never inside an emoji's surrogate pair.
    const emojis = '💇'.repeat(3000)
    const cut = splitText(emojis)
    expect(cut.every((chunk) => chunk.length <= TELEGRAM_TEXT_MAX && !/^[\uDC00-\uDFFF]/.test(chunk))).toBe(true)
    expect(cut.join('')).toBe(emojis)
  })

  it('offers the times as buttons, and a proposal as yes / another time', () => {
    const offered: ConversationState = { draft: {}, offered: ['2026-12-04T09:00', '2026-12-04T10:30'] }
    const [offer] = replyParts({ text: 'Quelle heure ?', state: offered }, 'fr', {
      linkButtons: false,
      askPhone: false,
    })
    expect(offer).toMatchObject({
      buttons: [
        [
          { text: '09:00', data: 't:2026-12-04T09:00' },
          { text: '10:30', data: 't:2026-12-04T10:30' },
        ],
      ],
    })
    const proposal: ConversationState = {
      draft: {},
      pending: { kind: 'book', serviceIds: ['s'], start: '2026-12-04T10:30' },
    }
    const [ask] = replyParts({ text: 'Je réserve ?', state: proposal }, 'de', { linkButtons: true, askPhone: false })
    expect(ask).toMatchObject({ buttons: [[{ text: 'Ja' }, { text: 'Andere Zeit' }]] })
  })

  it('puts the booking link in a button behind HTTPS, in the text otherwise', () => {
    const reply = { text: 'Réservé !', state: { draft: {} }, bookingLink: 'https://book.example.com/r/abc' }
    expect(replyParts(reply, 'fr', { linkButtons: true, askPhone: false })[0]).toMatchObject({
      text: 'Réservé !',
      buttons: [[{ text: 'Gérer mon rendez-vous', url: 'https://book.example.com/r/abc' }]],
    })
    expect(replyParts(reply, 'fr', { linkButtons: false, askPhone: false })[0]).toMatchObject({
      text: 'Réservé !\n\nVotre rendez-vous : https://book.example.com/r/abc',
    })
  })

  it('says a tap as the customer would, only while it answers what was asked', () => {
    const sameDay: ConversationState = { draft: {}, offered: ['2026-12-04T09:00', '2026-12-04T10:30'] }
    expect(tapAsMessage({ kind: 'time', start: '2026-12-04T10:30' }, sameDay, 'fr')).toBe('10:30')
    const days: ConversationState = { draft: {}, offered: ['2026-12-01T09:30', '2026-12-04T14:00'] }
    expect(tapAsMessage({ kind: 'time', start: '2026-12-04T14:00' }, days, 'it')).toBe('la seconda')
    expect(tapAsMessage({ kind: 'time', start: '2026-12-05T14:00' }, days, 'it')).toBeUndefined()
    expect(tapAsMessage({ kind: 'yes' }, days, 'en')).toBeUndefined()
    const proposal: ConversationState = { draft: {}, pending: { kind: 'cancel', bookingIds: ['b'] } }
    expect(tapAsMessage({ kind: 'yes' }, proposal, 'de')).toBe('ja')
    expect(tapAsMessage({ kind: 'no' }, proposal, 'fr')).toBe('non')
  })

  it('reads back only the button payloads it writes', () => {
    for (const payload of [{ kind: 'yes' }, { kind: 'no' }, { kind: 'time', start: '2026-12-04T10:30' }] as const) {
      expect(decodeButton(encodeButton(payload))).toEqual(payload)
      expect(new TextEncoder().encode(encodeButton(payload)).length).toBeLessThanOrEqual(64)
    }
    expect(decodeButton('t:tomorrow')).toBeUndefined()
    expect(decodeButton(undefined)).toBeUndefined()
  })
})
