import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'

/**
 * The app's JavaScript starts loading once the server's HTML has painted, not beside it.
 *
 * The public pages arrive rendered (app/entry-server.tsx): the first paint needs the HTML, the
 * stylesheet and the two fonts, and nothing else. Loaded from the head, the hundred-odd kilobytes of
 * scripts share a slow phone connection with them and hold that paint back. So index.html loads a
 * small boot script instead of the entry: once the server's HTML is on screen it imports the entry
 * and adds its chunks' modulepreload links (a few per task; every chunk asked for before the entry
 * arrives, no waterfall), and the app hydrates.
 *
 * "On screen" is the page's first-contentful-paint entry, which the browser reports when the frame
 * is presented — not when it is painted: on a busy CPU the compositor can take a hundred
 * milliseconds more, and scripts fetched meanwhile compete with that frame (and make the largest
 * paint wait for them, as Lighthouse reads it). A page with nothing rendered (the signed-in areas
 * render on the client), a page in a background tab (it does not paint) and a browser without paint
 * entries start at once; a watchdog starts the app if the entry never comes.
 */
const PRELOADS_PER_TASK = 4
/** Far beyond a first paint after the boot script has run; only a browser that never reports one waits this long. */
const WATCHDOG_MS = 3000

export function deferredEntry(): Plugin {
  let boot: { file: string; source: string } | undefined
  return {
    name: 'salonia-deferred-entry',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?\s*/)
        if (!entry?.[1]) throw new Error('deferred-entry: no module entry in index.html')
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g)]
        const source = [
          `const entry = ${JSON.stringify(entry[1])}`,
          `const chunks = ${JSON.stringify(preloads.map((match) => match[1]))}`,
          // A few links per task: each costs about a millisecond on a slow CPU, and the eighteen
          // at once were a long task of their own. The entry is asked for first; its chunks are
          // all asked for long before it has arrived and names them.
          `const BATCH = ${PRELOADS_PER_TASK}`,
          'const preload = (from) => {',
          '  for (const href of chunks.slice(from, from + BATCH)) {',
          "    const link = document.createElement('link')",
          "    link.rel = 'modulepreload'",
          "    link.crossOrigin = ''",
          '    link.href = href',
          '    document.head.append(link)',
          '  }',
          '  if (from + BATCH < chunks.length) setTimeout(() => preload(from + BATCH), 0)',
          '}',
          'let started = false',
          'const start = () => {',
          '  if (started) return',
          '  started = true',
          '  import(entry)',
          '  preload(0)',
          '}',
          "const rendered = document.getElementById('root')?.hasChildNodes()",
          "const paintEntries = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')",
          "if (!rendered || !paintEntries || document.visibilityState === 'hidden') start()",
          'else {',
          '  new PerformanceObserver((list, observer) => {',
          "    if (list.getEntriesByName('first-contentful-paint').length === 0) return",
          '    observer.disconnect()',
          '    start()',
          "  }).observe({ type: 'paint', buffered: true })",
          "  document.addEventListener('visibilitychange', start, { once: true })",
          `  setTimeout(start, ${WATCHDOG_MS})`,
          '}',
          '',
        ].join('\n')
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
        boot = { file: `assets/boot-${hash}.js`, source }
        let out = html.replace(entry[0], '')
        for (const match of preloads) out = out.replace(match[0], '')
        return out.replace('</head>', `  <script type="module" src="/${boot.file}"></script>\n  </head>`)
      },
    },
    // An asset of the bundle (the HTML's transform has run by now): written, and compressed with
    // the chunks (bundle-budget.ts), like them.
    generateBundle: {
      order: 'post',
      handler() {
        if (!boot) throw new Error('deferred-entry: index.html was not transformed before the bundle was written')
        this.emitFile({ type: 'asset', fileName: boot.file, source: boot.source })
      },
    },
  }
}
