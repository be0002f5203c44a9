import type { FakeWhatsAppSend } from './whatsapp'
import { cloudError, graphError, invalidValue, type Json, length, type Refusal, required } from './whatsapp-wire'
import type { Business, Template, World } from './whatsapp-world'

/**
 * The Send API's message bodies, checked against the limits of Meta's reference pages (text,
 * interactive reply buttons, interactive lists, documents, templates). A refusal names the field
 * the way the Cloud API does, in `error_data.details`: 131009 "Parameter value is not valid" for a
 * value over a limit, 100 for a missing or misspelled parameter, 132xxx for templates.
 * What passes becomes the record tests read (`FakeWhatsAppSend` without its wamid and time).
 */

export type Outgoing = Omit<FakeWhatsAppSend, 'phoneNumberId' | 'to' | 'wamid' | 'at'> & {
  /** The approved template a template message uses (its category prices the statuses). */
  usedTemplate?: Template
}

const TEXT_MAX = 4096
const CAPTION_MAX = 1024
const HEADER_MAX = 60
const FOOTER_MAX = 60
const BUTTONS = { min: 1, max: 3, idMax: 256, titleMax: 20, bodyMax: 1024 }
const LIST = { buttonMax: 20, sectionsMax: 10, rowsMax: 10, sectionTitleMax: 24, bodyMax: 4096 }
const ROW = { idMax: 200, titleMax: 24, descriptionMax: 72 }

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** An object parameter, or "(#100) The parameter … is required." */
function object(value: unknown, field: string): Json {
  if (value === undefined || value === null) throw required(field)
  if (!isObject(value)) throw graphError(100, '(#100) Invalid parameter', { details: `${field} must be an object` })
  return value
}

/** A text parameter within [min, max] characters: missing → 100, out of bounds → `tooLong` (131009 by default). */
function textOf(
  value: unknown,
  field: string,
  max: number,
  tooLong: (details: string) => Refusal = invalidValue,
  min = 1,
): string {
  if (value === undefined || value === null) throw required(field)
  if (typeof value !== 'string')
    throw graphError(100, '(#100) Invalid parameter', { details: `${field} must be a string` })
  const n = length(value)
  if (n < min || n > max) {
    throw tooLong(`${field}: length must be between ${min} and ${max} characters, got ${n}`)
  }
  return value
}

function optionalText(value: unknown, field: string, max: number): string | undefined {
  return value === undefined ? undefined : textOf(value, field, max)
}

/** Reads the message of a Send API request whose `type` is text, interactive, document or template. */
export function readOutgoing(world: World, business: Business, params: Json, version: number): Outgoing {
  const type = params.type === undefined ? 'text' : params.type
  const replyTo = readContext(params.context)
  const base = replyTo === undefined ? {} : { replyTo }
  switch (type) {
    case 'text':
      return { ...base, ...readText(params.text) }
    case 'interactive':
      return { ...base, ...readInteractive(params.interactive) }
    case 'document':
      return { ...base, ...readDocument(world, business, params.document) }
    case 'template':
      return { ...base, ...readTemplate(world, business, params.template, version) }
    default:
      throw graphError(100, '(#100) Invalid parameter', {
        details: `type: the fake WhatsApp sends text, interactive, document and template messages, not '${String(type)}'`,
      })
  }
}

function readContext(value: unknown): string | undefined {
  if (value === undefined) return undefined
  const context = object(value, 'context')
  if (typeof context.message_id !== 'string' || !context.message_id) throw required("context['message_id']")
  return context.message_id
}

function readText(value: unknown): Outgoing {
  const text = object(value, 'text')
  // Meta answers 100 for an over-long text body, naming the limit.
  const body = textOf(text.body, "text['body']", TEXT_MAX, (details) =>
    graphError(100, `(#100) Param text['body'] must be at most ${TEXT_MAX} characters long.`, { details }),
  )
  if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean') {
    throw graphError(100, '(#100) Invalid parameter', { details: "text['preview_url'] must be a boolean" })
  }
  return { type: 'text', text: body }
}

function readInteractive(value: unknown): Outgoing {
  const interactive = object(value, 'interactive')
  const kind = interactive.type
  if (kind !== 'button' && kind !== 'list') {
    if (kind === undefined) throw required("interactive['type']")
    throw graphError(100, '(#100) Invalid parameter', {
      details: `interactive['type']: the fake WhatsApp sends 'button' and 'list' messages, not '${String(kind)}'`,
    })
  }
  const body = object(interactive.body, "interactive['body']")
  const text = textOf(body.text, "interactive['body']['text']", kind === 'button' ? BUTTONS.bodyMax : LIST.bodyMax)
  const header = readHeader(interactive.header, kind)
  const footer =
    interactive.footer === undefined
      ? undefined
      : textOf(object(interactive.footer, "interactive['footer']").text, "interactive['footer']['text']", FOOTER_MAX)
  const action = object(interactive.action, "interactive['action']")
  const parts = {
    type: 'interactive' as const,
    text,
    ...(header === undefined ? {} : { header }),
    ...(footer === undefined ? {} : { footer }),
  }
  return kind === 'button' ? { ...parts, buttons: readButtons(action) } : { ...parts, list: readList(action) }
}

