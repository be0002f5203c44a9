import { QueryClient, type QueryFunction } from '@tanstack/react-query'

/**
 * The one way the web app talks to the server (spec §7): cookies always sent, a JSON body only when
 * there is one, and any non-OK answer becomes an ApiError whose message is "<status>: <text>".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    /** The server's `{code, message, issues}` when it answered JSON. */
    readonly body: { code?: string; message?: string; issues?: { path: string; message: string }[] } | undefined,
  ) {
    super(`${status}: ${text}`)
    this.name = 'ApiError'
  }

  get code(): string | undefined {
    return this.body?.code
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const text = (await response.text()) || response.statusText
  let body: ApiError['body']
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  throw new ApiError(response.status, text, body)
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
  })
  await throwIfNotOk(response)
  return response
}

/** A GET on the query key joined as a path; on 401 either throws or answers null. */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include' })
    if (on401 === 'returnNull' && response.status === 401) return null
    await throwIfNotOk(response)
    return (await response.json()) as T
  }
}

export const FIVE_MINUTES = 5 * 60 * 1000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: FIVE_MINUTES,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
