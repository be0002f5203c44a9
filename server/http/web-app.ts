import { existsSync, statSync } from 'node:fs'
import { resolve, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import { pageSender } from './render'
import type { App, AppDeps } from './types'

/**
 * Serves the built web app (dist/app): hashed assets cached for a year, compressed files (.br, .gz
 * written by the build) to browsers that accept them, and every page path as a page (render.ts:
 * rendered by the server, hydrated by the browser's router) — with status 404 when the path is not
 * in the route table.
 */
export async function registerWebApp(
  app: App,
  distDir: string,
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
): Promise<void> {
  const root = resolve(distDir)
  const indexFile = resolve(root, 'index.html')
  if (!existsSync(indexFile)) {
    app.log.warn(`No built web app in ${root}: run "npm run build" (npm start does it for you)`)
    return
  }
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true })
  // The API read as the page's visitor, within this server (no network, the same routes and checks).
  const sendPage = await pageSender(root, deps, async (request, path) => {
    const answer = await app.inject({ method: 'GET', url: path, headers: { cookie: request.headers.cookie ?? '' } })
    return answer.statusCode === 200 ? answer.json() : undefined
  })

  app.get('/*', { config: { access: 'public' } }, (request, reply) => {
    const path = (request.params as { '*': string })['*'] ?? ''
    if (path.startsWith('api/') || path === 'api' || path.startsWith('mcp')) {
      return reply.callNotFound()
    }
    if (isFileInside(root, path) && path.startsWith('assets/')) {
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .sendFile(path, { cacheControl: false })
    }
    if (isFileInside(root, path)) {
      return reply.header('cache-control', 'public, max-age=3600').sendFile(path, { cacheControl: false })
    }
    return sendPage(request, reply, path)
  })
}

function isFileInside(root: string, path: string): boolean {
  if (!path) return false
  const file = resolve(root, path)
  if (!file.startsWith(root + sep)) return false
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}
