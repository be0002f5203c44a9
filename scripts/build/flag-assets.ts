import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * Country flags as files under /flags/XX.svg (from country-flag-icons), so a list of 250 countries
 * fetches only the flags it shows, and flags look the same on every system (emoji flags do not
 * exist on Windows nor on many Linux desktops).
 */
export function flagAssets(): Plugin {
  const dir = join(dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json')), '3x2')
  const isFlag = (name: string) => /^[A-Z]{2}\.svg$/.test(name)
  return {
    name: 'salonia-flag-assets',
    configureServer(server) {
      server.middlewares.use('/flags', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? ''
        if (!isFlag(name)) return next()
        res.setHeader('content-type', 'image/svg+xml')
        res.end(readFileSync(join(dir, name)))
      })
    },
    generateBundle() {
      if (this.environment.config.build.ssr) return // the server's build serves no files
      for (const name of readdirSync(dir).filter(isFlag)) {
        this.emitFile({ type: 'asset', fileName: `flags/${name}`, source: readFileSync(join(dir, name)) })
      }
    },
  }
}
