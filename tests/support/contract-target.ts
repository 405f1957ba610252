import { afterAll, afterEach, beforeAll } from 'vitest'
import type { MockApi, MockApiOptions } from '../../src/index.ts'
import {
  describedResponseErrors,
  prepareDescribedResponses,
} from './openapi-conformance.ts'
import { importedTarget, type ShopCode } from './imported-target.ts'
import { engineTarget } from './engine-target.ts'
import { mswTarget } from './msw-target.ts'
import { proxiedServerTarget, recordedTarget } from './recorded-target.ts'
import { replicasAvailable, replicasTarget } from './replicas-target.ts'
import { serverTarget } from './server-target.ts'

export { engineTarget, mswTarget }

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

/** A way to start a mock behind some transport: in-process, msw, or a loopback HTTP server. */
export interface ContractTargetFactory {
  readonly name: string
  /** The built-in domain's code this target runs without (see `shopCode`): tests of it are skipped. */
  readonly lacks?: ReadonlySet<ShopCode>
  /**
   * Requests run one at a time (replicas sharing PostgreSQL): a repeat of a key still in flight
   * waits for the first and replays its answer, so it never meets the in-flight 409.
   */
  readonly oneAtATime?: boolean
  /** How long `start` may take (ms), when more than a hook's default. */
  readonly startTimeoutMs?: number
  start(options: MockApiOptions): Promise<ContractTarget>
}

/**
 * What the contract suite runs against: the engine in-process (each request straight to
 * `api.fetch`) and the standalone server over real HTTP. msw's adapter hands each request to the
 * same `api.fetch` (src/msw/handlers.ts); tests/integration/contract/msw-transport.test.ts sends a
 * sample of every kind of exchange through it and compares each answer with the engine's, and the
 * controls run over it in full (`transportTargets`).
 */
export const contractTargets: readonly ContractTargetFactory[] = [
  engineTarget,
  serverTarget,
]

/**
 * The controls (faults, hangs, the clock, the control API, rate limits) run over both transports
 * a user puts in front of the mock: msw's `setupServer` and the standalone server.
 */
export const transportTargets: readonly ContractTargetFactory[] = [
  mswTarget,
  serverTarget,
]

/**
 * The transports, and hypermock's own description imported back (`importedTarget`): the suite's
 * read, write, validation, paging and idempotency tests run on all three. Where PostgreSQL and
 * HAProxy are installed (always in CI), also two replicas on PostgreSQL behind a load balancer.
 */
export const roundTripTargets: readonly ContractTargetFactory[] = [
  ...contractTargets,
  importedTarget,
  // HYPERMOCK_CONTRACT_REPLICAS=0 leaves it out (the run then starts no replicas for it).
  ...(replicasAvailable() && process.env.HYPERMOCK_CONTRACT_REPLICAS !== '0'
    ? [replicasTarget]
    : []),
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
  }, factory.startTimeoutMs)
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
