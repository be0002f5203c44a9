import { ApiError, getQueryFn } from '@app/lib/api'
import type { Language } from '@common/languages'
import type { AMBASSADOR_REFUSAL_CODES, Ambassador, AmbassadorStats, Referral } from '@common/schemas/ambassador'
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'

/**
 * Query keys of the ambassador area. The default query function joins a key with '/', so each key
 * is also the URL it reads; all share the prefix AMBASSADOR_KEY, which signing out removes.
 */
export const AMBASSADOR_KEY = ['/api/ambassador']
export const ambassadorKeys = {
  dashboard: [...AMBASSADOR_KEY, 'dashboard'],
  referrals: [...AMBASSADOR_KEY, 'referrals'],
  qrCode: [...AMBASSADOR_KEY, 'qrcode'],
}

type AmbassadorRefusalCode = (typeof AMBASSADOR_REFUSAL_CODES)[number]

export const SUPPORT_EMAIL = 'support@salonia.app'
const KIT_PDF_URL = '/api/ambassador/kit-pdf'
/** The kit as a PDF in the language the interface shows (the server else uses the stored one). */
export const kitPdfUrl = (language: Language) => `${KIT_PDF_URL}?language=${language}`
/** The demo salon's chat, shown to salons as a live example (spec §2, Kit tab). */
export const DEMO_CHAT_URL = '/chat/SAL001'

export interface AmbassadorDashboard {
  success: true
  ambassador: Ambassador
  stats: AmbassadorStats
}

/**
 * The signed-in ambassador and their figures, or null when no ambassador is signed in (401). Every
 * screen of the area reads it: it is also how they know who is signed in.
 */
export function useAmbassadorDashboard() {
  return useQuery<AmbassadorDashboard | null>({
    queryKey: ambassadorKeys.dashboard,
    queryFn: getQueryFn<AmbassadorDashboard>({ on401: 'returnNull' }),
  })
}

/**
 * The ambassador's referrals, newest first. Its `refetch` ("Actualiser") reads the four figures
 * again with the list, since a referral's new status changes them; `isFetching` covers both.
 */
export function useReferrals() {
  const queryClient = useQueryClient()
  const query = useQuery<{ success: true; referrals: Referral[] }>({ queryKey: ambassadorKeys.referrals })
  const figuresFetching = useIsFetching({ queryKey: ambassadorKeys.dashboard, exact: true }) > 0
  const refetch: typeof query.refetch = async (options) => {
    const [list] = await Promise.all([
      query.refetch(options),
      queryClient.refetchQueries({ queryKey: ambassadorKeys.dashboard, exact: true }),
    ])
    return list
  }
  return { ...query, refetch, isFetching: query.isFetching || figuresFetching }
}

/** The QR code of the ambassador's referral link, drawn by the server (a PNG data URL). */
export function useReferralQrCode() {
  return useQuery<{ qrCodeDataUrl: string; referralLink: string }>({ queryKey: ambassadorKeys.qrCode })
}

/** Spec §2: the site's own address, so the link works on whatever host the ambassador uses. */
export function referralLink(referralCode: string): string {
  return `${window.location.origin}/waitlist?ref=${encodeURIComponent(referralCode)}`
}

/** Spec §9: the conversion rate with one decimal, in the interface language ("12,5 %"). */
export function formatConversionRate(rate: number, language: Language): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate / 100)
}

/**
 * A referral's sign-up day. The spec shows it in the fr-FR form (dd/MM/yyyy); each interface
 * language writes its own numeric date instead (01/12/2026, 01.12.2026).
 */
export function formatReferralDate(createdAt: string, language: Language): string {
  const date = new Date(createdAt)
  if (Number.isNaN(date.getTime())) return createdAt
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date)
}

/**
 * Refusals the server names with a code (AMBASSADOR_REFUSAL_CODES): each said in the interface
 * language (areas/activation). The server's own words (English) are never shown.
 */
const KNOWN_REFUSALS: Record<AmbassadorRefusalCode, string> = {
  'referrals.not_found': 'activation.refusals.notFound',
  'referrals.already_converted': 'activation.refusals.alreadyConverted',
  'referrals.owner_signed_in': 'activation.refusals.ownerSignedIn',
  'referrals.no_authorized_email': 'activation.refusals.noAuthorizedEmail',
  'auth.required': 'activation.refusals.signInRequired',
  'request.rate_limited': 'activation.refusals.rateLimited',
}

const isKnownRefusal = (code: string | undefined): code is AmbassadorRefusalCode =>
  code !== undefined && Object.hasOwn(KNOWN_REFUSALS, code)

/**
 * Spec §8's pairs ("Impossible de …" / "Erreur lors de …"): the server refused, or it could not be
 * reached at all. A refusal with a known code is said in our words; any other refusal is the
 * screen's own "could not…" text.
 */
export function failureText(error: unknown, t: TFunction, texts: { refused: string; unreachable: string }): string {
  if (!(error instanceof ApiError)) return t(texts.unreachable)
  return isKnownRefusal(error.code) ? t(KNOWN_REFUSALS[error.code]) : t(texts.refused)
}

/** "Too many attempts": the seconds the server asks to wait, when it said so. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined
  const seconds = (error.body as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 60
}
