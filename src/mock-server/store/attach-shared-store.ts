import type { AttachStoreOptions, AttachedStore } from './attached-store.ts'
import { reserveStoredIds } from './reserve-stored-ids.ts'
import { StoredRowsMismatchError } from './stored-rows-mismatch-error.ts'
import { wholeState } from './whole-state.ts'
import { checkStoredRows, type StoredRowsReport } from './check-stored-rows.ts'
import type { MockStore, SharedStore } from './mock-store.ts'
import { Replica } from './replica.ts'
import { checkNoStore } from './runtime-to-attach.ts'
import type { Runtime } from '../runtime.ts'

/**
 * How often a replica with listeners (the playground, devtools) looks for other replicas' requests
 * when the store cannot announce commits, or while its announcements are down (a reconnect).
 */
const LISTENER_POLL_MS = 500
const LISTENER_FALLBACK_POLL_MS = 2_000

/**
 * Makes a store that several processes share (PostgreSQL) the home of this mock's state, as one
 * replica among others. Under the store's lock: an empty store receives this mock's state (its
 * seed rows); a store with data replaces it, config, clock, fault rules, rate-limit windows and
 * journal included. From then on each request runs as one unit of work (see `Replica`).
 *
 */
export async function attachSharedStore(
  runtime: Runtime,
  store: MockStore & { readonly shared: SharedStore },
  options: AttachStoreOptions = {},
): Promise<AttachedStore> {
  checkNoStore(runtime)
  const onMismatch = options.onMismatch ?? 'refuse'
  const replica = new Replica(runtime, store.shared, store.description)
  const unit = await store.shared.begin(-1)
  let report: StoredRowsReport | null = null
  let started: AttachedStore['started'] = 'loaded'
  try {
    let whole = await unit.whole()
    const storedTables = Object.keys(whole?.tables ?? {})
    if (whole) {
      const checked = checkStoredRows(runtime.api, whole)
      if (!checked.fits) {
        report = checked
        if (onMismatch === 'refuse')
          throw new StoredRowsMismatchError(store, checked)
        if (onMismatch === 'reset') whole = null
      }
    }
    if (whole) replica.loadWhole(whole)
    else started = 'empty'
    if (whole && report && onMismatch === 'report')
      reserveStoredIds(runtime, whole.tables)
    runtime.db.track()
    runtime.db.takeChanges()
    if (!whole || (report && onMismatch !== 'report')) {
      // The store receives the whole state at once: the seed, or the rows that fit.
      const changes = wholeState(runtime)
      for (const table of storedTables) changes.replaced.add(table)
      replica.resume(
        await unit.commit({
          changes,
          replica: replica.replicaState(),
          journalCleared: !whole,
          journal: whole ? [] : runtime.journal.recordedAfter(0),
        }),
      )
    } else {
      replica.resume(unit.head)
      await unit.rollback()
    }
  } catch (error) {
    await unit.rollback()
    throw error
  }
  runtime.replica = replica
  runtime.events.emit({ type: 'state' })
  // Listeners see another replica's commit as it is made: the store announces each one. Without
  // announcements (a store that has none, or while they are down) a slow poll stands in, and so it
  // does after a catch-up that failed (the head unknown): a connection that went silent with the
  // announcing one fails the catch-up its reconnect asked for, and no announcement may follow.
  const catchUp = () => {
    if (
      (runtime.events.listening || runtime.stateEvents.log.listening) &&
      runtime.replica === replica
    )
      void replica.refresh()
  }
  const watch = await store.shared.watch?.((seq) => {
    if (seq === null || seq > replica.head) catchUp()
  })
  const timer = setInterval(
    () => {
      if (!watch?.live || replica.head < 0) catchUp()
    },
    watch ? LISTENER_FALLBACK_POLL_MS : LISTENER_POLL_MS,
  )
  timer.unref?.()
  const detach = async () => {
    clearInterval(timer)
    await watch?.close()
    if (runtime.replica !== replica) return
    await replica.flush()
    runtime.replica = null
  }
  return {
    started,
    report,
    flush: () => replica.flush(),
    detach,
    async close() {
      try {
        await detach()
      } finally {
        runtime.replica = null
        await store.close()
      }
    },
  }
}
