import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * The app's JavaScript starts loading once the server's HTML has painted, not beside it.
 *
 * The public pages arrive rendered (app/entry-server.tsx): the first paint needs the HTML, the
 * stylesheet and the two fonts, and nothing else. Loaded from the head, the hundred-odd kilobytes of
 * scripts share a slow phone connection with them and hold that paint back. So index.html loads a
 * small boot script instead of the entry: after the first frame it adds the entry's modulepreload
 * links (every chunk at once, no waterfall) and imports it, and the app hydrates. A page in a
 * background tab, which does not paint, starts at once.
 */
export function deferredEntry(): Plugin {
  let boot: { file: string; source: string } | undefined
  let outDir = 'dist/app'
  return {
    name: 'salonia-deferred-entry',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?\s*/)
        if (!entry?.[1]) throw new Error('deferred-entry: no module entry in index.html')
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g)]
        const source = [
          `const entry = ${JSON.stringify(entry[1])}`,
          `const chunks = ${JSON.stringify(preloads.map((match) => match[1]))}`,
          'const start = () => {',
          '  for (const href of chunks) {',
          "    const link = document.createElement('link')",
          "    link.rel = 'modulepreload'",
          "    link.crossOrigin = ''",
          '    link.href = href',
          '    document.head.append(link)',
          '  }',
          '  import(entry)',
          '}',
          "if (document.visibilityState === 'hidden') start()",
          'else requestAnimationFrame(() => setTimeout(start, 0))',
          '',
        ].join('\n')
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
        boot = { file: `assets/boot-${hash}.js`, source }
        let out = html.replace(entry[0], '')
        for (const match of preloads) out = out.replace(match[0], '')
        return out.replace('</head>', `  <script type="module" src="/${boot.file}"></script>\n  </head>`)
      },
    },
    writeBundle() {
      if (boot) writeFileSync(join(outDir, boot.file), boot.source)
    },
  }
}
