import type { EngineState } from '../ports/engine-state.ts'
import { isEmptyChangeSet } from './change-set.ts'
import type { ChangeSet, MockStore, StoredSettings } from './mock-store.ts'

/** One unit of work on its way to the store. */
export interface Unit {
  readonly changes: ChangeSet
  /** Sealed: nothing more joins it, and it may be committed once every earlier unit is. */
  sealed: boolean
  state: 'pending' | 'committed' | 'failed'
  error?: unknown
  waiters?: { resolve(): void; reject(error: unknown): void }[]
}

export function settingsOf(runtime: EngineState): StoredSettings {
  return {
    config: structuredClone(runtime.config),
    clockOffsetMs: runtime.clock.offset(),
    faults: runtime.faults.list(),
    nextFault: runtime.faults.nextNumber,
  }
}

/**
 * Carries the working set's writes to a store, one unit of work per operation, in the order the
 * operations ran. A store that commits synchronously is committed in the same turn; an
 * asynchronous one is awaited, one commit at a time.
 */
export class Persistence {
  readonly store: MockStore
  get description() {
    return this.store.description
  }
  private readonly runtime: EngineState
  private readonly queue: Unit[] = []
  private busy = false
  private seen: { config: unknown; offset: number; faults: number }

  constructor(runtime: EngineState, store: MockStore) {
    this.runtime = runtime
    this.store = store
    this.seen = this.settingsMark()
  }

  private settingsMark() {
    const { runtime } = this
    return {
      config: runtime.config,
      offset: runtime.clock.offset(),
      faults: runtime.faults.revision,
    }
  }

  /** The writes since the last cut, as a unit in the queue (`null`: nothing changed). */
  cut(sealed: boolean): Unit | null {
    const { runtime } = this
    // A write also forgets keys that have expired, a bounded number: the store does not keep them.
    if (runtime.db.changed) runtime.db.sweepExpired(runtime.clock.now())
    const settingsChanged =
      runtime.config !== this.seen.config ||
      runtime.clock.offset() !== this.seen.offset ||
      runtime.faults.revision !== this.seen.faults
    if (!settingsChanged && !runtime.db.changed) return null
    const changes = runtime.db.takeChanges()!
    if (settingsChanged) {
      changes.settings = settingsOf(runtime)
      this.seen = this.settingsMark()
    }
    if (isEmptyChangeSet(changes)) return null
    const unit: Unit = { changes, sealed, state: 'pending' }
    this.queue.push(unit)
    if (sealed) this.drain()
    return unit
  }

  /** A unit takes no more writes: it commits as soon as the units before it have. */
  seal(unit: Unit) {
    unit.sealed = true
    this.drain()
  }

  /**
   * Seals the request's unit and cuts what else changed; resolves once both are in the store.
   * `undefined` when they already are (a read, or a store that commits synchronously).
   */
  finish(unit: Unit | null): Promise<void> | undefined {
    if (unit) this.seal(unit)
    const loose = this.cut(true)
    const last = loose ?? unit
    if (unit?.state === 'failed') return Promise.reject(unit.error)
    return last ? this.settled(last) : undefined
  }

  /** Commits everything written so far (writes through `api.data`, controls called in code). */
  flush(): Promise<void> {
    const unit = this.cut(true)
    const last = unit ?? this.queue.at(-1)
    return (last && this.settled(last)) ?? Promise.resolve()
  }

  private settled(unit: Unit): Promise<void> | undefined {
    if (unit.state === 'committed') return undefined
    if (unit.state === 'failed') return Promise.reject(unit.error)
    return new Promise((resolve, reject) =>
      (unit.waiters ??= []).push({ resolve, reject }),
    )
  }

  private done(unit: Unit, error?: unknown) {
    this.queue.shift()
    unit.state = error === undefined ? 'committed' : 'failed'
    if (error !== undefined) unit.error = error
    for (const waiter of unit.waiters ?? [])
      if (error === undefined) waiter.resolve()
      else waiter.reject(error)
  }

  private drain() {
    while (!this.busy) {
      const unit = this.queue[0]
      if (!unit?.sealed) return
      let result
      try {
        result = this.store.commit(unit.changes)
      } catch (error) {
        this.done(unit, error ?? new Error('The store failed to commit.'))
        continue
      }
      if (result && typeof result.then === 'function') {
        this.busy = true
        result.then(
          () => {
            this.busy = false
            this.done(unit)
            this.drain()
          },
          (error: unknown) => {
            this.busy = false
            this.done(unit, error ?? new Error('The store failed to commit.'))
            this.drain()
          },
        )
        return
      }
      this.done(unit)
    }
  }
}
