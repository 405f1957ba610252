import type { Runtime } from '../runtime.ts'
import { checkNoStore } from './runtime-to-attach.ts'
import { checkStoredRows, type StoredRowsReport } from './check-stored-rows.ts'
import { attachSharedStore } from './attach-shared-store.ts'
import { StoredRowsMismatchError } from './stored-rows-mismatch-error.ts'
import { reserveStoredIds } from './reserve-stored-ids.ts'
import { wholeState } from './whole-state.ts'
import type { MockStore, SharedStore, StoredState } from './mock-store.ts'
import { Persistence } from './persistence.ts'
import type { AttachedStore, AttachStoreOptions } from './attached-store.ts'

export { StoredRowsMismatchError } from './stored-rows-mismatch-error.ts'
export { wholeState } from './whole-state.ts'
export { reserveStoredIds } from './reserve-stored-ids.ts'

export type {
  AttachedStore,
  AttachStoreOptions,
  DataMismatch,
} from './attached-store.ts'

function resume(
  runtime: Runtime,
  stored: StoredState,
  report: StoredRowsReport,
) {
  if (stored.settings) {
    runtime.config = structuredClone(stored.settings.config)
    runtime.random.reseed(runtime.config.seed)
    runtime.clock.setOffset(stored.settings.clockOffsetMs)
    runtime.faults.restore(stored.settings.faults, stored.settings.nextFault)
  }
  // Expired keys load too, oldest first: the first writes forget them, in the store as well.
  runtime.db.load(report.fitting)
  if (stored.events) runtime.stateEvents.log.load(stored.events)
}

/**
 * Makes a store the home of the state of the mock `runtime` runs (the public way is
 * `createMockApi({ store })`). An empty store receives the mock's current state (its
 * seed rows, never written over a store's data); a store with data replaces the mock's state with
 * it, its config, clock and fault rules included. From then on every operation's writes are
 * committed to it before the response leaves. A store replicas share (`store.shared`) is attached
 * by `attachSharedStore`.
 *
 */
export async function attachStore(
  runtime: Runtime,
  store: MockStore,
  options: AttachStoreOptions = {},
): Promise<AttachedStore> {
  if (store.shared)
    return attachSharedStore(
      runtime,
      store as MockStore & { shared: SharedStore },
      options,
    )
  checkNoStore(runtime)
  const onMismatch = options.onMismatch ?? 'refuse'
  let stored = await store.load()
  let report: StoredRowsReport | null = null
  if (stored) {
    const checked = checkStoredRows(runtime.api, stored)
    if (!checked.fits) {
      report = checked
      if (onMismatch === 'refuse')
        throw new StoredRowsMismatchError(store, checked)
      if (onMismatch === 'reset') {
        await store.clear()
        stored = null
      }
    }
    if (stored) resume(runtime, stored, checked)
    if (stored && report && onMismatch === 'report')
      reserveStoredIds(runtime, stored.tables)
  }
  runtime.db.track()
  runtime.db.takeChanges()
  const persistence = new Persistence(runtime, store)
  // A store starting empty, or one whose misfits were dropped, receives the whole state at once.
  if (!stored || (report && onMismatch === 'keep')) {
    const whole = wholeState(runtime)
    // Tables no longer declared are emptied, so that their rows are not reported again.
    for (const table of Object.keys(stored?.tables ?? {}))
      whole.replaced.add(table)
    await store.commit(whole)
  }
  runtime.persistence = persistence
  runtime.events.emit({ type: 'state' })
  const detach = async () => {
    await persistence.flush()
    if (runtime.persistence === persistence) runtime.persistence = null
  }
  return {
    started: stored ? 'loaded' : 'empty',
    report,
    flush: () => persistence.flush(),
    detach,
    async close() {
      await detach()
      await store.close()
    },
  }
}
