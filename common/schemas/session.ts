import { z } from 'zod'

/**
 * Who is calling: `GET /api/session`. Always `{ isAuthenticated: false }` for now; `user` arrives
 * with the professional sign-in (Google), tied to one salon.
 */
export const sessionSchema = z.object({
  isAuthenticated: z.boolean(),
  user: z.object({ salonId: z.string(), email: z.string(), name: z.string() }).optional(),
})
export type Session = z.infer<typeof sessionSchema>
