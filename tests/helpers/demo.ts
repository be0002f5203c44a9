import type { App } from '@server/http/types'

/** The demo salon's services by name, as the API lists them to its owner (`cookie`: an owner's session). */
export async function demoServices(
  app: App,
  cookie: string,
): Promise<Record<string, { id: string; duration: number; price: number }>> {
  const response = await app.inject({ method: 'GET', url: '/api/salons/SAL001/services', headers: { cookie } })
  const services = response.json() as { id: string; name: string; duration: number; price: number }[]
  return Object.fromEntries(services.map((s) => [s.name, s]))
}

export function bookingRequest(serviceId: string, startsAt: string, name = 'Camille') {
  return { serviceId, startsAt, customer: { name, phone: '+33 6 12 34 56 78' } }
}
