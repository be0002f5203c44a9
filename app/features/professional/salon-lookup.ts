import { ApiError, getQueryFn } from '@app/lib/api'
import { useDebouncedValue } from '@app/lib/use-debounced-value'
import { readPublicSalonId } from '@common/salon-id'
import type { SalonLookup } from '@common/schemas/salon'
import { useQuery } from '@tanstack/react-query'

/** How long typing must pause before the ID is looked up: one request per ID, not per key. */
export const LOOKUP_DELAY_MS = 300

/** Could more typing still make this a salon ID? ("S", "SA", "SAL", "SAL0"…) */
const mayBecomeSalonId = (value: string) => /^S(A(L\d{0,2})?)?$/i.test(value)

export type SalonLookupState =
  | { status: 'idle' }
  /** What was typed cannot be a salon ID: say what one looks like. */
  | { status: 'malformed' }
  | { status: 'loading'; salonId: string }
  | { status: 'found'; salon: SalonLookup }
  | { status: 'notFound'; salonId: string }
  | { status: 'failed'; salonId: string }

/**
 * The public lookup of the connect screen (`GET /api/salons/by-id/:id`, spec §6: before sign-in a
 * salon can be looked up by its ID), once the typed ID looks like one and typing paused.
 */
export function useSalonLookup(typed: string): SalonLookupState {
  const settled = useDebouncedValue(typed.trim(), LOOKUP_DELAY_MS)
  const salonId = readPublicSalonId(settled)
  const query = useQuery({
    queryKey: ['/api/salons/by-id', salonId],
    queryFn: getQueryFn<SalonLookup>({ on401: 'throw' }),
    enabled: salonId !== undefined,
    // The calendar status may change in another tab; a minute old is fine for this hint.
    staleTime: 60_000,
  })

  if (!salonId) return settled === '' || mayBecomeSalonId(settled) ? { status: 'idle' } : { status: 'malformed' }
  if (query.isPending) return { status: 'loading', salonId }
  if (query.isError) {
    const unknown = query.error instanceof ApiError && query.error.status === 404
    return unknown ? { status: 'notFound', salonId } : { status: 'failed', salonId }
  }
  return query.data ? { status: 'found', salon: query.data } : { status: 'failed', salonId }
}
