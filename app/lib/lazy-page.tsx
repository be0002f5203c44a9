import { type ComponentType, lazy, type ReactNode } from 'react'

/** A component in a chunk of its own (lazyPart), that can be loaded ahead. */
export type LazyPart<Props extends object> = ((props: Props) => ReactNode) & { preload(): Promise<void> }

/** Pages take no props: they read the route's parameters with wouter's hooks. */
export type LazyPage = LazyPart<object>

/**
 * A component in its own chunk, like React.lazy, that can also be loaded ahead: once preload() has
 * resolved, it renders at once — a React.lazy suspends even on an import already done (one more
 * render, and a Suspense fallback on screen for a frame).
 */
export function lazyPart<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyPart<Props> {
  let loaded: ComponentType<Props> | undefined
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
    return { default: loaded as ComponentType<Props> }
  })
  const Part = (props: Props) => {
    const Loaded = loaded
    return Loaded ? <Loaded {...props} /> : <Later {...props} />
  }
  return Object.assign(Part, { preload })
}

/**
 * A page in its own chunk (lazyPart): the server awaits preload() before rendering it, and the
 * browser before hydrating it, so that first render uses the module at once — a page rendered by
 * the server would otherwise be hydrated late.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  return lazyPart<object>(load)
}
