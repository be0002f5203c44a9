import { randomBytes } from 'node:crypto'
import { ACCOUNT_PARAMS, LINK_PARAMS } from './stripe-params'
import {
  escapeHtml,
  hash,
  invalidRequest,
  metadata,
  newId,
  noSuch,
  onlyKnown,
  type Params,
  page,
  requiredText,
  seconds,
  text,
  url,
} from './stripe-wire'
import {
  type Account,
  type Call,
  MINUTE_MS,
  type Origin,
  PLATFORM,
  type Requirements,
  type Route,
  type World,
} from './stripe-world'

/**
 * Connect for the salons' own Standard accounts (direct charges on them): creating the account,
 * reading it, and Connect Onboarding through an Account Link — a single-use URL to a hosted page
 * (Stripe's is connect.stripe.com/setup/c/<account>/<token>; ours keeps that path on the fake) that
 * expires after 5 minutes (Stripe's documented example: expires_at = created + 300). A second visit
 * or an expired link sends the person to refresh_url; leaving or finishing sends them to
 * return_url, finished or not — the product reads the account to know (details_submitted,
 * charges_enabled). Finishing emits `account.updated` with `previous_attributes`, a Connect event.
 */

export const LINK_TTL_MS = 5 * MINUTE_MS
/** What a new Standard account has to provide before it can take payments. */
export const FIRST_REQUIREMENTS = [
  'business_profile.url',
  'external_account',
  'individual.verification.document',
  'tos_acceptance.date',
  'tos_acceptance.ip',
]
const CURRENCIES: Record<string, string> = {
  CH: 'chf',
  GB: 'gbp',
  US: 'usd',
  CA: 'cad',
  SE: 'sek',
  DK: 'dkk',
  NO: 'nok',
  PL: 'pln',
}

export interface Connect {
  routes: Route[]
  completeOnboarding(accountId: string, options?: { payouts?: boolean }): Account
  requireMore(accountId: string, fields: string[], options?: { pastDue?: boolean }): Account
}

const requirements = (due: string[], pastDue: boolean, deadline: number | null = null): Requirements => ({
  alternatives: [],
  current_deadline: deadline,
  currently_due: [...due],
  disabled_reason: pastDue && due.length > 0 ? 'requirements.past_due' : null,
  errors: [],
  eventually_due: [...due],
  past_due: pastDue ? [...due] : [],
  pending_verification: [],
})

