import type { Suggestion } from '@server/modules/assistant/conversation/suggestions'

/**
 * Meta's quick replies: buttons under a message, at most 13, their title cut at 20 characters. A
 * tap posts the title to the conversation as the customer's message and brings our payload back
 * with it. The payload is the customer's words for the answer ("vendredi 4 décembre à 14:30"), so
 * what the assistant reads is what a typed answer would say; the title is those words when they
 * fit, else the button's shorter label.
 */
export interface QuickReply {
  title: string
  payload: string
}

export const QUICK_REPLIES_MAX = 13
export const QUICK_REPLY_TITLE_MAX = 20
/** Meta takes 1,000 characters of payload; ours are a few words. */
export const QUICK_REPLY_PAYLOAD_MAX = 1000

export function quickRepliesOf(suggestions: readonly Suggestion[] | undefined): QuickReply[] {
  return (suggestions ?? []).slice(0, QUICK_REPLIES_MAX).map(({ label, says }) => ({
    title: titleOf(says.length <= QUICK_REPLY_TITLE_MAX ? says : label),
    payload: says.slice(0, QUICK_REPLY_PAYLOAD_MAX),
  }))
}

/** A title Meta shows whole: cut on a code point, with an ellipsis when cut. */
function titleOf(text: string): string {
  const chars = Array.from(text)
  return chars.length <= QUICK_REPLY_TITLE_MAX ? text : `${chars.slice(0, QUICK_REPLY_TITLE_MAX - 1).join('')}…`
}
