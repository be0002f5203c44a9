import { toast } from '@app/components/ui/toast-store'
import { apiRequest } from '@app/lib/api'
import type { InstagramStats, InstagramUser } from '@common/schemas/instagram'
import type { Salon, SalonUpdateInput } from '@common/schemas/salon'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { salonKeys } from '../dashboard-api'
import { shortUserId } from './instagram-format'

/** Query keys of the Instagram panel; like `salonKeys`, each is also the URL it reads. */
export const instagramKeys = {
  users: (salonId: string) => ['/api/salons', salonId, 'instagram', 'users'],
  stats: (salonId: string) => ['/api/salons', salonId, 'instagram', 'stats'],
}

/** Spec §7, §9: customers write at any time, so the list is read every 30 s and the figures every minute. */
export const INSTAGRAM_USERS_POLL_MS = 30_000
export const INSTAGRAM_STATS_POLL_MS = 60_000

/** Read again when the tab is opened again, not only at the next poll. */
const FRESH_MS = 10_000

/** The customers who wrote to the salon's account, with what the owner decided for each. */
export function useInstagramUsers(salonId: string) {
  return useQuery<InstagramUser[]>({
    queryKey: instagramKeys.users(salonId),
    staleTime: FRESH_MS,
    refetchInterval: INSTAGRAM_USERS_POLL_MS,
  })
}

/** How many customers, how many whitelisted, the last 24 hours' messages, and who is in which status. */
export function useInstagramStats(salonId: string) {
  return useQuery<InstagramStats>({
    queryKey: instagramKeys.stats(salonId),
    staleTime: FRESH_MS,
    refetchInterval: INSTAGRAM_STATS_POLL_MS,
  })
}

/** After any change to a customer, or to the account: both the list and the figures move. */
function refreshPanel(queryClient: QueryClient, salonId: string) {
  void queryClient.invalidateQueries({ queryKey: instagramKeys.users(salonId) })
  void queryClient.invalidateQueries({ queryKey: instagramKeys.stats(salonId) })
}

/** Shows the customer as the server answered at once, before the list is read again. */
function showUser(queryClient: QueryClient, salonId: string, user: InstagramUser) {
  queryClient.setQueryData<InstagramUser[]>(instagramKeys.users(salonId), (users) =>
    users?.map((each) => (each.userId === user.userId ? user : each)),
  )
}

/**
 * Connect (or connect again): the server gives Meta's consent address and the browser goes there.
 * The button stays "Connecting…" until the page is left; a failure resets it and says so (spec §4, §8).
 */
export function useInstagramConnect(salonId: string) {
  const { t } = useTranslation()
  return useMutation({
    mutationFn: async () => {
      const body = (await (await apiRequest('GET', `/api/salons/${salonId}/instagram/auth`)).json()) as {
        authUrl?: unknown
      }
      // Spec §5: an answer without an authUrl is a failed connection.
      if (typeof body.authUrl !== 'string' || body.authUrl === '') throw new Error('No authUrl in the answer')
      return body.authUrl
    },
    onSuccess: (authUrl) => window.location.assign(authUrl),
    onError: () =>
      toast({
        title: t('instagramReturn.failed'),
        description: t('dashboard.instagram.toasts.connectFailedText'),
        tone: 'destructive',
      }),
  })
}

/**
 * Disconnect the account: the salon reads "not connected" again and its customers leave the panel.
 * `onSettled` closes the confirmation either way: a modal dialog would hide the toast that says how
 * it went from screen readers.
 */
export function useInstagramDisconnect(salonId: string, onSettled: () => void) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('POST', `/api/salons/${salonId}/instagram/disconnect`),
    onSettled,
    onSuccess: () => {
      // The salon's key prefixes all its others: exact, or every query of the salon would refetch.
      void queryClient.invalidateQueries({ queryKey: salonKeys.salon(salonId), exact: true })
      refreshPanel(queryClient, salonId)
      toast({
        title: t('dashboard.instagram.toasts.disconnected'),
        description: t('dashboard.instagram.toasts.disconnectedText'),
        tone: 'success',
      })
    },
    onError: () =>
      toast({
        title: t('dashboard.instagram.toasts.error'),
        description: t('dashboard.instagram.toasts.disconnectFailedText'),
        tone: 'destructive',
      }),
  })
}

