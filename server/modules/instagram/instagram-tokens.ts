import { decryptSecret, encryptSecret } from '@server/security/secrets'
import * as repo from './instagram.repository'
import { InstagramTokenRefused, refreshToken, subscribeMessages, unsubscribeMessages } from './instagram-api'
import { markReconnect } from './instagram-deliver'
import { type InstagramDeps, TOKEN_PURPOSE } from './instagram-deps'
import * as inbox from './instagram-inbox.repository'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Tokens are refreshed once a week: Meta refreshes only tokens at least a day old, and a token not
 * refreshed within its 60 days dies — a week leaves some fifty days of tries before that.
 */
export const REFRESH_AFTER_MS = 7 * DAY_MS

/**
 * Job `instagram.maintain`: refreshes tokens due, retries subscriptions Meta refused at connection,
 * and forgets old messages. A token Meta refuses, or one past its end, asks the owner to reconnect.
 */
export async function maintainInstagram(deps: InstagramDeps): Promise<void> {
  const now = deps.clock.now()
  for (const account of await repo.accountsToMaintain(deps.db, new Date(now.getTime() - REFRESH_AFTER_MS))) {
    if (account.tokenExpiresAt <= now) {
      await markReconnect(deps, account, 'the token expired')
      continue
    }
    let token = decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, account.accessToken)
    try {
      if (account.tokenIssuedAt.getTime() < now.getTime() - REFRESH_AFTER_MS) {
        const fresh = await refreshToken(deps.instagram, token)
        token = fresh.accessToken
        const at = deps.clock.now()
        await repo.updateAccount(
          deps.db,
          account.salonId,
          account.igUserId,
          {
            accessToken: encryptSecret(deps.config.appSecret, TOKEN_PURPOSE, fresh.accessToken),
            tokenIssuedAt: at,
            tokenExpiresAt: new Date(at.getTime() + fresh.expiresInSeconds * 1000),
            lastError: null,
            lastErrorAt: null,
          },
          at,
        )
      }
      if (!account.subscribedAt) {
        await subscribeMessages(deps.instagram, token)
        await repo.updateAccount(
          deps.db,
          account.salonId,
          account.igUserId,
          { subscribedAt: deps.clock.now() },
          deps.clock.now(),
        )
      }
    } catch (error) {
      if (error instanceof InstagramTokenRefused) {
        await markReconnect(deps, account, error.message)
        continue
      }
      // Meta down for a moment: the next round tries again (the token has weeks left).
      const at = deps.clock.now()
      const reason = error instanceof Error ? error.name : 'error'
      await repo.updateAccount(deps.db, account.salonId, account.igUserId, { lastError: reason, lastErrorAt: at }, at)
      deps.log.warn({ salonId: account.salonId, reason }, 'Instagram maintenance failed; tried again next round')
    }
  }
  await inbox.pruneMessages(deps.db, {
    events: new Date(now.getTime() - 7 * DAY_MS),
    outbox: new Date(now.getTime() - 30 * DAY_MS),
    sent: new Date(now.getTime() - 3 * DAY_MS),
  })
}

/** Job `instagram.release`: a disconnected account stops notifying us. A token Meta refuses is already dead. */
export async function releaseInstagram(deps: InstagramDeps, sealedToken: string): Promise<void> {
  const token = decryptSecret(deps.config.appSecret, TOKEN_PURPOSE, sealedToken)
  try {
    await unsubscribeMessages(deps.instagram, token)
  } catch (error) {
    if (error instanceof InstagramTokenRefused) return
    throw error
  }
}