/** A text header (≤ 60) for both; reply buttons may also show a document, image or video. */
function readHeader(value: unknown, kind: 'button' | 'list'): string | undefined {
  if (value === undefined) return undefined
  const header = object(value, "interactive['header']")
  if (header.type === 'text') return textOf(header.text, "interactive['header']['text']", HEADER_MAX)
  if (kind === 'button' && ['document', 'image', 'video'].includes(String(header.type))) {
    object(header[String(header.type)], `interactive['header']['${String(header.type)}']`)
    return `[${String(header.type)}]`
  }
  throw invalidValue(
    `interactive['header']['type']: a ${kind} message takes a ${kind === 'list' ? "'text'" : "'text', 'document', 'image' or 'video'"} header, got '${String(header.type)}'`,
  )
}

function readButtons(action: Json): { id: string; title: string }[] {
  const field = "interactive['action']['buttons']"
  if (action.buttons === undefined) throw required(field)
  if (!Array.isArray(action.buttons)) throw invalidValue(`${field} must be an array`)
  const count = action.buttons.length
  if (count < BUTTONS.min || count > BUTTONS.max) {
    throw invalidValue(`${field}: between ${BUTTONS.min} and ${BUTTONS.max} buttons, got ${count}`)
  }
  const buttons = action.buttons.map((item: unknown, i) => {
    const button = object(item, `${field}[${i}]`)
    if (button.type !== 'reply') {
      throw invalidValue(`${field}[${i}]['type']: must be 'reply', got '${String(button.type)}'`)
    }
    const reply = object(button.reply, `${field}[${i}]['reply']`)
    return {
      id: textOf(reply.id, `${field}[${i}]['reply']['id']`, BUTTONS.idMax),
      title: textOf(reply.title, `${field}[${i}]['reply']['title']`, BUTTONS.titleMax),
    }
  })
  unique(
    buttons.map((b) => b.id),
    `${field}: button ids must be unique`,
  )
  unique(
    buttons.map((b) => b.title),
    `${field}: button titles must be unique`,
  )
  return buttons
}

type List = NonNullable<FakeWhatsAppSend['list']>

function readList(action: Json): List {
  const button = textOf(action.button, "interactive['action']['button']", LIST.buttonMax)
  const field = "interactive['action']['sections']"
  if (action.sections === undefined) throw required(field)
  if (!Array.isArray(action.sections)) throw invalidValue(`${field} must be an array`)
  const count = action.sections.length
  if (count < 1 || count > LIST.sectionsMax) {
    throw invalidValue(`${field}: between 1 and ${LIST.sectionsMax} sections, got ${count}`)
  }
  const sections = action.sections.map((item: unknown, s) => {
    const section = object(item, `${field}[${s}]`)
    // Meta's list reference marks the section title "Required" (older pages: when there are several sections).
    const title = textOf(section.title, `${field}[${s}]['title']`, LIST.sectionTitleMax)
    if (section.rows === undefined) throw required(`${field}[${s}]['rows']`)
    if (!Array.isArray(section.rows) || section.rows.length === 0) {
      throw invalidValue(`${field}[${s}]['rows']: at least one row`)
    }
    const rows = section.rows.map((rowItem: unknown, r) => {
      const path = `${field}[${s}]['rows'][${r}]`
      const row = object(rowItem, path)
      const description = optionalText(row.description, `${path}['description']`, ROW.descriptionMax)
      return {
        id: textOf(row.id, `${path}['id']`, ROW.idMax),
        title: textOf(row.title, `${path}['title']`, ROW.titleMax),
        ...(description === undefined ? {} : { description }),
      }
    })
    return { title, rows }
  })
  const rows = sections.flatMap((s) => s.rows)
  if (rows.length > LIST.rowsMax) {
    throw invalidValue(`${field}: at most ${LIST.rowsMax} rows across all sections, got ${rows.length}`)
  }
  unique(
    rows.map((r) => r.id),
    `${field}: row ids must be unique across sections`,
  )
  return { button, sections }
}

function unique(values: string[], details: string) {
  const repeated = values.find((v, i) => values.indexOf(v) !== i)
  if (repeated !== undefined) throw invalidValue(`${details}, '${repeated}' repeats`)
}

