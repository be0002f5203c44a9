import type { Language } from '@common/languages'
import type { DialogueReply } from '@server/modules/assistant/conversation/converse'
import type { Suggestion } from '@server/modules/assistant/conversation/suggestions'
import { splitText } from '@server/modules/assistant/message-split'
import { WHATSAPP_BUTTON_BODY_MAX, WHATSAPP_TEXT_MAX } from './whatsapp-api'
import { WHATSAPP_TEXTS } from './whatsapp-texts'

/**
 * What the assistant sends on WhatsApp, as stored in the outbox: a text, a text with reply buttons
 * (at most 3, titles of 20 characters), a list (at most 10 rows, titles of 24 and descriptions of
 * 72 characters), the calendar file as a document, or a template (outside the 24 hours). A tap
 * brings back the button's or the row's id: we make it the customer's words for the answer
 * ("vendredi 4 décembre à 14:30", "oui"), so the assistant reads a tap as it reads a message.
 */
export type WhatsAppPart =
  | { kind: 'text'; text: string }
  | { kind: 'buttons'; text: string; buttons: { id: string; title: string }[] }
  | {
      kind: 'list'
      text: string
      button: string
      section: string
      rows: { id: string; title: string; description?: string }[]
    }
  | { kind: 'document'; filename: string; content: string; caption: string }
  | TemplatePart
  /**
   * A salon's notice, resolved when it leaves: its text inside the 24 hours (the template kept as
   * the fallback should Meta say the window closed), else the template, if the customer said yes.
   */
  | { kind: 'notice'; text: string; template: TemplatePart }

export interface TemplatePart {
  kind: 'template'
  purpose: 'reminder' | 'change'
  language: Language
  parameters: string[]
}

export const BUTTONS_MAX = 3
export const BUTTON_TITLE_MAX = 20
export const LIST_ROWS_MAX = 10
export const ROW_TITLE_MAX = 24
export const ROW_DESCRIPTION_MAX = 72
const ROW_ID_MAX = 200
const BUTTON_ID_MAX = 256

/** The answers to "may we send your reminders here?": handled by the chat job, never by the assistant. */
export const REMINDERS_YES = 'salonia:reminders:yes'
export const REMINDERS_NO = 'salonia:reminders:no'

/** The assistant's answer as WhatsApp messages: its text with what to tap, then the calendar file. */
export function replyParts(
  reply: Pick<DialogueReply, 'text' | 'icsData' | 'bookingLink' | 'suggestions'>,
  language: Language,
  options: { lead?: string[]; askReminders?: boolean } = {},
): WhatsAppPart[] {
  const texts = WHATSAPP_TEXTS[language]
  const body = reply.bookingLink ? `${reply.text}\n\n${texts.linkLine(reply.bookingLink)}` : reply.text
  const parts: WhatsAppPart[] = [...(options.lead ?? []), ...splitText(body, WHATSAPP_TEXT_MAX)].map((text) => ({
    kind: 'text' as const,
    text,
  }))
  const choices = (reply.suggestions ?? []).slice(0, LIST_ROWS_MAX)
  const last = parts.pop()
  if (last?.kind === 'text') parts.push(...withChoices(last.text, choices, language))
  if (reply.icsData) {
    parts.push({
      kind: 'document',
      filename: reply.icsData.filename,
      content: reply.icsData.content,
      caption: texts.calendarCaption,
    })
  }
  if (options.askReminders) parts.push(remindersQuestion(language))
  return parts
}

/** The text, with the choices as buttons when three short ones or fewer, else as a list. */
function withChoices(text: string, choices: readonly Suggestion[], language: Language): WhatsAppPart[] {
  if (choices.length === 0) return [{ kind: 'text', text }]
  const texts = WHATSAPP_TEXTS[language]
  if (choices.length <= BUTTONS_MAX && choices.every((c) => Array.from(c.label).length <= BUTTON_TITLE_MAX)) {
    // Buttons take a shorter body: what does not fit goes first as plain text.
    const chunks = splitText(text, WHATSAPP_BUTTON_BODY_MAX)
    const lastChunk = chunks.pop() ?? text
    return [
      ...chunks.map((chunk) => ({ kind: 'text' as const, text: chunk })),
      {
        kind: 'buttons',
        text: lastChunk,
        buttons: choices.map((c) => ({ id: c.says.slice(0, BUTTON_ID_MAX), title: cut(c.label, BUTTON_TITLE_MAX) })),
      },
    ]
  }
  return [
    {
      kind: 'list',
      text,
      button: cut(texts.listButton, BUTTON_TITLE_MAX),
      section: cut(texts.listSection, ROW_TITLE_MAX),
      rows: uniqueById(choices).map((c) => {
        const title = cut(c.label, ROW_TITLE_MAX)
        const description = c.says !== c.label && c.says !== title ? cut(c.says, ROW_DESCRIPTION_MAX) : undefined
        return { id: c.says.slice(0, ROW_ID_MAX), title, ...(description ? { description } : {}) }
      }),
    },
  ]
}

/** Asked once, after the customer's first booking here: WhatsApp needs their yes for reminders. */
export function remindersQuestion(language: Language): WhatsAppPart {
  const texts = WHATSAPP_TEXTS[language]
  return {
    kind: 'buttons',
    text: texts.remindersQuestion,
    buttons: [
      { id: REMINDERS_YES, title: cut(texts.remindersYes, BUTTON_TITLE_MAX) },
      { id: REMINDERS_NO, title: cut(texts.remindersNo, BUTTON_TITLE_MAX) },
    ],
  }
}

/** Meta refuses two rows with one id: the first of each says is kept. */
function uniqueById(choices: readonly Suggestion[]): Suggestion[] {
  const seen = new Set<string>()
  return choices.filter((c) => {
    const id = c.says.slice(0, ROW_ID_MAX)
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

/** A title Meta shows whole: cut on a code point, with an ellipsis when cut. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** Plain texts in order (a reminder or a notice inside the 24 hours). */
export function textParts(text: string): WhatsAppPart[] {
  return splitText(text, WHATSAPP_TEXT_MAX).map((chunk) => ({ kind: 'text', text: chunk }))
}
