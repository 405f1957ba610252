import type { Runtime } from '../runtime.ts'
import {
  attachStore,
  type AttachedStore,
  type DataMismatch,
} from './attach-store.ts'
import type { StoredRowsReport } from './check-stored-rows.ts'
import type { MockStore } from './mock-store.ts'

/** How a mock started on its store: what `api.store.ready` resolves with. */
export interface StoreStart {
  /** `empty`: the store held nothing and now holds the seed; `loaded`: the mock resumed from it. */
  readonly started: 'empty' | 'loaded'
  /** The stored rows that did not fit the declaration (`null`: every row fit). */
  readonly report: StoredRowsReport | null
}

/**
 * The store a mock keeps its state in: `api.store` of a mock made with `createMockApi({ store })`.
 * The store is read when the mock is made; requests wait for it, so the first answer already
 * comes from the stored state.
 */
export interface MockStoreHandle {
  /** The store itself. */
  readonly store: MockStore
  /**
   * Resolves once the mock runs from the store. Rejects when it cannot: a
   * `StoredRowsMismatchError` (stored rows the declaration no longer accepts, under
   * `dataMismatch: 'refuse'`) or the store's own error; every request then rejects with it too.
   * Await it before changing the mock in code (`api.data`, `api.faults`, `api.config`): a store
   * with data replaces the state the mock was made with.
   */
  readonly ready: Promise<StoreStart>
  /** Resolves once every write so far (requests, `api.data`, the controls) is in the store. */
  flush(): Promise<void>
  /** Flushes, then closes the store; the mock goes on in memory. */
  close(): Promise<void>
}

/**
 * Attaches `store` to the mock `runtime` runs, and holds the requests `serve` answers until it is
 * attached.
 */
export function keepInStore(
  runtime: Runtime,
  serve: (request: Request) => Promise<Response>,
  store: MockStore,
  dataMismatch: DataMismatch = 'refuse',
) {
  let attached: AttachedStore | null = null
  const attaching = attachStore(runtime, store, {
    onMismatch: dataMismatch,
  }).then((done) => (attached = done))
  const ready: Promise<StoreStart> = attaching.then(({ started, report }) => ({
    started,
    report,
  }))
  // A failure is read from `ready` or from any request: unread, it is no unhandled rejection.
  ready.catch(() => {})
  const handle: MockStoreHandle = {
    store,
    ready,
    async flush() {
      await (await attaching).flush()
    },
    async close() {
      try {
        await attaching
      } catch {
        await store.close()
        return
      }
      await attached!.close()
    },
  }
  const fetch = (request: Request) =>
    attached ? serve(request) : attaching.then(() => serve(request))
  return { handle, fetch }
}
