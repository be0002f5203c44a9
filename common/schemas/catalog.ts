import { z } from 'zod'
import { LANGUAGES } from '../languages'
import { CLEANUP_MAX_MINUTES, PHASE_MIN_MINUTES, PROCESSING_MAX_MINUTES } from '../service-phases'
import { text } from './primitives'
import { publicSalonIdSchema } from './salon'
import { MAX_TEAM_MEMBERS } from './team'

/**
 * A service's name in other languages than the one the salon names it in (that name stays the
 * reference): from the built-in glossary of common service names, or entered by the owner.
 */
export const serviceTranslationsSchema = z.object({
  fr: z.string().optional(),
  de: z.string().optional(),
  it: z.string().optional(),
  en: z.string().optional(),
})
export type ServiceTranslations = z.infer<typeof serviceTranslationsSchema>

/** A service on the salon's menu. Prices are in minor units of `currency` (4500 = 45.00 EUR). */
export const serviceSchema = z.object({
  id: z.string(),
  salonId: z.string(),
  name: z.string(),
  description: z.string(),
  duration: z.number(),
  /** A processing pause inside it (a colour developing): the member is free for another client meanwhile. */
  processing: z.object({ after: z.number(), minutes: z.number() }).nullable(),
  /** Minutes the member needs after the customer leaves (clean-up), before the next client. */
  cleanup: z.number(),
  price: z.number(),
  currency: z.string(),
  isActive: z.boolean(),
  position: z.number(),
  translations: serviceTranslationsSchema,
  /**
   * Its description in other languages than the salon's, as the owner wrote it (no glossary
   * suggests descriptions): a language left out has none.
   */
  descriptionTranslations: serviceTranslationsSchema,
})
export type Service = z.infer<typeof serviceSchema>

/**
 * A service as its salon's owner edits it: the language its name is in, the names the owner gave it
 * in other languages (the rest come from the glossary), the glossary's names as suggestions, and
 * the price as an amount of the currency ("45.00").
 */
export const ownerServiceSchema = serviceSchema.extend({
  priceAmount: z.string(),
  nameLanguage: z.enum(LANGUAGES),
  ownerTranslations: serviceTranslationsSchema,
  suggestedTranslations: serviceTranslationsSchema,
})
export type OwnerService = z.infer<typeof ownerServiceSchema>

/** The processing pause leaves working time on both sides of it inside the service. */
export const PROCESSING_OUTSIDE = `The processing must end at least ${PHASE_MIN_MINUTES} minutes before the service does`

export function processingFits(processing: { after: number; minutes: number }, duration: unknown): boolean {
  return typeof duration !== 'number' || processing.after + processing.minutes + PHASE_MIN_MINUTES <= duration
}

export const SERVICE_NAME_MAX = 120
export const SERVICE_DESCRIPTION_MAX = 500
export const SERVICE_DURATION_MIN = 5
export const SERVICE_DURATION_MAX = 720

const serviceName = () =>
  text()
    .min(1, 'The name of the service is empty')
    .max(SERVICE_NAME_MAX, `The name is longer than ${SERVICE_NAME_MAX} characters`)

/** An owner's name for the service in another language; null or empty forgets it (the glossary's comes back). */
const ownerTranslation = text()
  .max(SERVICE_NAME_MAX, `The name is longer than ${SERVICE_NAME_MAX} characters`)
  .nullable()
  .optional()

const serviceDescription = () =>
  text().max(SERVICE_DESCRIPTION_MAX, `The description is longer than ${SERVICE_DESCRIPTION_MAX} characters`)

/** The owner's description of the service in another language; null or empty removes it (there is no glossary's). */
const ownerDescription = serviceDescription().nullable().optional()

