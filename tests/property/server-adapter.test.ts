import fc from 'fast-check'
import { METHODS } from 'node:http'
import { afterAll, beforeAll, it } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'
import { expectSameAnswer } from './support/expect-same-answer.ts'
import { expectWellFormed } from './support/expect-well-formed.ts'
import {
  describeSpec,
  requestSpecArb,
  toRequest,
  type RequestSpec,
} from './support/request-arbitraries.ts'

/**
 * The standalone server answers through @hono/node-server, which puts a lighter `Response` of its
 * own in the global's place. The engine then keeps each answer's parts as a draft and finalizes it
 * from them (`response-draft.ts`), a path of its own that only the server takes. Here generated
 * requests go to the server over real HTTP, and the same requests to a twin in-process, answered on
 * the platform's own `Response`: status, headers and body must be the same.
 */

// One fixed instant for both instances, so that timestamps in bodies compare equal.
const now = () => Date.parse('2026-03-01T12:00:00.000Z')
const options = { config: { rateLimit: false as const }, now }
const api = createMockApi(options)
let server: RunningServer
let generated = 0

/** The platform's own `Response`, also where a server adapter has put its lighter one first. */
function platformResponse(): typeof Response {
  let current: typeof Response = globalThis.Response
  while (Object.getPrototypeOf(current) !== Function.prototype)
    current = Object.getPrototypeOf(current) as typeof Response
  return current
}

/** Answers on the platform's own `Response`, as a caller of `api.fetch` without a server does. */
async function onPlatformResponse<T>(run: () => Promise<T>): Promise<T> {
  const adapters = globalThis.Response
  globalThis.Response = platformResponse()
  try {
    return await run()
  } finally {
    globalThis.Response = adapters
  }
}

beforeAll(async () => {
  server = await startServer({ api, port: 0 })
})
afterAll(async () => {
  await server.close()
  console.log(
    `[property] server-adapter: ${generated} generated requests (each sent to the server and directly)`,
  )
})

/**
 * Headers that belong to the connection, which Node's server and `fetch` set or rewrite: not the
 * engine's business. (A request's own `Content-Length` or `Transfer-Encoding` that does not fit its
 * body is refused by Node's parser before any handler; the msw property leaves them out too.)
 */
const TRANSPORT = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
])

/**
 * Requests the server hands to the engine: a method Node's HTTP parser takes (`patch` or `FOO` is
 * a 400 from the parser), and no `Origin` (a page on another origin meets the server's own rule for
 * origins first, which its own tests cover).
 */
const specArb = requestSpecArb
  .filter((spec) => METHODS.includes(spec.method))
  .map((spec) => ({
    ...spec,
    headers: spec.headers.filter(
      ([name]) =>
        !TRANSPORT.has(name.toLowerCase()) && name.toLowerCase() !== 'origin',
    ),
  }))

it('answers over HTTP exactly as api.fetch answers on the platform’s Response', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(specArb, { minLength: 1, maxLength: 10 }),
      async (specs: RequestSpec[]) => {
        api.reset()
        const twin = createMockApi(options)
        for (const spec of specs) {
          const state = api.state.snapshot()
          generated += 1
          const request = {
            method: spec.method,
            url: `${server.url}${spec.path}`,
          }
          const a = await expectWellFormed(
            request,
            await fetch(toRequest(spec, state, server.url)),
          )
          // Read whole while the platform's Response is in place.
          const b = await onPlatformResponse(async () =>
            expectWellFormed(
              request,
              await twin.fetch(toRequest(spec, state, server.url)),
            ),
          )
          expectSameAnswer(a, b, describeSpec(spec), TRANSPORT)
        }
      },
    ),
    { numRuns: 60 },
  )
}, 60_000)
