// Test support for the client's tests (not exported from index.ts): a scripted fetch, a clock that
// only moves when the client sleeps, and a fixed random source, so every test is instant and exact.
import { createClient } from './create-client.ts'
import type { ClientEvent } from './events.ts'
import type { ClientOptions } from './normalize-options.ts'

/** Answers one attempt. */
export type Step = (request: Request) => Response | Promise<Response>

export const baseUrl = 'http://hypermock.test/api'
export const startTime = Date.UTC(2025, 0, 1, 12, 0, 0)

export function status(code: number, headers: HeadersInit = {}): Step {
  return () => new Response(null, { status: code, headers })
}

export function json(
  body: unknown,
  code = 200,
  headers: Record<string, string> = {},
): Step {
  const contentType =
    code >= 400 ? 'application/problem+json' : 'application/json'
  return () =>
    new Response(JSON.stringify(body), {
      status: code,
      headers: { 'Content-Type': contentType, ...headers },
    })
}

export const networkError: Step = () =>
  Promise.reject(new TypeError('fetch failed'))

/** Never answers; rejects only when the attempt's signal aborts (time-out or caller). */
export const hang: Step = (request) =>
  new Promise((_resolve, reject) => {
    request.signal.addEventListener(
      'abort',
      () => reject(request.signal.reason as unknown),
      { once: true },
    )
  })

/**
 * A client over a script of steps, one per attempt. `sleeps` lists every wait in ms, and the clock
 * advances by each wait, so event times read like a real run.
 */
export function createTestClient(
  steps: Step[],
  overrides: Partial<ClientOptions> = {},
) {
  let now = startTime
  const script = [...steps]
  const sleeps: number[] = []
  const events: ClientEvent[] = []
  const requests: Request[] = []
  const client = createClient({
    baseUrl,
    fetch: async (request) => {
      requests.push(request)
      const step = script.shift()
      if (step === undefined)
        throw new Error(
          `The test script has no step for attempt ${requests.length}.`,
        )
      return step(request)
    },
    clock: () => now,
    sleep: async (ms) => {
      sleeps.push(ms)
      now += ms
    },
    random: () => 0.25,
    onEvent: (event) => events.push(event),
    ...overrides,
  })
  return {
    client,
    sleeps,
    events,
    requests,
    advance: (ms: number) => (now += ms),
  }
}
