import deAreas from './areas/de.json'
import enAreas from './areas/en.json'
import frAreas from './areas/fr.json'
import itAreas from './areas/it.json'
import deCore from './de.json'
import enCore from './en.json'
import frCore from './fr.json'
import itCore from './it.json'

/**
 * Every text of each language in one object, for tests. The web app loads the two parts apart:
 * `<language>.json` for every page, `areas/<language>.json` (professional, admin and sign-in
 * screens) only with those pages, so visitors of the public pages do not download them.
 */
export const fr = { ...frCore, ...frAreas }
export const de = { ...deCore, ...deAreas }
export const it = { ...itCore, ...itAreas }
export const en = { ...enCore, ...enAreas }
