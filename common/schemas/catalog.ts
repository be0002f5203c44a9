import { z } from 'zod'
import { text } from './primitives'

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
  price: z.number(),
  currency: z.string(),
  isActive: z.boolean(),
  position: z.number(),
  translations: serviceTranslationsSchema,
})
export type Service = z.infer<typeof serviceSchema>

export const servicesImportInputSchema = z.object({
  csvData: text().min(1, 'The CSV file is empty'),
})

export const importLineErrorSchema = z.object({
  line: z.number(),
  reason: z.string(),
})

export const servicesImportResultSchema = z.object({
  message: z.string(),
  created: z.number(),
  updated: z.number(),
  errors: z.array(importLineErrorSchema),
})
export type ServicesImportResult = z.infer<typeof servicesImportResultSchema>

/** Column order of the services CSV (import and export). */
export const SERVICES_CSV_COLUMNS = ['id', 'name', 'description', 'duration', 'price'] as const