export function createConnect(world: World, kick: () => void): Connect {
  const platform: Origin = { account: PLATFORM }

  function account(id: string, param?: string): Account {
    const found = world.accounts.get(id)
    if (!found) throw noSuch('account', id, param)
    return found
  }

  /** Changes the account and emits account.updated with the old values of what changed. */
  function update(found: Account, change: Partial<Account>, origin: Origin): Account {
    const previous: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(change)) {
      if (JSON.stringify(found[key]) !== JSON.stringify(value)) previous[key] = structuredClone(found[key])
    }
    Object.assign(found, change)
    if (Object.keys(previous).length > 0) {
      world.emit('account.updated', found, { ...origin, account: found.id }, previous)
      kick()
    }
    return found
  }

  function createAccount(call: Call) {
    const { params } = call
    onlyKnown(params, ACCOUNT_PARAMS)
    const type = text(params, 'type')
    if (type !== undefined && !['standard', 'express', 'custom'].includes(type)) {
      throw invalidRequest(`Invalid type: must be one of standard, express, or custom`, { param: 'type' })
    }
    if (type === undefined && params.controller === undefined) {
      throw invalidRequest('You must provide either `type` or `controller`.', { param: 'type' })
    }
    const country = (text(params, 'country') ?? 'FR').toUpperCase()
    const profile = hash(params, 'business_profile')
    const created = seconds(world.now())
    const id = newId('acct', 16)
    const found: Account = {
      id,
      object: 'account',
      business_profile: {
        mcc: text(profile, 'mcc') ?? null,
        name: text(profile, 'name') ?? null,
        support_email: null,
        support_phone: null,
        support_url: null,
        url: text(profile, 'url') ?? null,
      },
      business_type: text(params, 'business_type') ?? null,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      charges_enabled: false,
      country,
      created,
      default_currency: text(params, 'default_currency') ?? CURRENCIES[country] ?? 'eur',
      details_submitted: false,
      email: text(params, 'email') ?? null,
      external_accounts: {
        object: 'list',
        data: [],
        has_more: false,
        total_count: 0,
        url: `/v1/accounts/${id}/external_accounts`,
      },
      future_requirements: requirements([], false),
      metadata: metadata(params),
      payouts_enabled: false,
      requirements: requirements(FIRST_REQUIREMENTS, true),
      tos_acceptance: { date: null },
      type: type ?? 'standard',
    }
    world.accounts.set(found.id, found)
    return { json: found }
  }

  /** The platform reads any of its accounts; a connected account (Stripe-Account) only itself. */
  function readAccount(call: Call, id: string) {
    if (call.stripeAccount !== undefined && call.stripeAccount !== id) throw noSuch('account', id)
    return { json: account(id) }
  }

  function createLink(call: Call) {
    const { params } = call
    onlyKnown(params, LINK_PARAMS)
    const found = account(requiredText(params, 'account'), 'account')
    const type = requiredText(params, 'type')
    if (type === 'account_update' && found.type === 'standard') {
      throw invalidRequest(
        'You cannot create `account_update` type Account Links for accounts that have access to a Stripe-hosted Dashboard (Standard accounts).',
        { param: 'type' },
      )
    }
    if (type !== 'account_onboarding' && type !== 'account_update') {
      throw invalidRequest('Invalid type: must be one of account_onboarding or account_update', { param: 'type' })
    }
    const refreshUrl = url(params, 'refresh_url')
    const returnUrl = url(params, 'return_url')
    if (refreshUrl === undefined)
      throw invalidRequest('Missing required param: refresh_url.', { code: 'parameter_missing', param: 'refresh_url' })
    if (returnUrl === undefined)
      throw invalidRequest('Missing required param: return_url.', { code: 'parameter_missing', param: 'return_url' })
    const token = randomBytes(9).toString('base64url')
    const now = world.now()
    world.links.set(token, {
      token,
      account: found.id,
      refreshUrl,
      returnUrl,
      expiresAt: now + LINK_TTL_MS,
      visited: false,
      formToken: undefined,
    })
    return {
      json: {
        object: 'account_link',
        created: seconds(now),
        expires_at: seconds(now + LINK_TTL_MS),
        url: `${world.baseUrl()}/setup/c/${found.id}/${token}`,
      },
    }
  }

  /** The hosted onboarding page: one view per link; a second view or a late one goes to refresh_url. */
  function showOnboarding(accountId: string, token: string) {
    const link = world.links.get(token)
    if (!link || link.account !== accountId)
      return { status: 404, html: page('This link is invalid', '<p>Ask the platform for a new one.</p>') }
    if (link.visited || world.now() >= link.expiresAt) return { status: 302, redirect: link.refreshUrl }
    link.visited = true
    link.formToken = randomBytes(12).toString('base64url')
    const found = account(accountId)
    const due = found.requirements.currently_due.map((r) => `<li>${escapeHtml(r)}</li>`).join('')
    return {
      html: page(
        'Set up payments with Stripe',
        `<p>Account <code>${escapeHtml(found.id)}</code>${found.email ? ` (${escapeHtml(found.email)})` : ''}.</p>
<p>Still needed:</p><ul>${due || '<li>nothing</li>'}</ul>
<form method="post" action="/setup/c/${escapeHtml(found.id)}/${escapeHtml(token)}">
<input type="hidden" name="form" value="${link.formToken}">
<p><label>Payouts <select name="payouts"><option value="yes" selected>Add a bank account (FR76 3000 6000 0112 3456 7890 189)</option><option value="no">Not now</option></select></label></p>
<p><button type="submit" name="action" value="complete">Complete onboarding</button>
<button type="submit" name="action" value="later">Save for later</button></p>
</form>`,
      ),
    }
  }

  function submitOnboarding(accountId: string, token: string, params: Params) {
    const link = world.links.get(token)
    if (!link || link.account !== accountId)
      return { status: 404, html: page('This link is invalid', '<p>Ask the platform for a new one.</p>') }
    const valid =
      link.formToken !== undefined && text(params, 'form') === link.formToken && world.now() < link.expiresAt
    link.formToken = undefined
    if (!valid) return { redirect: link.refreshUrl }
    if (text(params, 'action') === 'complete') {
      connect.completeOnboarding(accountId, { payouts: text(params, 'payouts') !== 'no' })
    }
    return { redirect: link.returnUrl }
  }

  const connect: Connect = {
    completeOnboarding(accountId, { payouts = true } = {}) {
      const found = account(accountId)
      const left = payouts ? [] : ['external_account']
      return update(
        found,
        {
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: payouts,
          capabilities: { card_payments: 'active', transfers: 'active' },
          requirements: requirements(left, false),
          tos_acceptance: { date: seconds(world.now()) },
        },
        platform,
      )
    },
    requireMore(accountId, fields, { pastDue = false } = {}) {
      const found = account(accountId)
      // Stripe gives a deadline before it disables anything; past due, charges and payouts stop.
      const deadline = pastDue ? null : seconds(world.now()) + 14 * 24 * 3600
      return update(
        found,
        {
          requirements: requirements(fields, pastDue, deadline),
          ...(pastDue ? { charges_enabled: false, payouts_enabled: false } : {}),
        },
        platform,
      )
    },
    routes: [
      { method: 'POST', path: /^\/v1\/accounts$/, api: true, handle: createAccount },
      {
        method: 'GET',
        path: /^\/v1\/accounts\/(acct_[^/]+)$/,
        api: true,
        handle: (call, [, id = '']) => readAccount(call, id),
      },
      {
        method: 'GET',
        path: /^\/v1\/account$/,
        api: true,
        handle: (call) => readAccount(call, call.stripeAccount ?? ''),
      },
      { method: 'POST', path: /^\/v1\/account_links$/, api: true, handle: createLink },
      {
        method: 'GET',
        path: /^\/setup\/c\/([^/]+)\/([^/]+)$/,
        api: false,
        handle: (_call, [, id = '', token = '']) => showOnboarding(id, token),
      },
      {
        method: 'POST',
        path: /^\/setup\/c\/([^/]+)\/([^/]+)$/,
        api: false,
        handle: (call, [, id = '', token = '']) => submitOnboarding(id, token, call.params),
      },
    ],
  }
  return connect
}
