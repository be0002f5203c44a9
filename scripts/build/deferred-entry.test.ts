import { describe, expect, it } from 'vitest'
import { deferredEntry } from './deferred-entry'

const BUILT = `<!doctype html>
<html lang="fr">
  <head>
    <title>Salonia</title>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/dist-1.js">
    <link rel="modulepreload" crossorigin href="/assets/api-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body><div id="root"></div></body>
</html>`

type Handler = (html: string) => string

describe('deferredEntry', () => {
  it('replaces the entry and its preloads by a boot script that starts them after the first paint', () => {
    const plugin = deferredEntry()
    const out = (plugin.transformIndexHtml as { handler: Handler }).handler(BUILT)
    expect(out).not.toContain('index-AbC123.js')
    expect(out).not.toContain('modulepreload')
    // The stylesheet stays where it was: the first paint needs it.
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">')
    expect(out).toMatch(/<script type="module" src="\/assets\/boot-[\w-]{8}\.js"><\/script>\n {2}<\/head>/)
  })

  it('refuses a page without a module entry rather than ship one that never starts', () => {
    const plugin = deferredEntry()
    expect(() => (plugin.transformIndexHtml as { handler: Handler }).handler('<html><head></head></html>')).toThrow(
      /no module entry/,
    )
  })
})
