import { afterAll, afterEach, beforeAll } from 'vitest'
import type { MockApi, MockApiOptions } from '../../src/index.ts'
import {
  describedResponseErrors,
  prepareDescribedResponses,
} from './openapi-conformance.ts'
import { importedTarget, type ShopCode } from './imported-target.ts'
import { mswTarget } from './msw-target.ts'
import { proxiedServerTarget, recordedTarget } from './recorded-target.ts'
import { serverTarget } from './server-target.ts'

export { mswTarget }

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
  /** The built-in domain's code this target runs without (see `shopCode`): tests of it are skipped. */
  readonly lacks?: ReadonlySet<ShopCode>
  start(options: MockApiOptions): Promise<ContractTarget>
}

/** Every transport the contract suite runs against; add the standalone server's factory here. */
export const contractTargets: readonly ContractTargetFactory[] = [
  mswTarget,
  serverTarget,
]

/**
 * The transports, and hypermock's own description imported back (`importedTarget`): the suite's
 * read, write, validation, paging and idempotency tests run on all three.
 */
export const roundTripTargets: readonly ContractTargetFactory[] = [
  ...contractTargets,
  importedTarget,
  ...recordingTargets(),
]

/**
 * The recording round trip (tests/record/contract-traffic.test.ts) runs the suite once more
 * through the recording proxy, then on what it recorded: each target joins only in its own run.
 */
export function recordingTargets(): ContractTargetFactory[] {
  return [
    ...(process.env.HYPERMOCK_RECORD_TRAFFIC_DIR ? [proxiedServerTarget] : []),
    ...(process.env.HYPERMOCK_RECORDED_DECLARATION ? [recordedTarget] : []),
  ]
}

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
