import { z } from 'zod'
import { text } from './primitives'

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
