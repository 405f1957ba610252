import type { MockControls } from './controls.ts'
import { createRuntime } from './create-runtime.ts'
import type { ApiDeclaration, DataHandles, RecordOf } from './declare/types.ts'
import type { MockListener } from './events.ts'
import { mockApiOf } from './mock-api-of.ts'
import { resolveOptions, type MockApiOptions } from './options.ts'
import type { StateSnapshot as AnySnapshot } from './store/types.ts'
import { keepInStore, type MockStoreHandle } from './store/keep-in-store.ts'
import type { MockStore } from './store/mock-store.ts'
import type { Runtime } from './runtime.ts'

/** The whole data state as plain JSON, each table typed from the declaration. */
export type StateSnapshot<A extends ApiDeclaration = ApiDeclaration> =
  AnySnapshot<TablesOf<A>>

/** Each table's rows, typed from the declaration. */
export type TablesOf<A> =
  A extends ApiDeclaration<infer Resources, infer _P>
    ? { -readonly [K in keyof Resources]: RecordOf<Resources[K]>[] }
    : Record<string, Record<string, unknown>[]>

export interface MockApi<
  A extends ApiDeclaration = ApiDeclaration,
> extends Omit<MockControls, 'state'> {
  state: {
    /** The whole data state as plain JSON (a deep copy). */
    snapshot(): StateSnapshot<A>
    /** Replaces the data state; an invalid snapshot throws `InvalidSnapshotError` and changes nothing. */
    restore(snapshot: unknown): void
  }
  /** Answers one request, exactly as the HTTP API would. A network-level fault is `Response.error()`. */
  fetch(request: Request): Promise<Response>
  /** The base's path: '' for an API at the root. */
  readonly basePath: string
  /** The base's origin where it has a host (`https://api.example.com`), else ''. */
  readonly origin: string
  /** Where the control API answers (`/__mock`). */
  readonly controlPath: string
  /** The declaration this instance serves. */
  readonly declaration: A
  /**
   * The data, one typed handle per resource: `api.data.books.get(1)`, `insert`, `update`. Writes
   * here change the state as a request would, and notify subscribers.
   */
  readonly data: DataHandles<A>
  /** Whether a URL is the API's or the control API's (what msw hands to this instance). */
  owns(url: URL): boolean
  /** Change notifications: every request served, and every state, fault, config or clock change. */
  subscribe(listener: MockListener): () => void
  /** The store the state is kept in, for a mock made with `store`. */
  readonly store?: MockStoreHandle
}

/** A mock made with `createMockApi({ store })`: its state lives in `store`. */
export type StoredMockApi<A extends ApiDeclaration = ApiDeclaration> =
  MockApi<A> & { readonly store: MockStoreHandle }

/**
 * An instance with its runtime, no store attached: for the adapters that attach a store
 * themselves and move it between instances (the server's reload, the tabs' hub).
 */
export function createMockInstance<A extends ApiDeclaration>(
  options: MockApiOptions<A> & { api: A },
): { api: MockApi<A>; runtime: Runtime } {
  const runtime = createRuntime(resolveOptions(options))
  return { api: mockApiOf(runtime) as unknown as MockApi<A>, runtime }
}

/**
 * Creates one independent instance of the mock API: its own data, clock and settings. The same
 * instance serves msw's worker, msw's `setupServer`, the standalone server, or direct calls.
 *
 * With `store` its state lives there (see `hypermock-api/store`): requests wait until the store
 * is read, and `api.store` tells how it started, flushes and closes it.
 *
 * @example
 * const api = createMockApi({ api: defineApi({ name: 'notes', auth: false, resources: { notes } }) })
 * const response = await api.fetch(new Request('http://localhost/api/notes'))
 */
export function createMockApi<A extends ApiDeclaration>(
  options: MockApiOptions<A> & { api: A; store: MockStore },
): StoredMockApi<A>
export function createMockApi<A extends ApiDeclaration>(
  options: MockApiOptions<A> & { api: A },
): MockApi<A>
export function createMockApi<A extends ApiDeclaration>(
  options: MockApiOptions<A> & { api: A },
): MockApi<A> {
  const { api, runtime } = createMockInstance(options)
  if (!options.store) return api
  const kept = keepInStore(
    runtime,
    api.fetch,
    options.store,
    options.dataMismatch,
  )
  return Object.assign(api, { fetch: kept.fetch, store: kept.handle })
}
