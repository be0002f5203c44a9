import { notificationBody } from './whatsapp-webhooks'
import { graphError, type Json, length, newObjectId, type Refusal, text } from './whatsapp-wire'
import type { Template, TemplateStatus, World } from './whatsapp-world'

/**
 * The Message Templates API of a WhatsApp Business Account (`/<WABA_ID>/message_templates`) and
 * the `message_template_status_update` notification. Creation is checked as Meta documents it:
 * name `^[a-z0-9_]+$` ≤ 512, a supported language code, AUTHENTICATION|MARKETING|UTILITY, one
 * BODY whose `{{1}}…{{n}}` are numbered in sequence, each with an example, none leading or
 * trailing; the same name twice in one language is 100/2388024. A new template is PENDING until
 * the test approves it (`setTemplateStatus`), as Meta's review would.
 */

const CATEGORIES = new Set(['AUTHENTICATION', 'MARKETING', 'UTILITY'])
/** Meta's supported template languages (the base list; regional variants Meta added later are not all here). */
const LANGUAGES = new Set(
  (
    'af sq ar ar_EG ar_AE az bn bg ca zh_CN zh_HK zh_TW hr cs da nl nl_BE en en_GB en_US en_AU en_CA en_IE en_IN en_ZA ' +
    'et fil fi fr fr_BE fr_CA fr_CH ka de de_AT de_CH el gu ha he hi hu id ga it ja kn kk rw_RW ko ky_KG lo lv lt mk ms ' +
    'ml mr nb fa pl pt_BR pt_PT pa ro ru sr sk sl es es_AR es_ES es_MX sw sv ta te th tr uk ur uz vi zu'
  ).split(' '),
)
const NAME_MAX = 512
const BODY_MAX = 1024
const HEADER_MAX = 60
const FOOTER_MAX = 60
const BUTTON_TEXT_MAX = 25
const BUTTONS_MAX = 10
/** Fields a template read can ask for; the list's default when `fields` is absent. */
const TEMPLATE_FIELDS = [
  'id',
  'name',
  'status',
  'language',
  'category',
  'components',
  'parameter_format',
  'rejected_reason',
]
const DEFAULT_FIELDS = ['name', 'parameter_format', 'components', 'language', 'status', 'category', 'id']

/** Template creation's refusal: "Invalid parameter" with a subcode and words for people. */
function templateRefusal(subcode: number | undefined, title: string, message: string): Refusal {
  return graphError(100, 'Invalid parameter', {
    ...(subcode === undefined ? {} : { subcode }),
    transient: false,
    userTitle: title,
    userMsg: message,
  })
}

/** `{{…}}` placeholders of a component text, as written. */
const placeholders = (value: string): string[] => value.match(/\{\{[^}]*\}\}/g) ?? []

/** The numbers of `{{1}}…{{n}}`; refuses a named or unnumbered variable, a gap, or examples missing. */
function variables(value: string, where: string, examples: unknown): number {
  const found = placeholders(value)
  const numbers = found.map((p) => {
    const n = /^\{\{(\d+)\}\}$/.exec(p)?.[1]
    if (n === undefined) {
      throw templateRefusal(
        2388072,
        'Message body format is incorrect',
        `${where}: variable ${p} is not a positional parameter such as {{1}}`,
      )
    }
    return Number(n)
  })
  const distinct = [...new Set(numbers)].sort((a, b) => a - b)
  distinct.forEach((n, i) => {
    if (n !== i + 1) {
      throw templateRefusal(
        2388072,
        'Message body format is incorrect',
        `${where}: variables must be numbered in sequence from {{1}}; {{${n}}} comes where {{${i + 1}}} should`,
      )
    }
  })
  const count = distinct.length
  if (count > 0) {
    const given = Array.isArray(examples) ? examples : []
    if (given.length < count || given.some((e) => typeof e !== 'string' || e.length === 0)) {
      throw templateRefusal(
        2388043,
        'Message template "components" param is missing expected field(s)',
        `${where} is missing expected field(s) (example): one example per variable, ${count} expected`,
      )
    }
  }
  return count
}

