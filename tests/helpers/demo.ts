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

/** The demo salon's team members' ids by name (Léa, Hugo), as the API lists them to its owner. */
export async function demoMembers(app: App, cookie: string): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/api/salons/SAL001/team', headers: { cookie } })
  const { members } = response.json() as { members: { id: string; name: string }[] }
  return Object.fromEntries(members.map((m) => [m.name, m.id]))
}
