import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import { BlockList, isIP } from 'node:net'
import { Agent, buildConnector, type Dispatcher } from 'undici'

/**
 * The CalDAV server's URL is typed by the salon's owner, so the product's own network must not be
 * reachable through it (SSRF). In production: https only, and no host that is or resolves to a
 * loopback, private, link-local, unique-local or otherwise non-public address. Outside production
 * loopback and http are allowed: the tests' Radicale and a developer's listen on 127.0.0.1.
 *
 * Two layers. `assertCaldavUrlAllowed` refuses a URL early, with a message the owner can read.
 * `caldavDispatcher` checks every connection the fetch opens — after DNS, so a name that resolves
 * to 10.0.0.1 is refused, and again at each request, so a name that changes its answer later (DNS
 * rebinding) or a redirect to another host is refused too.
 *
 * `undici` is a declared dependency (the version Node 20's fetch is built on, already in the tree):
 * its `Agent` is the dispatcher Node's fetch takes, and `buildConnector` lets us check the address a
 * socket is about to connect to, which a URL check alone cannot.
 */

export interface CaldavNetworkPolicy {
  /** NODE_ENV is production: public https servers only. */
  production: boolean
}

export class CaldavUrlRefused extends Error {
  override name = 'CaldavUrlRefused'
}

/** Addresses a CalDAV server of the public internet never has (IANA special-purpose registries). */
const NON_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services among them
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6')
}

/**
 * Whether an IP address is one the product must not reach in production. Node's BlockList checks an
 * IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) against the IPv4 rules.
 */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const family = isIP(bare)
  if (family === 0) return true
  return NON_PUBLIC.check(bare, family === 4 ? 'ipv4' : 'ipv6')
}

/** Refuses (throws CaldavUrlRefused) a URL the product may not call under this policy. */
export function assertCaldavUrlAllowed(url: string | URL, policy: CaldavNetworkPolicy): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new CaldavUrlRefused('The CalDAV address is not a URL')
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new CaldavUrlRefused(`A CalDAV address is https, not ${parsed.protocol}`)
  }
  if (parsed.username || parsed.password) {
    throw new CaldavUrlRefused('A CalDAV address carries no user name or password: they are asked separately')
  }
  if (!policy.production) return parsed
  if (parsed.protocol !== 'https:') throw new CaldavUrlRefused('A CalDAV address must be https')
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) !== 0 && isNonPublicAddress(host)) {
    throw new CaldavUrlRefused(`The CalDAV address ${parsed.host} is not on the public internet`)
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw new CaldavUrlRefused(`The CalDAV address ${parsed.host} is not on the public internet`)
  }
  return parsed
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * `dns.lookup` that fails when any address of the name is non-public: a name with one public and one
 * private address could otherwise be steered to the private one. net.connect calls it with
 * `all: true` when it races IPv4 and IPv6 (autoSelectFamily), else for one address.
 */
function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = addresses.find((entry) => isNonPublicAddress(entry.address))
    if (refused || addresses.length === 0) {
      return callback(new CaldavUrlRefused(`${hostname} is not on the public internet`), [])
    }
    if (options.all) return callback(null, addresses)
    const [first] = addresses
    return callback(null, first?.address ?? '', first?.family)
  })
}

function publicOnlyConnector(): buildConnector.connector {
  const connect = buildConnector({ lookup: publicOnlyLookup })
  return (options, callback) => {
    if (options.protocol !== 'https:') {
      callback(new CaldavUrlRefused('A CalDAV address must be https'), null)
      return
    }
    // An IP literal never goes through `lookup`: checked here.
    const host = options.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) !== 0 && isNonPublicAddress(host)) {
      callback(new CaldavUrlRefused(`${options.hostname} is not on the public internet`), null)
      return
    }
    connect(options, callback)
  }
}

let productionDispatcher: Agent | undefined

/**
 * The dispatcher CalDAV requests go through: in production, one that refuses non-public addresses
 * and plain http at connection time; outside production, undefined (Node's default).
 */
export function caldavDispatcher(policy: CaldavNetworkPolicy): Dispatcher | undefined {
  if (!policy.production) return undefined
  productionDispatcher ??= new Agent({ connect: publicOnlyConnector() })
  return productionDispatcher
}
