import type { AmbassadorSession } from '@common/schemas/ambassador'
import type { Session, SessionUser } from '@common/schemas/session'
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getQueryFn } from './api'

export const SESSION_KEY = ['/api/session']
const SIGNED_OUT: Session = { isAuthenticated: false }
const sessionQueryFn = getQueryFn<Session>({ on401: 'returnNull' })

/**
 * Who is signed in (spec §4): fresh for 30 s, never retried; a failed check counts as signed out.
 * A GOOGLE_AUTH_SUCCESS message from the sign-in window checks again. `user` is there only when
 * signed in: a professional has a `salonId`, an administrator has `isAdmin` (and maybe no salon).
 */
export function useSession() {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: sessionQueryFn,
    staleTime: 30_000,
    retry: false,
  })

  useEffect(() => {
    // The sign-in window posts this once the session cookie is set: check again at once (the spec
    // waits a second; with the cookie already there, that would only be a delay).
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== 'GOOGLE_AUTH_SUCCESS') return
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY })
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [queryClient])

  const session = query.isError ? SIGNED_OUT : (query.data ?? SIGNED_OUT)
  const user: SessionUser | undefined = session.isAuthenticated ? session.user : undefined
  return { session, user, isLoading: query.isLoading }
}

/**
 * Who is signed in now, asked of the server whatever the cache holds (a sign-in just set the
 * cookie), the answer kept for `useSession`; a request already on its way is waited for, not sent
 * twice. A failed check counts as signed out.
 */
export async function freshSession(queryClient: QueryClient): Promise<Session> {
  try {
    return (
      (await queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: sessionQueryFn, staleTime: 0 })) ?? SIGNED_OUT
    )
  } catch {
    return SIGNED_OUT
  }
}

/** Under the ambassador area's prefix (['/api/ambassador']): signing out there forgets it too. */
export const AMBASSADOR_SESSION_KEY = ['/api/ambassador', 'session']
export const AMBASSADOR_SIGNED_OUT: AmbassadorSession = { isAuthenticated: false }

/**
 * Whether an ambassador is signed in, and who (GET /api/ambassador/session, public): asked by the
 * navigation on every page and by the ambassador sign-in page. Signed out is a 200 answer, so a
 * visitor's console shows no 401; fresh for 30 s, never retried, a failed check counts as signed out.
 */
export function useAmbassadorSession() {
  const query = useQuery({
    queryKey: AMBASSADOR_SESSION_KEY,
    queryFn: getQueryFn<AmbassadorSession>({ on401: 'returnNull' }),
    staleTime: 30_000,
    retry: false,
  })
  const session = query.isError ? AMBASSADOR_SIGNED_OUT : (query.data ?? AMBASSADOR_SIGNED_OUT)
  return { ambassador: session.isAuthenticated ? session.ambassador : undefined, isLoading: query.isLoading }
}