const serviceFields = {
  name: serviceName(),
  description: serviceDescription(),
  duration: z
    .number({ message: 'The duration must be a number of minutes' })
    .int('The duration must be a whole number of minutes')
    .min(SERVICE_DURATION_MIN, `A service lasts at least ${SERVICE_DURATION_MIN} minutes`)
    .max(SERVICE_DURATION_MAX, `A service lasts at most ${SERVICE_DURATION_MAX} minutes (12 hours)`),
  /**
   * A processing pause `after` minutes from the start, `minutes` long, with working time on both
   * sides of it inside the service; null: none.
   */
  processing: z
    .object({
      after: z
        .number({ message: 'The processing must start a number of minutes after the start' })
        .int('The processing starts a whole number of minutes after the start')
        .min(PHASE_MIN_MINUTES, `The processing starts at least ${PHASE_MIN_MINUTES} minutes after the start`),
      minutes: z
        .number({ message: 'The processing time must be a number of minutes' })
        .int('The processing time is a whole number of minutes')
        .min(PHASE_MIN_MINUTES, `The processing lasts at least ${PHASE_MIN_MINUTES} minutes`)
        .max(PROCESSING_MAX_MINUTES, `The processing lasts at most ${PROCESSING_MAX_MINUTES} minutes`),
    })
    .strict()
    .nullable(),
  cleanup: z
    .number({ message: 'The clean-up must be a number of minutes' })
    .int('The clean-up is a whole number of minutes')
    .min(0, 'The clean-up cannot be negative')
    .max(CLEANUP_MAX_MINUTES, `The clean-up lasts at most ${CLEANUP_MAX_MINUTES} minutes`),
  /** In the salon's currency, never minor units: 35, "35.50" or "35,50". */
  priceAmount: z.union([z.number(), text().max(40, 'The price is not an amount')], {
    message: 'The price must be an amount such as 35 or 35.50',
  }),
  isActive: z.boolean(),
  translations: z
    .object({ fr: ownerTranslation, de: ownerTranslation, it: ownerTranslation, en: ownerTranslation })
    .strict(),
  /**
   * The description in other languages: those given replace what was written, null or empty
   * removes one; the salon's own language is the description itself, and is left out.
   */
  descriptionTranslations: z
    .object({ fr: ownerDescription, de: ownerDescription, it: ownerDescription, en: ownerDescription })
    .strict(),
  /**
   * The team members who perform it (ids from GET /api/salons/:id/team): they replace those who
   * did. An active service needs at least one active member among them.
   */
  memberIds: z
    .array(z.uuid({ message: 'memberIds must be team member ids' }))
    .max(MAX_TEAM_MEMBERS, `A service is performed by at most ${MAX_TEAM_MEMBERS} team members`),
}

/** POST /api/salons/:id/services: a new service, active unless said otherwise, at the end of the list. */
export const serviceCreateSchema = z
  .object({
    ...serviceFields,
    description: serviceFields.description.default(''),
    isActive: serviceFields.isActive.default(true),
    translations: serviceFields.translations.optional(),
    descriptionTranslations: serviceFields.descriptionTranslations.optional(),
    /** Absent: every active member performs it. */
    memberIds: serviceFields.memberIds.optional(),
    processing: serviceFields.processing.optional(),
    cleanup: serviceFields.cleanup.optional(),
  })
  .strict()
  .refine((input) => !input.processing || processingFits(input.processing, input.duration), {
    message: PROCESSING_OUTSIDE,
    path: ['processing'],
  })
export type ServiceCreateInput = z.input<typeof serviceCreateSchema>

/** PATCH /api/salons/:id/services/:serviceId: the fields given change, the others stay. */
export const serviceUpdateSchema = z
  .object({
    name: serviceFields.name.optional(),
    description: serviceFields.description.optional(),
    duration: serviceFields.duration.optional(),
    priceAmount: serviceFields.priceAmount.optional(),
    isActive: serviceFields.isActive.optional(),
    translations: serviceFields.translations.optional(),
    descriptionTranslations: serviceFields.descriptionTranslations.optional(),
    memberIds: serviceFields.memberIds.optional(),
    processing: serviceFields.processing.optional(),
    cleanup: serviceFields.cleanup.optional(),
  })
  .strict()
