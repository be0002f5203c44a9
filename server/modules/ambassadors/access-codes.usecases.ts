import { randomInt } from 'node:crypto'
import type { AccessCode } from '@common/schemas/admin'
import type { Clock } from '@server/clock'
import type { Executor } from '@server/db/client'
import type { AccessCodeRow } from '@server/db/schema'
import { AppError, notFound } from '@server/errors'
import type { Limit } from '@server/http/rate-limits'
import { hashToken } from '@server/security/secrets'
import * as repo from './access-codes.repository'

/**
 * Ambassador access codes: an administrator creates one per future ambassador (or per batch) and
 * hands it over; it is shown once, stored as a SHA-256, and can be revoked. A code only lets an
 * ambassador sign in; what they can see comes from their own Google account.
 */

/**
 * Guessing codes: 10 wrong codes a minute per client, then a wait. One budget for both places a
 * code is checked — POST /api/ambassador/validate-code and the Google link GET
 * /api/ambassador/google-auth. Every check is counted before it runs; a valid code gives its hit
 * back, so an ambassador who checks their code and signs in never waits.
 */
export const ACCESS_CODE_CHECKS: Limit = { name: 'access-code', max: 10, windowMs: 60_000 }

// Crockford's base 32: no I, L, O, U — nothing to misread when a code is dictated.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** AMB-XXXX-XXXX-XXXX: 60 random bits. */
export function newAccessCode(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  )
  return `AMB-${groups.join('-')}`
}

/** Codes are compared upper-case and without spaces: " amb-1234 " is AMB-1234. */
export function normaliseAccessCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase()
}

export function presentAccessCode(row: AccessCodeRow & { uses?: number }): AccessCode {
  return {
    id: row.id,
    label: row.label,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    uses: row.uses ?? 0,
  }
}

/** Creates a code (random unless one is given, as the demo's) and returns it in clear, this once. */
export async function createAccessCode(
  db: Executor,
  clock: Clock,
  input: { label: string; code?: string },
): Promise<{ accessCode: AccessCode; code: string }> {
  const code = normaliseAccessCode(input.code ?? newAccessCode())
  const row = await repo.insertAccessCode(db, {
    label: input.label,
    codeHash: hashToken(code),
    hint: code.slice(-4),
    createdAt: clock.now(),
  })
  if (!row) throw new AppError('access_codes.exists', 409, 'This access code exists already.')
  return { accessCode: presentAccessCode(row), code }
}

/** The usable (not revoked) code a person typed, if any. */
export async function findUsableAccessCode(db: Executor, typed: string): Promise<AccessCodeRow | undefined> {
  const code = normaliseAccessCode(typed)
  if (code.length < 4 || code.length > 64) return undefined
  return repo.findUsableAccessCode(db, hashToken(code))
}

/** A code by id, unless revoked since (an ambassador's sign-in checks it again on the way back). */
export async function findUsableAccessCodeById(db: Executor, id: string): Promise<AccessCodeRow | undefined> {
  const row = await repo.findAccessCodeById(db, id)
  return row && !row.revokedAt ? row : undefined
}

export async function listAccessCodes(db: Executor): Promise<AccessCode[]> {
  return (await repo.listAccessCodes(db)).map(presentAccessCode)
}

export async function revokeAccessCode(db: Executor, clock: Clock, id: string): Promise<AccessCode> {
  const row = await repo.revokeAccessCode(db, id, clock.now())
  if (!row) throw notFound('access_codes.not_found', 'This access code does not exist.')
  return presentAccessCode(row)
}