/** The assistant answers a whitelisted customer (spec §6), or stops answering them. */
export function useWhitelistUser(salonId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ userId, whitelisted }: { userId: string; whitelisted: boolean }) =>
      (await (
        await apiRequest('POST', `/api/instagram/users/${userId}/whitelist`, { whitelisted })
      ).json()) as InstagramUser,
    onSuccess: (user) => {
      showUser(queryClient, salonId, user)
      refreshPanel(queryClient, salonId)
      toast({
        title: t('dashboard.instagram.toasts.statusUpdated'),
        description: t(
          user.whitelisted
            ? 'dashboard.instagram.toasts.whitelistedText'
            : 'dashboard.instagram.toasts.notWhitelistedText',
          { user: shortUserId(user.userId) },
        ),
        tone: 'success',
      })
    },
    onError: () =>
      toast({
        title: t('dashboard.instagram.toasts.error'),
        description: t('dashboard.instagram.toasts.whitelistFailedText'),
        tone: 'destructive',
      }),
  })
}

/** The assistant stays quiet with a customer for the salon's pause, while the owner answers by hand. */
export function usePauseUser(salonId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ userId, minutes }: { userId: string; minutes: number }) =>
      (await (await apiRequest('POST', `/api/instagram/users/${userId}/pause`, { minutes })).json()) as InstagramUser,
    onSuccess: (user, { minutes }) => {
      showUser(queryClient, salonId, user)
      refreshPanel(queryClient, salonId)
      toast({
        title: t('dashboard.instagram.toasts.paused'),
        description: t('dashboard.instagram.toasts.pausedText', { user: shortUserId(user.userId), minutes }),
        tone: 'success',
      })
    },
    onError: () =>
      toast({
        title: t('dashboard.instagram.toasts.error'),
        description: t('dashboard.instagram.toasts.pauseFailedText'),
        tone: 'destructive',
      }),
  })
}

/** Lifts the anti-spam block (and any cooldown) of a customer who wrote too fast too often. */
export function useUnblockUser(salonId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (userId: string) =>
      (await (await apiRequest('POST', `/api/instagram/users/${userId}/unblock`)).json()) as InstagramUser,
    onSuccess: (user) => {
      showUser(queryClient, salonId, user)
      refreshPanel(queryClient, salonId)
      toast({
        title: t('dashboard.instagram.toasts.unblocked'),
        description: t('dashboard.instagram.toasts.unblockedText', { user: shortUserId(user.userId) }),
        tone: 'success',
      })
    },
    onError: () =>
      toast({
        title: t('dashboard.instagram.toasts.error'),
        description: t('dashboard.instagram.toasts.unblockFailedText'),
        tone: 'destructive',
      }),
  })
}

type InstagramSettingsChange = Pick<SalonUpdateInput, 'instagramPauseMinutes' | 'instagramReplyToEveryone'>

/** The salon's Instagram settings, saved with the salon's own PATCH like its reminders. */
export function useSaveInstagramSettings(salonId: string) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: InstagramSettingsChange) =>
      (await (await apiRequest('PATCH', `/api/salons/${salonId}`, change)).json()) as Salon,
    // The answer is the salon as saved: set it rather than invalidate the key every query of the salon shares.
    onSuccess: (updated) => {
      queryClient.setQueryData(salonKeys.salon(salonId), updated)
      toast({ title: t('dashboard.instagram.toasts.settingsSaved'), tone: 'success' })
    },
    onError: () =>
      toast({
        title: t('dashboard.instagram.toasts.error'),
        description: t('dashboard.instagram.toasts.settingsFailedText'),
        tone: 'destructive',
      }),
  })
}
