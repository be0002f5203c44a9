// The connection codes without zod: the professional page reads them from its address on its first load.

/** Why a connection did not complete, as the dashboard's address says on return (`?instagram=error&reason=`). */
export const INSTAGRAM_CONNECT_ERRORS = [
  'denied',
  'invalid_state',
  'exchange_failed',
  'account_in_use',
  'not_configured',
] as const
export type InstagramConnectError = (typeof INSTAGRAM_CONNECT_ERRORS)[number]