function readDocument(world: World, business: Business, value: unknown): Outgoing {
  const document = object(value, 'document')
  const { id, link } = document
  if (id === undefined && link === undefined) throw required("document['id'] or document['link']")
  if (id !== undefined && link !== undefined) {
    throw graphError(100, '(#100) Invalid parameter', { details: "document: give either 'id' or 'link', not both" })
  }
  const caption = optionalText(document.caption, "document['caption']", CAPTION_MAX)
  const filename = optionalText(document.filename, "document['filename']", 240)
  if (id !== undefined) {
    const media = world.media.get(String(id))
    if (!media || media.phoneNumberId !== business.phoneNumberId) {
      throw invalidValue(`document['id']: ${String(id)} is not a media id uploaded on this phone number`)
    }
    return {
      type: 'document',
      document: {
        filename: filename ?? media.filename ?? '',
        ...(caption === undefined ? {} : { caption }),
        mimeType: media.mimeType,
        content: media.content,
      },
    }
  }
  if (typeof link !== 'string' || !/^https?:\/\//.test(link)) {
    throw invalidValue("document['link']: must be an http or https URL")
  }
  return {
    type: 'document',
    document: {
      filename: filename ?? new URL(link).pathname.split('/').pop() ?? '',
      ...(caption === undefined ? {} : { caption }),
      mimeType: 'application/octet-stream',
      content: Buffer.alloc(0),
      link,
    },
  }
}

/**
 * A template message: only an APPROVED template of this WABA in that language is sent (132001
 * otherwise, 132015 paused, 132016 disabled), with exactly as many parameters as its `{{n}}`
 * (132000), none of them empty or holding a new line, a tab or more than 4 spaces in a row
 * (132018 from v23.0, 100 before).
 */
function readTemplate(world: World, business: Business, value: unknown, version: number): Outgoing {
  const template = object(value, 'template')
  const name = template.name
  if (typeof name !== 'string' || !name) throw required("template['name']")
  const language = object(template.language, "template['language']")
  const code = language.code
  if (typeof code !== 'string' || !code) throw required("template['language']['code']")
  const components = template.components === undefined ? [] : template.components
  if (!Array.isArray(components)) throw invalidValue("template['components'] must be an array")
  const params = { body: [] as string[], header: [] as string[], payloads: [] as string[] }
  components.forEach((item: unknown, i) => {
    const component = object(item, `template['components'][${i}]`)
    const kind = String(component.type ?? '').toLowerCase()
    const list = component.parameters === undefined ? [] : component.parameters
    if (!Array.isArray(list)) throw invalidValue(`template['components'][${i}]['parameters'] must be an array`)
    list.forEach((p: unknown, j) => {
      const path = `template['components'][${i}]['parameters'][${j}]`
      const parameter = object(p, path)
      if (kind === 'button') {
        if (parameter.type === 'payload' && typeof parameter.payload === 'string')
          params.payloads.push(parameter.payload)
        return
      }
      const text = parameterText(parameter, path, version)
      if (kind === 'body') params.body.push(text)
      else if (kind === 'header') params.header.push(text)
    })
  })
  const found = world.templates.find((t) => t.wabaId === business.wabaId && t.name === name && t.language === code)
  if (!found || found.status === 'PENDING' || found.status === 'REJECTED') {
    throw cloudError(132001, `template name (${name}) does not exist in ${code}`)
  }
  if (found.status === 'PAUSED') throw cloudError(132015, `Template ${name} is paused due to low quality.`)
  if (found.status === 'DISABLED') throw cloudError(132016, `Template ${name} has been disabled.`)
  for (const [kind, given, expected] of [
    ['header', params.header.length, found.headerParams],
    ['body', params.body.length, found.bodyParams],
  ] as const) {
    if (given !== expected) {
      throw cloudError(
        132000,
        `${kind}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
      )
    }
  }
  return {
    type: 'template',
    template: {
      name,
      language: code,
      parameters: params.body,
      ...(params.header.length ? { headerParameters: params.header } : {}),
      ...(params.payloads.length ? { payloads: params.payloads } : {}),
    },
    usedTemplate: found,
  }
}

/** A parameter's text: `text`, or the `fallback_value` of a currency or date_time parameter. */
function parameterText(parameter: Json, path: string, version: number): string {
  let value: unknown
  if (parameter.type === 'text') value = parameter.text
  else if (parameter.type === 'currency' || parameter.type === 'date_time') {
    value = (parameter[parameter.type] as Json | undefined)?.fallback_value
  } else {
    throw invalidValue(`${path}['type']: the fake WhatsApp fills text, currency and date_time parameters`)
  }
  if (typeof value !== 'string' || value.length === 0) {
    throw graphError(100, '(#100) Invalid parameter', {
      details: `${path}: Parameter of type text is missing text value`,
    })
  }
  if (/[\n\t]| {5}/.test(value)) {
    const details = `${path}: Param text cannot have new-line/tab characters or more than 4 consecutive spaces`
    throw version >= 23 ? cloudError(132018, details) : graphError(100, '(#100) Invalid parameter', { details })
  }
  return value
}
