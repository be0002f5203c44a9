import { type ComponentType, lazy, type ReactNode } from 'react'

/** Pages take no props: they read the route's parameters with wouter's hooks. */
export type LazyPage = (() => ReactNode) & { preload(): Promise<void> }

/**
 * A page in its own chunk, like React.lazy, that can also be loaded ahead: the server awaits
 * preload() before rendering it, and the browser before hydrating it, so that first render uses the
 * module at once — a React.lazy would suspend even on an import already done, and a page rendered
 * by the server would be hydrated late.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined
  let loading: Promise<void> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default
      },
      (error: unknown) => {
        loading = undefined // a later visit tries again (a chunk lost to a flaky network)
        throw error
      },
    )
    return loading
  }
  const Later = lazy(async () => {
    await preload()
    return { default: loaded as ComponentType }
  })
  const Page = () => {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Later />
  }
  return Object.assign(Page, { preload })
}