export function createTemplate(
  world: World,
  wabaId: string,
  params: Json,
): { id: string; status: string; category: string } {
  const name = text(params, 'name')
  if (!name) throw templateRefusal(undefined, 'Missing template name', 'The parameter name is required.')
  if (!/^[a-z0-9_]+$/.test(name) || name.length > NAME_MAX) {
    throw templateRefusal(
      undefined,
      'Invalid template name',
      `Template names may only hold lowercase letters, digits and underscores (at most ${NAME_MAX}): '${name}'.`,
    )
  }
  const language = text(params, 'language') ?? ''
  if (!LANGUAGES.has(language)) {
    throw templateRefusal(undefined, 'Invalid language', `The language code '${language}' is not supported.`)
  }
  const category = (text(params, 'category') ?? '').toUpperCase()
  if (!CATEGORIES.has(category)) {
    throw templateRefusal(
      undefined,
      'Invalid category',
      `category must be one of AUTHENTICATION, MARKETING, UTILITY, got '${text(params, 'category') ?? ''}'.`,
    )
  }
  const components = params.components
  if (!Array.isArray(components) || components.length === 0) {
    throw templateRefusal(undefined, 'Missing components', 'The parameter components is required.')
  }
  const counts = readComponents(components)
  if (world.templates.some((t) => t.wabaId === wabaId && t.name === name && t.language === language)) {
    throw templateRefusal(
      2388024,
      'Content in this language already exists',
      `There is already ${language} content for this template. You can create a new template and try again.`,
    )
  }
  const template: Template = {
    id: newObjectId(),
    wabaId,
    name,
    language,
    category,
    status: 'PENDING',
    components: components as Json[],
    ...counts,
  }
  world.templates.push(template)
  return { id: template.id, status: template.status, category }
}

function readComponents(components: unknown[]): { bodyParams: number; headerParams: number } {
  let bodyParams: number | undefined
  let headerParams = 0
  components.forEach((item, i) => {
    const component = (item ?? {}) as Json
    const type = String(component.type ?? '').toUpperCase()
    const where = `components[${i}] (${type || 'no type'})`
    const example = (component.example ?? {}) as Json
    const value = typeof component.text === 'string' ? component.text : ''
    if (type === 'BODY') {
      if (bodyParams !== undefined) throw templateRefusal(undefined, 'Invalid parameter', 'Only one BODY component.')
      if (!value) throw templateRefusal(2388072, 'Message body format is incorrect', `${where}: text is required.`)
      if (length(value) > BODY_MAX) {
        throw templateRefusal(
          2388040,
          'Character limit exceeded',
          `${where}: text is limited to ${BODY_MAX} characters.`,
        )
      }
      const firstRow = Array.isArray(example.body_text) ? example.body_text[0] : undefined
      bodyParams = variables(value, where, firstRow)
      const trimmed = value.trim()
      if (bodyParams > 0 && (/^\{\{\d+\}\}/.test(trimmed) || /\{\{\d+\}\}$/.test(trimmed))) {
        throw templateRefusal(
          2388299,
          'Leading or trailing parameters not allowed',
          `${where}: variables cannot be at the start or end of the template.`,
        )
      }
    } else if (type === 'HEADER') {
      const format = String(component.format ?? 'TEXT').toUpperCase()
      if (format !== 'TEXT') return
      if (length(value) > HEADER_MAX) {
        throw templateRefusal(
          2388040,
          'Character limit exceeded',
          `${where}: text is limited to ${HEADER_MAX} characters.`,
        )
      }
      headerParams = variables(value, where, example.header_text)
      if (headerParams > 1) {
        throw templateRefusal(2388047, 'Message header format is incorrect', `${where}: at most one variable.`)
      }
    } else if (type === 'FOOTER') {
      if (length(value) > FOOTER_MAX || placeholders(value).length > 0) {
        throw templateRefusal(
          2388073,
          'Message footer format is incorrect',
          `${where}: at most ${FOOTER_MAX} characters, without variables.`,
        )
      }
    } else if (type === 'BUTTONS') {
      const buttons = Array.isArray(component.buttons) ? component.buttons : []
      if (buttons.length === 0 || buttons.length > BUTTONS_MAX) {
        throw templateRefusal(undefined, 'Invalid parameter', `${where}: between 1 and ${BUTTONS_MAX} buttons.`)
      }
      buttons.forEach((b: Json, j) => {
        if (typeof b?.text !== 'string' || !b.text || length(b.text) > BUTTON_TEXT_MAX) {
          throw templateRefusal(
            2388040,
            'Character limit exceeded',
            `${where} buttons[${j}]: text is required, at most ${BUTTON_TEXT_MAX} characters.`,
          )
        }
      })
    } else {
      throw templateRefusal(undefined, 'Invalid parameter', `${where}: type must be HEADER, BODY, FOOTER or BUTTONS.`)
    }
  })
  if (bodyParams === undefined) {
    throw templateRefusal(2388072, 'Message body format is incorrect', 'A template needs one BODY component.')
  }
  return { bodyParams, headerParams }
}

