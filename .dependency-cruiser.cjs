/**
 * The server's architecture, as rules `npm run lint` checks (dependency-cruiser). Three layers,
 * imports going down only:
 *
 *   adapters  — how the product reaches the outside world: a chat, a text message, an e-mail, a
 *               calendar, an agent (Telegram, Instagram, SMS, e-mail, Google, MCP).
 *   services  — what the product does with the core: the assistant (and its web chat), reminders,
 *               calendar sync, the customer's notices, privacy, the booking page, the dashboard,
 *               administration, ambassadors, the waitlist, calendar files.
 *   core      — the salon's own facts and rules (salons, catalog, team, schedule, customers,
 *               bookings), and the infrastructure under them (jobs, outbox, auth, system;
 *               server/db, server/clock, server/errors, server/config, server/registry, common/).
 *
 * Which module is in which layer: scripts/architecture/layers.cjs (docs/ARCHITECTURE.md draws it).
 *
 * A module of one layer may import a module of its own layer or of a lower one, never a higher one,
 * and no two modules import each other through any path. The core reaches what is built on it
 * through registries it owns (server/registry.ts): booking subscribers, channels, salon facts; calendar
 * sync reaches calendars through its calendar providers. The app's entry points (server/app.ts,
 * server/http, server/main.ts, server/workers.ts, server/plug-ins.ts, server/seed.ts) wire every
 * layer together and sit above them all; server/plug-ins.ts fills the registries, one line each.
 *
 * Imports that break these rules today are listed in .dependency-cruiser-known-violations.json
 * (issue 38 removes them one by one); a new one fails the lint.
 */
const layers = require('./scripts/architecture/layers.cjs')
const names = (layer) => `(${layer.modules.join('|')})`
const CORE = names(layers.core)
const SERVICES = names(layers.services)
const ADAPTERS = names(layers.adapters)
const inModules = (names) => `^server/modules/${names}/`

/** A rule of the architecture: imports `from` → `to` fail the lint, with the reason as its comment. */
const forbid = (name, comment, from, to, severity = 'error') => ({ name, comment, severity, from, to })

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'core-imports-no-service',
      'The core (salons, catalog, team, schedule, bookings, customers, jobs, auth) knows nothing of what is built on it: the assistant, reminders, calendar sync and the other services subscribe to it instead.',
      { path: inModules(CORE) },
      { path: inModules(SERVICES) },
    ),
    forbid(
      'core-imports-no-adapter',
      'The core never names a channel, a calendar or a sender (Telegram, Instagram, SMS, e-mail, Google, MCP): adapters plug into it.',
      { path: inModules(CORE) },
      { path: inModules(ADAPTERS) },
    ),
    forbid(
      'services-import-no-adapter',
      'A service (the assistant, reminders, calendar sync…) reaches customers and calendars through the contracts the adapters implement, never an adapter by name.',
      { path: inModules(SERVICES) },
      { path: inModules(ADAPTERS) },
    ),
    forbid(
      'infrastructure-imports-no-module',
      'The database, the clock, the errors, the configuration and the registries are under every module, and import none.',
      { path: '^server/(db|clock|errors|config|registry)' },
      { path: '^server/modules/' },
    ),
    forbid(
      'common-imports-no-server',
      'common/ is shared by the server and the web app: it imports neither.',
      { path: '^common/' },
      { path: '^(server|app)/' },
    ),
    forbid(
      'no-circle-between-modules',
      'No two modules depend on each other, through any path: each one can be read, tested and replaced on its own.',
      { path: '^server/modules/([^/]+)/' },
      { circular: true, pathNot: '^server/modules/$1/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?$|\\.test-helpers\\.ts$|^tests/|^e2e/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
}
