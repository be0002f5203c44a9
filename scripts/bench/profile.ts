import { readFile } from 'node:fs/promises'

/**
 * Reads a V8 .cpuprofile and says where the time went: self time by package (pg, drizzle-orm,
 * fastify, zod, @date-fns/tz, our own code…) and the hottest functions.
 */

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
}

interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export interface ProfileShare {
  name: string
  ms: number
  /** Share of the non-idle time, in %. */
  percent: number
}

export interface ProfileSummary {
  busyMs: number
  idleMs: number
  byPackage: ProfileShare[]
  topFunctions: ProfileShare[]
}

function packageOf(url: string, functionName: string): string {
  if (functionName === '(garbage collector)') return 'GC'
  if (functionName === '(program)') return '(program: native, outside JS)'
  if (!url) return '(native/V8)'
  // PGlite's PostgreSQL is the only WebAssembly the server runs.
  if (url.startsWith('wasm://')) return 'PGlite (WASM)'
  const modules = url.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/')
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url)
  }
  if (url.startsWith('node:')) return 'node (core)'
  const app = /\/(server|common|tests|scripts)\/(.*)$/.exec(url)
  if (app) return `${app[1]}/${app[2]?.split('/').slice(0, -1).join('/') || ''}`.replace(/\/$/, '')
  return url
}

export async function summarizeProfile(file: string, top = 12): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile
  const selfMicros = new Map<number, number>()
  profile.samples.forEach((node, i) => {
    selfMicros.set(node, (selfMicros.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const byPackage = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let idle = 0
  for (const node of profile.nodes) {
    const micros = selfMicros.get(node.id) ?? 0
    if (micros === 0) continue
    const { functionName, url } = node.callFrame
    if (functionName === '(idle)') {
      idle += micros
      continue
    }
    const pkg = packageOf(url, functionName)
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros)
    const fn = `${functionName || '(anonymous)'} (${pkg}${url ? `/${url.split('/').pop()}` : ''})`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros)
  }
  const busy = [...byPackage.values()].reduce((a, b) => a + b, 0)
  const shares = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: micros / 1000, percent: (100 * micros) / busy }))
  return { busyMs: busy / 1000, idleMs: idle / 1000, byPackage: shares(byPackage), topFunctions: shares(byFunction) }
}