/** GET /<WABA_ID>/message_templates: filters name (contains), status, language, category; cursor paging. */
export function listTemplates(world: World, wabaId: string, params: Json): Json {
  const asked = (text(params, 'fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
  const fields = asked.length > 0 ? [...new Set([...asked, 'id'])] : DEFAULT_FIELDS
  const wrong = fields.find((f) => !TEMPLATE_FIELDS.includes(f))
  if (wrong) {
    throw graphError(100, `(#100) Tried accessing nonexisting field (${wrong}) on node type (WhatsAppBusinessHSM)`)
  }
  const name = text(params, 'name')
  const status = text(params, 'status')?.toUpperCase()
  const language = text(params, 'language')
  const category = text(params, 'category')?.toUpperCase()
  const matching = world.templates.filter(
    (t) =>
      t.wabaId === wabaId &&
      (name === undefined || t.name.includes(name)) &&
      (status === undefined || t.status === status) &&
      (language === undefined || t.language === language) &&
      (category === undefined || t.category === category),
  )
  const limit = Math.max(1, Number(text(params, 'limit') ?? 25) || 25)
  const after = text(params, 'after')
  const start = after
    ? Number(
        Buffer.from(after, 'base64')
          .toString('utf8')
          .replace(/^after:/, ''),
      ) || 0
    : 0
  const page = matching.slice(start, start + limit)
  const data = page.map((t) => {
    const all: Json = {
      name: t.name,
      parameter_format: 'POSITIONAL',
      components: t.components,
      language: t.language,
      status: t.status,
      category: t.category,
      ...(t.status === 'REJECTED' ? { rejected_reason: 'INVALID_FORMAT' } : {}),
      id: t.id,
    }
    return Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]))
  })
  if (data.length === 0) return { data }
  const cursor = (index: number) => Buffer.from(`after:${index}`).toString('base64')
  const paging: Json = { cursors: { before: cursor(start), after: cursor(start + page.length) } }
  if (start + page.length < matching.length) paging.next = `?after=${cursor(start + page.length)}&limit=${limit}`
  return { data, paging }
}

export type TemplateEvent = 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED'

/** The `message_template_status_update` notification of one template's new status. */
export function templateStatusBody(template: Template, event: TemplateEvent, time: number, reason?: string): string {
  const value: Json = {
    event,
    // A number in Meta's syntax (`<TEMPLATE_ID>` unquoted); template ids stay below 2^53.
    message_template_id: Number(template.id),
    message_template_name: template.name,
    message_template_language: template.language,
    reason: reason ?? (event === 'REJECTED' ? 'INVALID_FORMAT' : 'NONE'),
    message_template_category: template.category,
  }
  if (event === 'DISABLED') value.disable_info = { disable_date: String(Math.floor(time / 1000)) }
  if (event === 'PAUSED') {
    value.other_info = {
      title: 'FIRST_PAUSE',
      description: `Your WhatsApp message template has been paused for 3 hours until ${new Date(time + 3 * 3_600_000).toUTCString()} due to low quality.`,
    }
  }
  return notificationBody(template.wabaId, 'message_template_status_update', value, time)
}

export const statusOf = (event: TemplateEvent): TemplateStatus => event
