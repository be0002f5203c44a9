import type { SalonRow } from '@server/db/schema'
import { AppError } from '@server/errors'
import { findSalonByPublicId } from '@server/modules/salons/salons.repository'
import { startTestApp, type TestApp } from '@tests/helpers/app'
import { testDrivers } from '@tests/helpers/database'
import { ownerCookie } from '@tests/helpers/sign-in'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setServiceTranslation } from './catalog.usecases'

/** Service names in the customer's language: the glossary's, written when a name is given; the owner's, kept. */
describe.each(testDrivers())('service translations, on %s', (driver) => {
  let t: TestApp
  let cookie: string
  let salon: SalonRow

  beforeAll(async () => {
    t = await startTestApp({ driver })
    cookie = await ownerCookie(t)
    salon = (await findSalonByPublicId(t.database.db, 'SAL001')) as SalonRow
  })
  afterAll(() => t.close())

  type Listed = { id: string; name: string; translations: Record<string, string> }
  const services = async () =>
    (await t.app.inject({ url: '/api/salons/SAL001/services', headers: { cookie } })).json() as Listed[]
  const named = async (name: string) => (await services()).find((s) => s.name === name) as Listed
  const importCsv = async (csvData: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/salons/SAL001/services/import',
      payload: { csvData },
      headers: { cookie },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const translate = (serviceId: string, language: 'fr' | 'de' | 'it' | 'en', name: string | null) =>
    setServiceTranslation(t.database.db, t.clock, salon, { serviceId, language, name })

  it('gives the demo services their names in German, Italian and English, never a second French one', async () => {
    const list = await services()
    const byName = Object.fromEntries(list.map((s) => [s.name, s.translations]))
    expect(byName['Coupe femme']).toEqual({ de: 'Damenhaarschnitt', it: 'Taglio donna', en: "Women's haircut" })
    expect(byName.Brushing).toEqual({ de: 'Föhnen', it: 'Piega', en: 'Blow-dry' })
    expect(byName.Balayage).toEqual({ de: 'Balayage', it: 'Balayage (colpi di sole)', en: 'Balayage' })
    expect(byName['Taille de barbe']).toEqual({ de: 'Bart trimmen', it: 'Regolazione barba', en: 'Beard trim' })
    expect(byName.Permanente).toEqual({ de: 'Dauerwelle', it: 'Permanente', en: 'Perm' })
    for (const service of list) expect(Object.keys(service.translations)).not.toContain('fr')
  })

  it('translates a service the CSV adds when the glossary knows its name, and leaves an unknown one without', async () => {
    await importCsv(
      'id,name,description,duration,price\n,Coupe enfant,,20,1500\n,Soin kératine maison,Notre recette,60,5000',
    )
    expect((await named('Coupe enfant')).translations).toEqual({
      de: 'Kinderhaarschnitt',
      it: 'Taglio bambino',
      en: "Children's haircut",
    })
    expect((await named('Soin kératine maison')).translations).toEqual({})
  })

  it('follows a rename: the new name’s translations, or none for a name the glossary does not know', async () => {
    const child = await named('Coupe enfant')
    await importCsv(`id,name,description,duration,price\n${child.id},Coupe frange,,20,1500`)
    expect((await named('Coupe frange')).translations).toEqual({
      de: 'Pony schneiden',
      it: 'Taglio frangia',
      en: 'Fringe trim',
    })
    await importCsv(`id,name,description,duration,price\n${child.id},Coupe express,,20,1500`)
    expect((await named('Coupe express')).translations).toEqual({})
  })

  it('keeps a name the owner entered through every rename, and gives the glossary’s back when it is cleared', async () => {
    const coupe = await named('Coupe homme')
    const saved = await translate(coupe.id, 'de', 'Herrenschnitt klassisch')
    expect(saved.translations).toEqual({ de: 'Herrenschnitt klassisch', it: 'Taglio uomo', en: "Men's haircut" })

    await importCsv(`id,name,description,duration,price\n${coupe.id},Coupe hommes,,30,2500`)
    expect((await named('Coupe hommes')).translations.de).toBe('Herrenschnitt klassisch')
    await importCsv(`id,name,description,duration,price\n${coupe.id},Coupe gentleman,,30,2500`)
    expect((await named('Coupe gentleman')).translations).toEqual({ de: 'Herrenschnitt klassisch' })

    await importCsv(`id,name,description,duration,price\n${coupe.id},Coupe homme,,30,2500`)
    const cleared = await translate(coupe.id, 'de', null)
    expect(cleared.translations).toEqual({ de: 'Herrenhaarschnitt', it: 'Taglio uomo', en: "Men's haircut" })
  })

  it("refuses to translate a service into its own name's language, and another salon's service", async () => {
    const brushing = await named('Brushing')
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => 'accepted',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      )
    expect(await code(translate(brushing.id, 'fr', 'Brushing bouclé'))).toBe('catalog.translation_of_own_name')
    expect(await code(translate('00000000-0000-4000-8000-000000000000', 'de', 'Föhnen'))).toBe(
      'catalog.service_not_found',
    )
  })
})
