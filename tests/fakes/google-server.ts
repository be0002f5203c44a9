import { startFakeGoogle } from './google'

/**
 * The fake Google as a process of its own, for the browser tests (scripts/e2e-google-server.mjs):
 * the demo salon's owner and a stranger as accounts, on PORT.
 */
const fake = await startFakeGoogle({
  port: Number(process.env.PORT ?? 0),
  accounts: [
    { email: 'salon.lumiere.demo@gmail.com', name: 'Claire Dubois' },
    { email: 'someone.else@gmail.com', name: 'Someone Else' },
  ],
})
console.log(`Fake Google on ${fake.baseUrl}`)
const stop = () => void fake.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
