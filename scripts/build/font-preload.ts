import type { Plugin } from 'vite'

/**
 * The two web fonts the first paint uses: the latin subsets of Inter (text) and Fraunces
 * (headings). French, German, Italian and English need no other subset at first; latin-ext and
 * the rest still load by unicode-range when a character needs them.
 */
export const FIRST_PAINT_FONTS = [
  /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/,
  /^assets\/fraunces-latin-wght-normal-[\w-]+\.woff2$/,
]

/**
 * Preloads the first-paint fonts from index.html, so they download with the CSS instead of after
 * it (the browser only finds a font once a rule uses it). `crossorigin` is required: fonts are
 * fetched in CORS mode, and a preload without it is not reused — the font would download twice.
 */
export function fontPreload(): Plugin {
  return {
    name: 'salonia-font-preload',
    // The browser's build only: the server's (vite build --ssr) has no page chunks, fonts or HTML.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {})
        return FIRST_PAINT_FONTS.map((pattern) => {
          const file = files.find((name) => pattern.test(name))
          if (!file) throw new Error(`font-preload: no built file matches ${pattern}`)
          return {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          }
        })
      },
    },
  }
}
