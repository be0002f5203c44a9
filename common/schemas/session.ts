import { z } from 'zod'

/**
 * Who is calling: `GET /api/session`. A professional's session is tied to one salon; an
 * administrator's may have no salon (`salonId: null`). Ambassadors have their own session.
 */
export const sessionUserSchema = z.object({
  salonId: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  isAdmin: z.boolean(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const sessionSchema = z.object({
  isAuthenticated: z.boolean(),
  user: sessionUserSchema.optional(),
})
export type Session = z.infer<typeof sessionSchema>
