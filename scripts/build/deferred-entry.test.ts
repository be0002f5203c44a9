import { runInNewContext } from 'node:vm'
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

  describe('the boot script', () => {
    it('waits for the server-rendered page to be on screen, then imports the entry and preloads its chunks', () => {
      const page = bootPage({ rendered: true })
      expect(page.imported).toEqual([])
      page.reportPaint('first-paint')
      expect(page.imported).toEqual([])
      page.reportPaint('first-contentful-paint')
      expect(page.imported).toEqual(['/assets/index-AbC123.js'])
      expect(page.preloaded).toEqual(['/assets/dist-1.js', '/assets/api-2.js'])
      expect(page.observing).toBe(false)
    })

    it('starts at once on a page the server did not render (nothing to paint first)', () => {
      const page = bootPage({ rendered: false })
      expect(page.imported).toEqual(['/assets/index-AbC123.js'])
    })

    it('starts at once in a background tab, which does not paint', () => {
      const page = bootPage({ rendered: true, hidden: true })
      expect(page.imported).toEqual(['/assets/index-AbC123.js'])
    })

    it('starts at once in a browser without paint entries', () => {
      const page = bootPage({ rendered: true, paintEntries: false })
      expect(page.imported).toEqual(['/assets/index-AbC123.js'])
    })

    it('starts when the tab is hidden before its first paint, and only once', () => {
      const page = bootPage({ rendered: true })
      page.hide()
      page.reportPaint('first-contentful-paint')
      expect(page.imported).toEqual(['/assets/index-AbC123.js'])
    })

    it('starts after the watchdog when no paint is ever reported', () => {
      const page = bootPage({ rendered: true })
      expect(page.timers).toEqual([3000])
      page.runTimers()
      expect(page.imported).toEqual(['/assets/index-AbC123.js'])
    })
  })
})

/** The boot script the plugin writes, run against a page stand-in that records what it starts. */
function bootPage(options: { rendered: boolean; hidden?: boolean; paintEntries?: boolean }) {
  const plugin = deferredEntry()
  ;(plugin.transformIndexHtml as { handler: Handler }).handler(BUILT)
  let source = ''
  const emit = {
    emitFile: (file: { source: string }) => {
      source = file.source
    },
  }
  ;(plugin.generateBundle as unknown as { handler: (this: typeof emit) => void }).handler.call(emit)

  const imported: string[] = []
  const preloaded: string[] = []
  const timers: { delay: number; run: () => void }[] = []
  let paintObserver: ((list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void) | undefined
  let onHidden: (() => void) | undefined
  const observer = {
    observe: () => {},
    disconnect: () => {
      paintObserver = undefined
    },
  }
  function PerformanceObserver(callback: typeof paintObserver) {
    paintObserver = callback
    return observer
  }
  PerformanceObserver.supportedEntryTypes = options.paintEntries === false ? ['resource'] : ['paint', 'resource']
  const context = {
    __import: (url: string) => imported.push(url),
    PerformanceObserver,
    setTimeout: (run: () => void, delay: number) => timers.push({ delay, run }),
    requestAnimationFrame: (run: () => void) => run(),
    document: {
      visibilityState: options.hidden ? 'hidden' : 'visible',
      getElementById: () => ({ hasChildNodes: () => options.rendered }),
      createElement: () => ({}),
      head: { append: (link: { href: string }) => preloaded.push(link.href) },
      addEventListener: (_type: string, listener: () => void) => {
        onHidden = listener
      },
    },
  }
  // import() cannot be intercepted in a vm context; the one call is swapped for a recorder.
  runInNewContext(source.replace('import(entry)', '__import(entry)'), context)
  return {
    imported,
    preloaded,
    get timers() {
      return timers.map((timer) => timer.delay)
    },
    get observing() {
      return paintObserver !== undefined
    },
    reportPaint: (name: string) =>
      paintObserver?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, observer),
    hide: () => onHidden?.(),
    runTimers: () => {
      for (const timer of timers.splice(0)) timer.run()
    },
  }
}
