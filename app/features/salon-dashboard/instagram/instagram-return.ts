import { toast } from '@app/components/ui/toast-store'
import { INSTAGRAM_CONNECT_ERRORS, type InstagramConnectError } from '@common/schemas/instagram-codes'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'

/**
 * What the server said when Meta sent the browser back from connecting Instagram:
 * `?instagram=connected`, or `?instagram=error&reason=<why>`.
 */
export type InstagramReturn = { kind: 'connected' } | { kind: 'error'; reason: InstagramConnectError | 'unknown' }

const isConnectError = (reason: string): reason is InstagramConnectError =>
  (INSTAGRAM_CONNECT_ERRORS as readonly string[]).includes(reason)

export function readInstagramReturn(search: string): InstagramReturn | undefined {
  const params = new URLSearchParams(search)
  const outcome = params.get('instagram')
  if (outcome === 'connected') return { kind: 'connected' }
  if (outcome !== 'error') return undefined
  const reason = params.get('reason') ?? ''
  return { kind: 'error', reason: isConnectError(reason) ? reason : 'unknown' }
}

const REASON_KEYS: Record<InstagramConnectError | 'unknown', string> = {
  denied: 'denied',
  invalid_state: 'invalidState',
  exchange_failed: 'exchangeFailed',
  account_in_use: 'accountInUse',
  not_configured: 'notConfigured',
  unknown: 'unknown',
}

/**
 * Why the account is not connected, in the owner's words. These texts are the sign-in screens'
 * (pages/sign-in/): Meta may send back an owner whose session has ended, to the signed-out page.
 */
export function instagramReturnText(reason: InstagramConnectError | 'unknown', t: TFunction): string {
  return t(`instagramReturn.${REASON_KEYS[reason]}`)
}

/**
 * Reads Meta's return once: says how it went in a toast, opens the Instagram tab, then takes the
 * answer out of the address bar (replace, not push: Back must not bring the toast back). Runs once
 * per answer, even under React's strict mode, and keeps the tab to open while the session loads.
 */
export function useInstagramReturn(path: string): { openInstagram: boolean } {
  const { t } = useTranslation()
  const search = useSearch()
  const [, navigate] = useLocation()
  const [openInstagram, setOpenInstagram] = useState(() => readInstagramReturn(search) !== undefined)
  const handled = useRef<string>(undefined)

  useEffect(() => {
    const answer = readInstagramReturn(search)
    if (!answer || handled.current === search) return
    handled.current = search
    setOpenInstagram(true)
    if (answer.kind === 'connected') {
      toast({ title: t('instagramReturn.connected'), description: t('instagramReturn.connectedText'), tone: 'success' })
    } else {
      toast({
        title: t('instagramReturn.failed'),
        description: instagramReturnText(answer.reason, t),
        tone: 'destructive',
      })
    }
    navigate(path, { replace: true })
  }, [search, path, navigate, t])

  return { openInstagram }
}
