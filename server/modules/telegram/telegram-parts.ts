import type { Language } from '@common/languages'
import type { DialogueReply } from '@server/modules/assistant/conversation/converse'
import { type ConversationState, isProposal } from '@server/modules/assistant/conversation/state'
import { splitText as splitMessage } from '@server/modules/assistant/message-split'
import { TELEGRAM_TEXTS } from './telegram-texts'

/**
 * What the bot sends, as stored in the outbox: plain text (no parse mode, so a salon's name or
 * practical info never needs escaping) with an inline keyboard or a one-time "share my number"
 * keyboard, and files such as the calendar file.
 */
export type TelegramPart =
  | { kind: 'text'; text: string; buttons?: InlineButton[][]; askContact?: string; removeKeyboard?: boolean }
  | { kind: 'document'; filename: string; content: string; caption?: string }

export type InlineButton = { text: string; data: string } | { text: string; url: string }

/** Telegram's limit for a message's text. */
export const TELEGRAM_TEXT_MAX = 4096

/** Button payloads (at most 64 bytes): yes, no, an offered local start. */
export type ButtonPayload = { kind: 'yes' } | { kind: 'no' } | { kind: 'time'; start: string }

const ANSWER_CODES = { yes: 'y', no: 'n' } as const

export function encodeButton(payload: ButtonPayload): string {
  return payload.kind === 'time' ? `t:${payload.start}` : ANSWER_CODES[payload.kind]
}

export function decodeButton(data: string | undefined): ButtonPayload | undefined {
  for (const kind of ['yes', 'no'] as const) if (data === ANSWER_CODES[kind]) return { kind }
  const start = /^t:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})$/.exec(data ?? '')?.[1]
  return start ? { kind: 'time', start } : undefined
}

/**
 * What a tap says on the customer's behalf, if the conversation still asks what the button
 * answers: a proposal for yes/no ("no" to a proposal asks for another day or time), an offered
 * start for a time — its time when the offers share a day ("10:30"), else its rank ("la deuxième").
 */
export function tapAsMessage(payload: ButtonPayload, state: ConversationState, language: Language): string | undefined {
  const { answers } = TELEGRAM_TEXTS[language]
  if (payload.kind !== 'time') {
    if (!isProposal(state.pending)) return undefined
    return answers[payload.kind]
  }
  const offered = state.offered ?? []
  const index = offered.indexOf(payload.start)
  if (index < 0) return undefined
  const oneDay = offered.every((start) => start.slice(0, 10) === payload.start.slice(0, 10))
  return (oneDay ? undefined : answers.ordinals[index]) ?? payload.start.slice(11)
}

/** The assistant's answer as Telegram messages: text, then the calendar file, each in order. */
export function replyParts(
  reply: Pick<DialogueReply, 'text' | 'icsData' | 'bookingLink' | 'state'>,
  language: Language,
  options: { linkButtons: boolean; askPhone: boolean },
): TelegramPart[] {
  const texts = TELEGRAM_TEXTS[language]
  const buttons = keyboardFor(reply.state, language)
  let text = reply.text
  if (reply.bookingLink) {
    if (options.linkButtons) buttons.push([{ text: texts.manage, url: reply.bookingLink }])
    else text = `${text}\n\n${texts.manageLine(reply.bookingLink)}`
  }
  const chunks = splitText(text)
  const parts: TelegramPart[] = chunks.map((chunk) => ({ kind: 'text', text: chunk }))
  const last = parts[parts.length - 1]
  if (last?.kind === 'text' && buttons.length > 0) last.buttons = buttons
  if (reply.icsData) {
    parts.push({
      kind: 'document',
      filename: reply.icsData.filename,
      content: reply.icsData.content,
      caption: texts.calendarCaption,
    })
  }
  if (reply.icsData && options.askPhone)
    parts.push({ kind: 'text', text: texts.phonePrompt, askContact: texts.sharePhone })
  return parts
}

/** The buttons that answer what the reply asks: yes/other times, yes/keep, or the times offered. */
function keyboardFor(state: ConversationState, language: Language): InlineButton[][] {
  const texts = TELEGRAM_TEXTS[language]
  const pending = state.pending
  if (pending?.kind === 'cancel') {
    return [
      [
        { text: texts.cancelYes, data: encodeButton({ kind: 'yes' }) },
        { text: texts.keep, data: encodeButton({ kind: 'no' }) },
      ],
    ]
  }
  if (isProposal(pending)) {
    return [
      [
        { text: texts.yes, data: encodeButton({ kind: 'yes' }) },
        { text: texts.otherTimes, data: encodeButton({ kind: 'no' }) },
      ],
    ]
  }
  const offered = (state.offered ?? []).slice(0, MAX_TIME_BUTTONS)
  if (offered.length === 0) return []
  const oneDay = offered.every((start) => start.slice(0, 10) === offered[0]?.slice(0, 10))
  const buttons = offered.map((start) => ({
    text: oneDay ? start.slice(11) : timeLabel(start, language),
    data: encodeButton({ kind: 'time', start }),
  }))
  // Three short times to a row; a day and a time take a row each.
  const perRow = oneDay ? 3 : 1
  return Array.from({ length: Math.ceil(buttons.length / perRow) }, (_, row) =>
    buttons.slice(row * perRow, row * perRow + perRow),
  )
}

const MAX_TIME_BUTTONS = 9

/** "ven. 4 · 14:30": the day for offers across days. */
function timeLabel(start: string, language: Language): string {
  const date = new Date(`${start.slice(0, 10)}T12:00:00Z`)
  const day = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(date)
  return `${day} · ${start.slice(11)}`
}

/** Cuts a text into messages Telegram takes (4,096 characters). */
export function splitText(text: string, max = TELEGRAM_TEXT_MAX): string[] {
  return splitMessage(text, max)
}
