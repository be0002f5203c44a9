import { z } from 'zod'
import { SIGN_IN_ERRORS, SIGN_IN_PURPOSES, type SignInError, type SignInPurpose } from './auth-codes'
import { text } from './primitives'

/** `GET /api/google/auth-url/:salonId` and `GET /api/google/admin-auth-url`: where to send the browser. */
export const authUrlSchema = z.object({ authUrl: z.string() })

/** `GET /api/auth/demo?state=…`: what the demo sign-in page shows before the one click. */
export const demoSignInSchema = z.object({
  purpose: z.enum(SIGN_IN_PURPOSES),
  account: z.object({ email: z.string(), name: z.string() }),
  salon: z.object({ salonId: z.string(), name: z.string() }).nullable(),
})
export type DemoSignIn = z.infer<typeof demoSignInSchema>

export const demoSignInQuerySchema = z.object({ state: text().min(1).max(512) })
/** `POST /api/auth/demo` `{state}` → `{redirectTo}`: the session cookie is set; go there. */
export const demoSignInResultSchema = z.object({ redirectTo: z.string() })

/** `POST /api/salons/:id/sync-calendar`. */
export const calendarSyncResultSchema = z.object({ success: z.literal(true), syncedAt: z.string() })
/** `POST /api/salons/:id/disconnect`: the calendar is disconnected and the session ended. */
export const disconnectResultSchema = z.object({ success: z.literal(true), message: z.string() })

export { SIGN_IN_ERRORS, SIGN_IN_PURPOSES, type SignInError, type SignInPurpose }
