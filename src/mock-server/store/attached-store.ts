import type { StoredRowsReport } from './check-stored-rows.ts'
import type { DataMismatch } from './mock-store.ts'

export type { DataMismatch } from './mock-store.ts'

export interface AttachStoreOptions {
  /**
   * `refuse` throws a `StoredRowsMismatchError` and changes nothing; `keep` loads the rows that fit
   * and drops the others from the store; `reset` clears the store and starts from the seed rows;
   * `report` loads the rows that fit and leaves the store as it is (the others stay stored, to be
   * reported again at the next attach, until a choice is made).
   * @default 'refuse'
   */
  onMismatch?: DataMismatch
}

export interface AttachedStore {
  /** `empty`: the store held nothing and now holds the seed; `loaded`: the mock resumed from it. */
  started: 'empty' | 'loaded'
  /** What did not fit, when something did not (and was dropped: `keep`, or cleared: `reset`). */
  report: StoredRowsReport | null
  /** Commits every write made so far (writes through `api.data` or the controls in code). */
  flush(): Promise<void>
  /** Flushes and detaches the store from the mock (which goes on in memory), leaving it open. */
  detach(): Promise<void>
  /** Detaches the store and closes it. */
  close(): Promise<void>
}
