import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireBookableService } from './catalog.usecases'
import { createService, editService, listOwnerServices, reorderServices } from './service-editor.usecases'

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  )

describe.each(testDrivers())('the services editor, on %s', (driver) => {
  let t: TestApp
  let salon: SalonRow

  beforeAll(async () => {
    t = await startTestApp({ driver })
    salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
  })
  afterAll(() => t.close())

  it('adds a service priced in euros, last in the list, bookable', async () => {
    const added = await createService(t.database.db, t.clock, salon, {
      name: 'Soin kératine',
      duration: 60,
      priceAmount: '49,90',
    })
    expect(added).toMatchObject({ price: 4990, priceAmount: '49.90', isActive: true, description: '' })
    const services = await listOwnerServices(t.database.db, salon)
    expect(services.at(-1)?.id).toBe(added.id)
    expect((await requireBookableService(t.database.db, salon, added.id)).priceMinor).toBe(4990)
  })

  it('refuses a price with three decimals, a negative one, and a name taken', async () => {
    const input = { name: 'Soin neuf', duration: 30 }
    expect(await codeOf(createService(t.database.db, t.clock, salon, { ...input, priceAmount: '10,125' }))).toBe(
      'catalog.price_too_many_decimals',
    )
    expect(await codeOf(createService(t.database.db, t.clock, salon, { ...input, priceAmount: -10 }))).toBe(
      'catalog.price_negative',
    )
    expect(
      await codeOf(createService(t.database.db, t.clock, salon, { ...input, name: 'BRUSHING', priceAmount: '10' })),
    ).toBe('catalog.duplicate_name')
  })

  it('lets one of two owners naming a service alike at once win; the other is told the name is taken', async () => {
    const outcomes = await Promise.all(
      [1, 2].map(() =>
        codeOf(createService(t.database.db, t.clock, salon, { name: 'Soin double', duration: 30, priceAmount: '20' })),
      ),
    )
    expect(outcomes.sort()).toEqual(['accepted', 'catalog.duplicate_name'])
  })

  it('deactivates a service without taking it off the list; booking it is refused until reactivated', async () => {
    const [first] = await listOwnerServices(t.database.db, salon)
    const id = (first as { id: string }).id
    await editService(t.database.db, t.clock, salon, id, { isActive: false })
    expect((await listOwnerServices(t.database.db, salon)).find((s) => s.id === id)?.isActive).toBe(false)
    expect(await codeOf(requireBookableService(t.database.db, salon, id))).toBe('catalog.service_inactive')
    await editService(t.database.db, t.clock, salon, id, { isActive: true })
    expect(await codeOf(requireBookableService(t.database.db, salon, id))).toBe('accepted')
  })

  it("renaming keeps the owner's translations and follows the glossary for the rest", async () => {
    const coupe = (await listOwnerServices(t.database.db, salon)).find((s) => s.name === 'Coupe homme')
    const id = (coupe as { id: string }).id
    await editService(t.database.db, t.clock, salon, id, { translations: { it: 'Taglio classico' } })
    const renamed = await editService(t.database.db, t.clock, salon, id, { name: 'Coupe enfant' })
    expect(renamed.translations).toEqual({ de: 'Kinderhaarschnitt', it: 'Taglio classico', en: "Children's haircut" })
    expect(renamed.ownerTranslations).toEqual({ it: 'Taglio classico' })
  })

  it('reorders, and refuses an order that forgets a service', async () => {
    const ids = (await listOwnerServices(t.database.db, salon)).map((s) => s.id)
    const reversed = [...ids].reverse()
    expect((await reorderServices(t.database.db, t.clock, salon, reversed)).map((s) => s.id)).toEqual(reversed)
    expect(await codeOf(reorderServices(t.database.db, t.clock, salon, reversed.slice(1)))).toBe('catalog.order_stale')
  })
})
