import { fileURLToPath } from 'node:url'

/**
 * The project's roots by name, so an import that leaves its feature or module folder reads
 * `@common/schemas/booking` instead of climbing `../../../../`. The same map is in tsconfig.json's
 * `paths` (TypeScript, tsx at run time, Playwright); Vite and Vitest take it from here.
 */
const root = (folder: string) => fileURLToPath(new URL(`../../${folder}`, import.meta.url))

export const ROOT_ALIASES = {
  '@app': root('app'),
  '@server': root('server'),
  '@common': root('common'),
  '@tests': root('tests'),
}
