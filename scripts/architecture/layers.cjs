/**
 * The server's three layers and the modules in each (server/modules/<name>/), bottom first. Read
 * by the architecture rules (.dependency-cruiser.cjs) and by the generated docs/ARCHITECTURE.md.
 */
module.exports = {
  core: {
    what: "the salon's own facts and rules, and the infrastructure under them",
    modules: ['system', 'auth', 'jobs', 'outbox', 'salons', 'catalog', 'team', 'schedule', 'customers', 'bookings'],
  },
  services: {
    what: 'what the product does with the core',
    modules: [
      'calendar-files',
      'booking-page',
      'reminders',
      'calendar-sync',
      'customer-notices',
      'waiting-list',
      'payments',
      'assistant',
      'privacy',
      'dashboard',
      'waitlist',
      'ambassadors',
      'admin',
    ],
  },
  adapters: {
    what: 'how the product reaches the outside world: a chat, a text message, an e-mail, a calendar, an agent',
    modules: [
      'telegram',
      'instagram',
      'whatsapp',
      'meta',
      'sms',
      'email',
      'google',
      'microsoft',
      'caldav',
      'stripe',
      'mcp',
    ],
  },
}
