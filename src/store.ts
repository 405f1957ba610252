/**
 * The storage seam (`hypermock-api/store`): what a store implements to keep a mock's state
 * (`MockStore`, and `SharedStore` for one that replicas share), the change set it commits, every
 * type those name, a store in memory to start from, and the suite of tests every store passes.
 * A mock keeps its state in a store with `createMockApi({ api, store })`. The repository's own
 * stores (SQLite, PostgreSQL, IndexedDB) import the engine through this entry alone.
 *
 * Every name is listed on purpose: `tests/docs/exports-documented.test.ts` checks each has TSDoc.
 */
export type {
  ChangeSet,
  CommitWatch,
  DataMismatch,
  MockStore,
  Promisable,
  ReplicaState,
  SharedCommit,
  SharedState,
  SharedStore,
  SharedUnit,
  StoredSettings,
  StoredState,
} from './mock-server/store/mock-store.ts'
export {
  changeSetFromJson,
  changeSetToJson,
  emptyChangeSet,
  isEmptyChangeSet,
  mergeChangeSets,
  recordKey,
  recordRow,
  type ChangeSetJson,
} from './mock-server/store/change-set.ts'
export {
  MAX_STORED_EVENTS,
  type CloudEventJson,
  type StoredEvent,
} from './mock-server/store/state-event.ts'
export type {
  IdempotencyRecord,
  StateSnapshot,
  StoredResponse,
} from './mock-server/store/types.ts'
export type {
  StoredRowProblem,
  StoredRowsReport,
} from './mock-server/store/check-stored-rows.ts'
export { StoredRowsMismatchError } from './mock-server/store/stored-rows-mismatch-error.ts'
export type {
  MockStoreHandle,
  StoreStart,
} from './mock-server/store/keep-in-store.ts'
export type { StoredMockApi } from './mock-server/create-mock-api.ts'
export { MemoryStore } from './mock-server/store/memory-store.ts'
export type { AnyRecord, Id } from './mock-server/declare/types.ts'
export type { MockConfig, RateLimitConfig } from './mock-server/mock-config.ts'
export type { FaultEffect, FaultRule } from './mock-server/faults/fault-rule.ts'
export type { JournalEntry, JournalRecord } from './mock-server/journal.ts'
export {
  runStoreSuite,
  type StoreSuiteAssertion,
  type StoreSuiteOptions,
  type StoreSuiteRunner,
} from './store-suite/run-store-suite.ts'
export { storeAt, type StoreFactory } from './store-suite/store-at.ts'
