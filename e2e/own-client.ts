import { createHash } from 'node:crypto'
import { test as base } from './test'

/**
 * Tests that sign salons up on the waitlist come, each, from an address of their own: the product
 * allows 10 sign-ups an hour per client, and the whole run (both projects) signs up more than that
 * from this one machine. The e2e server trusts the loopback proxy (TRUST_PROXY in
 * playwright.config.ts), so `X-Forwarded-For` is the visitor's address, as behind a real proxy.
 * Each test's address is derived from its project, title and retry: stable, and its own.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const [a = 0, b = 0] = createHash('sha256')
      .update(`${testInfo.project.name} ${testInfo.titlePath.join(' › ')} ${testInfo.retry}`)
      .digest()
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `198.18.${a}.${b}` })
  },
})