export type ServiceUpdateInput = z.input<typeof serviceUpdateSchema>

/** PUT /api/salons/:id/services/order: every service of the salon, in the order the owner wants. */
export const serviceOrderSchema = z
  .object({
    serviceIds: z
      .array(z.uuid({ message: 'Each entry must be a service id' }))
      .min(1, 'The list of services is empty')
      .max(1000, 'Too many services'),
  })
  .strict()

export const serviceParamsSchema = z.object({
  id: publicSalonIdSchema,
  serviceId: z.uuid({ message: 'serviceId must be a service id' }),
})

/** An empty file is the use case's to refuse, with its own code (`catalog.csv_empty`) the dashboard words. */
export const servicesImportPreviewInputSchema = z.object({
  csvData: text(),
})

/**
 * POST /api/salons/:id/services/import: the file, and the token of the preview the owner confirmed.
 * With a token, the import writes only what that preview showed: if the file would now do anything
 * else (a service renamed or removed meanwhile), it is refused (`catalog.csv_preview_stale`).
 */
export const servicesImportInputSchema = servicesImportPreviewInputSchema.extend({
  previewToken: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'previewToken must be the token a preview of this file answered')
    .optional(),
})

/**
 * Why a line of an imported file was left out, as a stable code the client words in the interface
 * language (`reason` is the English fallback). `value` is the cell at fault (cut to 40 characters),
 * `otherLine` the earlier line a repeated name was on.
 */
export const CSV_LINE_CODES = [
  'csv.id_invalid',
  'csv.id_unknown',
  'csv.name_missing',
  'csv.name_too_long',
  'csv.name_repeated',
  'csv.name_taken',
  'csv.description_too_long',
  'csv.duration_invalid',
  'csv.price_missing',
  'csv.price_invalid',
  'csv.price_negative',
  'csv.price_too_many_decimals',
  'csv.price_too_high',
  'csv.price_ambiguous',
  'csv.active_invalid',
  'csv.extra_cells',
] as const
export type CsvLineCode = (typeof CSV_LINE_CODES)[number]

export const importLineErrorSchema = z.object({
  line: z.number(),
  code: z.enum(CSV_LINE_CODES),
  field: z.string().optional(),
  value: z.string().optional(),
  otherLine: z.number().optional(),
  reason: z.string(),
})
export type ImportLineError = z.infer<typeof importLineErrorSchema>

export const servicesImportResultSchema = z.object({
  message: z.string(),
  created: z.number(),
  updated: z.number(),
  errors: z.array(importLineErrorSchema),
})
export type ServicesImportResult = z.infer<typeof servicesImportResultSchema>

/** A service as an import would write it: added, or updating the service it names (`before`: that service now). */
export const importPreviewServiceSchema = z.object({
  line: z.number(),
  action: z.enum(['create', 'update']),
  serviceId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  duration: z.number(),
  /** Minor units of the preview's currency. */
  price: z.number(),
  isActive: z.boolean(),
  before: z.object({ name: z.string(), duration: z.number(), price: z.number(), isActive: z.boolean() }).nullable(),
})
export type ImportPreviewService = z.infer<typeof importPreviewServiceSchema>

/**
 * POST /api/salons/:id/services/import/preview: what importing the file would do, saving nothing.
 * The import, sent the same file and `previewToken`, writes exactly this or refuses.
 */
export const servicesImportPreviewSchema = z.object({
  currency: z.string(),
  services: z.array(importPreviewServiceSchema),
  errors: z.array(importLineErrorSchema),
  created: z.number(),
  updated: z.number(),
  previewToken: z.string(),
})
export type ServicesImportPreview = z.infer<typeof servicesImportPreviewSchema>

/**
 * Column order of the services CSV (import and export; a file without a header is read in this
 * order): the specification's five — duration in minutes, price in minor units (6500 = 65.00 EUR) —
 * then active (yes or no).
 */
export const SERVICES_CSV_COLUMNS = ['id', 'name', 'description', 'duration', 'price', 'active'] as const
