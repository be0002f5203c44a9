import { SESSION_COOKIES } from '@server/http/session'
import { findAmbassadorByEmail } from '@server/modules/ambassadors/ambassadors.repository'
import { startSession } from '@server/modules/auth/sessions.usecases'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { createSalon } from '@server/modules/salons/salons.usecases'
import { DEMO_AMBASSADOR } from '@server/seed'
import type { TestApp } from './app'

/**
 * Sessions for tests that are about something else than signing in: opened straight in the
 * database, as a successful sign-in would (the sign-in itself is tested in google.http.test.ts).
 * Each returns the Cookie header to send.
 */

export async function ownerCookie(t: TestApp, salonPublicId = 'SAL001'): Promise<string> {
  const salon = await findSalonByPublicId(t.database.db, salonPublicId)
  if (!salon) throw new Error(`no salon ${salonPublicId}`)
  const email = salon.authorizedGoogleEmail ?? salon.contactEmail
  const { token } = await startSession(t.database.db, t.clock, {
    kind: 'staff',
    salonId: salon.id,
    email,
    name: salon.name,
  })
  return `${SESSION_COOKIES.staff}=${token}`
}

/** The owner of another salon than the demo's ("Autre salon"), to show what one salon cannot reach of another's. */
export async function otherSalonOwnerCookie(t: TestApp): Promise<string> {
  const other = await createSalon(t.database.db, {
    name: 'Autre salon',
    contactEmail: 'autre@example.com',
    authorizedGoogleEmail: 'autre@example.com',
    address: '3 rue C',
    country: 'FR',
  })
  return ownerCookie(t, other.publicId)
}

export async function adminCookie(t: TestApp, email = t.config.adminEmails[0] ?? 'admin@example.com'): Promise<string> {
  const { token } = await startSession(t.database.db, t.clock, { kind: 'staff', salonId: null, email, name: 'Admin' })
  return `${SESSION_COOKIES.staff}=${token}`
}

/** An ambassador's session: the demo ambassador (seeded), or the one of that e-mail. */
export async function ambassadorCookie(t: TestApp, email = DEMO_AMBASSADOR.email): Promise<string> {
  const ambassador = await findAmbassadorByEmail(t.database.db, email)
  if (!ambassador) throw new Error(`no ambassador ${email}`)
  const { token } = await startSession(t.database.db, t.clock, {
    kind: 'ambassador',
    ambassadorId: ambassador.id,
    email: ambassador.email,
    name: ambassador.name,
  })
  return `${SESSION_COOKIES.ambassador}=${token}`
}

/** The cookies a response set, as one Cookie header (name=value; …), merged over `previous`. */
export function cookiesFrom(response: { cookies: { name: string; value: string }[] }, previous = ''): string {
  const jar = new Map(
    previous
      .split(';')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)] as [string, string]),
  )
  for (const { name, value } of response.cookies) {
    if (value === '') jar.delete(name)
    else jar.set(name, value)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}
