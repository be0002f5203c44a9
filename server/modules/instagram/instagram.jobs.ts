import type { JobHandlers } from '@server/modules/jobs/job-engine'
import { answerInstagramUser } from './instagram-chat'
import { deliverInstagramUser } from './instagram-deliver'
import type { InstagramDeps } from './instagram-deps'
import { maintainInstagram, releaseInstagram } from './instagram-tokens'

/** Instagram's workers: deciding on messages, delivering replies, keeping tokens alive, letting go. */
export function instagramWorkers(deps: InstagramDeps): JobHandlers {
  return {
    'instagram.chat': async ({ salonId, userId }) => {
      await answerInstagramUser(deps, salonId, userId)
    },
    'instagram.deliver': async ({ salonId, userId }) => {
      await deliverInstagramUser(deps, salonId, userId)
    },
    'instagram.maintain': async () => {
      await maintainInstagram(deps)
    },
    'instagram.release': async ({ sealedToken }) => {
      await releaseInstagram(deps, sealedToken)
    },
  }
}
