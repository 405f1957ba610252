/** The response headers a developer looks for first, in the order they are shown. */
export const keyHeaders = [
  'ETag',
  'Location',
  'Link',
  'RateLimit',
  'RateLimit-Policy',
  'Retry-After',
  'Idempotent-Replayed',
  'WWW-Authenticate',
] as const

export interface SeenResponse {
  readonly status: number
  /** The key headers the response carried, `[name, value]`, in `keyHeaders` order. */
  readonly headers: readonly (readonly [string, string])[]
}

/**
 * The last response the client received for each `METHOD url`, status and key headers. The JSON
 * layer hands views only the parsed body; this lets the Explorer show what came with it.
 */
export class ResponseLog {
  private last = new Map<string, SeenResponse>()
  private readonly listeners = new Set<() => void>()

  /** Wraps a fetch so that every response it returns is noted. */
  readonly wrap =
    (fetch: (request: Request) => Promise<Response>) =>
    async (request: Request): Promise<Response> => {
      const response = await fetch(request)
      if (response.type !== 'error') {
        const headers = keyHeaders.flatMap((name) => {
          const value = response.headers.get(name)
          return value === null ? [] : [[name, value] as const]
        })
        this.last = new Map(this.last).set(`${request.method} ${request.url}`, {
          status: response.status,
          headers,
        })
        for (const listener of this.listeners) listener()
      }
      return response
    }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  get(method: string, url: string): SeenResponse | undefined {
    return this.last.get(`${method} ${url}`)
  }
}
