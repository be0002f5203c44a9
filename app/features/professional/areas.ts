import { bootQueryData } from '@app/lib/boot'
import { loadAreaTexts, loadPageTexts } from '@app/lib/i18n'
import { lazyPart } from '@app/lib/lazy-page'
import { SESSION_KEY } from '@app/lib/session'
import { PAGE_TEXTS } from '@common/routes'
import type { Session } from '@common/schemas/session'

/**
 * The professional area's two faces, each in its own chunk with its texts: a salon's owner signed
 * in downloads neither the connect form nor the waitlist's (its country picker and its texts),
 * and a visitor neither the dashboard's code nor its words. Apart from ProfessionalPage, so that
 * the page's loader can ask for the one it will show together with the page (App.tsx): no round
 * trip more than for the page alone.
 */
export const SignedInArea = lazyPart(
  async () =>
    // The greeting, the sign-out and the sign-in's return are the sign-in screens' texts.
    (await Promise.all([import('./SignedInArea'), loadAreaTexts(), loadPageTexts('sign-in')]))[0],
)

export const SignedOutArea = lazyPart(
  async () =>
    (
      await Promise.all([
        import('./SignedOutArea').then((module) => ({ default: module.SignedOutArea })),
        // The page's own texts (the connect form's, the waitlist's) are this face's.
        ...(PAGE_TEXTS.ProfessionalPage ?? []).map((part) => loadPageTexts(part)),
      ])
    )[0],
)

/**
 * Loads the face the page will show first: the signed-in area when the server sent the session of
 * a salon's owner with the page (a page the browser renders, app/entry-server.tsx), else the
 * signed-out one (what the server renders, and what shows while the session is asked for). The
 * page waits for it, so that it renders whole — no spinner with the footer under it, pushed down
 * a moment later. A failure is left to the page's render, which asks again.
 */
export async function preloadProfessionalArea(): Promise<void> {
  const session = bootQueryData<Session>(SESSION_KEY)
  const area = session?.isAuthenticated && session.user?.salonId ? SignedInArea : SignedOutArea
  await area.preload().catch(() => undefined)
}
