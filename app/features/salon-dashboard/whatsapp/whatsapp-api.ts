import { toast } from '@app/components/ui/toast-store'
import { ApiError, apiRequest } from '@app/lib/api'
import { WHATSAPP_CONNECT_ERRORS, type WhatsAppCard, whatsappSignupStartSchema } from '@common/schemas/whatsapp'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { awaitSignup, SignupFailure } from './embedded-signup'

/** Like `salonKeys`, the key is also the URL it reads. */
export const whatsappKey = (salonId: string) => ['/api/salons', salonId, 'whatsapp']

/** While the number is being set up (a job on the server), the card is read this often. */
export const WHATSAPP_SETUP_POLL_MS = 2000

/**
 * The salon's WhatsApp card as the server keeps it (it never asks Meta on this read): every 2 s
 * while the number is being set up, otherwise when the owner comes back to the tab (a template
 * approved meanwhile).
 */
export function useWhatsAppCard(salonId: string) {
  return useQuery<WhatsAppCard>({
    queryKey: whatsappKey(salonId),
    staleTime: 30_000,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.state === 'connecting' ? WHATSAPP_SETUP_POLL_MS : false),
  })
}

/** Why setting the number up failed, in words (`card.error`). */
export function connectErrorText(t: TFunction, error: WhatsAppCard['error']): string {
  return error && (WHATSAPP_CONNECT_ERRORS as readonly string[]).includes(error)
    ? t(`dashboard.whatsapp.errors.${error}`)
    : t('dashboard.whatsapp.errors.unknown')
}

/**
 * What went wrong with a connection attempt, in words: the signup's own reasons, the server's
 * refusals by code (not configured, signup expired, the connect errors' names), else a general sentence.
 */
export function connectAttemptErrorText(t: TFunction, error: unknown): string {
  if (error instanceof SignupFailure) {
    if (error.reason === 'refused' && error.detail) {
      return t('dashboard.whatsapp.signup.refusedDetail', { detail: error.detail })
    }
    return t(`dashboard.whatsapp.signup.${error.reason}`)
  }
  if (error instanceof ApiError && error.code) {
    const name = error.code.slice(error.code.lastIndexOf('.') + 1)
    if (name === 'not_configured') return t('dashboard.whatsapp.notConfigured')
    // The state's cookie is gone (too old, or another browser): start again.
    if (name === 'signup_expired') return t('dashboard.whatsapp.signup.expired')
    if ((WHATSAPP_CONNECT_ERRORS as readonly string[]).includes(name)) return t(`dashboard.whatsapp.errors.${name}`)
  }
  return t('dashboard.whatsapp.errors.unknown')
}

/**
 * Connect (or again): the signup window — opened by the click, `popup` — is led to Meta's dialog;
 * once it gave the code and the ids, they are posted and the card turns to "connecting" (a job
 * sets the number up). A failure anywhere closes the window and says why.
 */
export function useWhatsAppConnect(salonId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ popup, metaOrigin }: { popup: Window | null; metaOrigin: string }) => {
      if (!popup) throw new SignupFailure('blocked')
      let start: { url: string; state: string }
      try {
        const answer = await apiRequest('GET', `/api/salons/${salonId}/whatsapp/signup`)
        start = whatsappSignupStartSchema.parse(await answer.json())
      } catch (error) {
        popup.close()
        throw error instanceof ApiError ? error : new SignupFailure('start')
      }
      const input = await awaitSignup({ popup, url: start.url, state: start.state, metaOrigin })
      const answer = await apiRequest('POST', `/api/salons/${salonId}/whatsapp/connect`, input)
      return (await answer.json()) as WhatsAppCard
    },
    onSuccess: (card) => {
      queryClient.setQueryData(whatsappKey(salonId), card)
      toast({
        title: t('dashboard.whatsapp.toasts.connecting'),
        description: t('dashboard.whatsapp.toasts.connectingText'),
        tone: 'success',
      })
    },
    onError: (error) => {
      const cancelled = error instanceof SignupFailure && (error.reason === 'cancelled' || error.reason === 'closed')
      toast({
        title: t(cancelled ? 'dashboard.whatsapp.toasts.notConnected' : 'dashboard.whatsapp.toasts.connectFailed'),
        description: connectAttemptErrorText(t, error),
        tone: cancelled ? 'default' : 'destructive',
      })
      // The server may have moved on (a number it refused shows as failed): read the card again.
      if (error instanceof ApiError) void queryClient.invalidateQueries({ queryKey: whatsappKey(salonId) })
    },
  })
}

/**
 * Disconnect the number: the card reads "not connected" again (a job tells Meta). `onSettled`
 * closes the confirmation either way, as Instagram's does: a modal dialog would hide the toast.
 */
export function useWhatsAppDisconnect(salonId: string, onSettled: () => void) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/salons/${salonId}/whatsapp/disconnect`),
    onSettled,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: whatsappKey(salonId) })
      toast({
        title: t('dashboard.whatsapp.toasts.disconnected'),
        description: t('dashboard.whatsapp.toasts.disconnectedText'),
        tone: 'success',
      })
    },
    onError: () =>
      toast({
        title: t('dashboard.whatsapp.toasts.error'),
        description: t('dashboard.whatsapp.toasts.disconnectFailedText'),
        tone: 'destructive',
      }),
  })
}
