import { afterAll, afterEach, beforeAll } from 'vitest'
import type { MockApi, MockApiOptions } from '../../src/mock-server/index.ts'
import { setupMockServer } from '../../src/msw/node.ts'
import {
  describedResponseErrors,
  prepareDescribedResponses,
} from './openapi-conformance.ts'
import { serverTarget } from './server-target.ts'

/**
 * One running mock the contract suite talks to over real `fetch`. The suite only ever uses `url`,
 * `fetch` and the in-process `api` handle (state, clock, reset), so any transport can stand behind it.
 */
export interface ContractTarget {
  readonly api: MockApi
  /** The absolute URL of a path such as `/api/orders/1`. */
  url(path: string): string
  fetch(path: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

/** A way to start a mock behind some transport: msw in-process today, a loopback HTTP server next. */
export interface ContractTargetFactory {
  readonly name: string
  start(options: MockApiOptions): Promise<ContractTarget>
}

/** The mock behind msw's `setupServer`: `fetch` is intercepted in-process, nothing listens on a port. */
export const mswTarget: ContractTargetFactory = {
  name: 'msw setupServer',
  async start(options) {
    const { api, server } = setupMockServer(options)
    server.listen({ onUnhandledFrame: 'error' })
    const origin = 'http://hypermock.test'
    const url = (path: string) => `${origin}${path}`
    return {
      api,
      url,
      fetch: (path, init) => fetch(url(path), init),
      async close() {
        server.close()
      },
    }
  },
}

/** Every transport the contract suite runs against; add the standalone server's factory here. */
export const contractTargets: readonly ContractTargetFactory[] = [
  mswTarget,
  serverTarget,
]

/**
 * Starts a target for the enclosing `describe` (before its tests), resets the mock's data after each
 * test, and stops it afterwards. Keep one per `describe`, never nested: msw patches the global `fetch`.
 *
 * @example
 * describe.each(contractTargets)('orders over $name', (factory) => {
 *   const target = useContractTarget(factory)
 *   it('...', async () => { await target.fetch('/api/orders/1', { headers: auth('customer-1-token') }) })
 * })
 */
export function useContractTarget(
  factory: ContractTargetFactory,
  options: MockApiOptions = {},
): ContractTarget {
  let current: ContractTarget | undefined
  // Disagreements with the OpenAPI description, collected without touching the test's own flow
  // (a check that threw would turn into a rejected fetch, which some tests expect for other reasons).
  let drift: string[] = []
  const started = () => {
    if (!current)
      throw new Error(
        `The ${factory.name} contract target is not running: use it inside a test, not at collection time.`,
      )
    return current
  }
  beforeAll(async () => {
    current = await factory.start(options)
    prepareDescribedResponses(current.api.basePath)
  })
  afterEach(() => {
    current?.api.reset()
    const found = drift
    drift = []
    if (found.length > 0)
      throw new Error(
        `${factory.name}: responses disagree with the OpenAPI description:\n${found.join('\n')}`,
      )
  })
  afterAll(async () => {
    await current?.close()
    current = undefined
  })
  return {
    get api() {
      return started().api
    },
    url: (path) => started().url(path),
    async fetch(path, init) {
      const target = started()
      const response = await target.fetch(path, init)
      drift.push(
        ...(await describedResponseErrors(
          target.api.basePath,
          init?.method ?? 'GET',
          path,
          response.clone(),
        )),
      )
      return response
    },
    close: () => started().close(),
  }
}
