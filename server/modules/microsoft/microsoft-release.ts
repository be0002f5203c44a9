import type { CalendarDeps } from '@server/modules/calendar-sync/calendar-providers'
import type { JobPayloads } from '@server/modules/jobs/queues'
import { graphApi } from './graph-calendar'
import { GraphError } from './graph-http'
import { goneIsDone, unsealTokens } from './microsoft-access'
import { MicrosoftAuthError, refreshAccessToken } from './microsoft-client'

/**
 * Job `microsoft.release`: what removing an Outlook calendar leaves to do at Microsoft. Its
 * subscription is deleted, so Graph stops calling us. There is no endpoint to revoke one app's
 * grant (revokeSignInSessions would sign the owner out everywhere): the tokens are simply gone
 * from our database. A grant already revoked, or a subscription already gone, leaves nothing to do.
 */
export async function releaseMicrosoft(
  deps: Pick<CalendarDeps, 'config'>,
  release: JobPayloads['microsoft.release'],
): Promise<void> {
  const settings = deps.config.microsoft
  const tokens = unsealTokens(deps.config.appSecret, release.sealedCredentials)
  if (!settings || !tokens || !release.subscriptionId) return
  const api = graphApi(settings)
  try {
    const fresh =
      new Date(tokens.expiresAt).getTime() > Date.now() + 60_000
        ? tokens.accessToken
        : (await refreshAccessToken(settings, tokens.refreshToken)).accessToken
    await api.deleteSubscription(fresh, release.subscriptionId).catch(goneIsDone)
  } catch (error) {
    if (error instanceof MicrosoftAuthError && error.kind !== 'unavailable') return
    if (error instanceof GraphError && (error.kind === 'unauthorized' || error.kind === 'refused')) return
    throw error
  }
}
