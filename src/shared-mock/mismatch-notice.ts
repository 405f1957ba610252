import type { DataMismatch, MockStore, StoredRowsReport } from '../store.ts'

/**
 * What a browser mock does with stored rows that no longer fit its declaration (a member removed,
 * a type narrowed, a state renamed). Every choice reports each such row and member in the console
 * and in `api.shared.startupNotice`:
 * - `report`: the mock runs with the rows that fit and leaves the stored data as it is, so that
 *   loading a page never changes it; the report comes again at every start until you choose;
 * - `keep`: keeps the rows that fit and drops the others from the store;
 * - `reset`: clears the store and starts from the seed;
 * - `refuse`: the mock does not start (`startMockWorker` rejects) and nothing stored changes.
 */
export type StoredDataMismatch = DataMismatch

/** The report for the page and the console: every row and member, then what became of them. */
export function mismatchNotice(
  report: StoredRowsReport,
  store: MockStore,
  choice: StoredDataMismatch,
): string {
  switch (choice) {
    case 'report':
      return `${report.message}\nThe mock runs without them; ${store.description} keeps them unchanged and this report comes at every start until you choose: onMismatch: 'keep' drops them and keeps the rows that fit, onMismatch: 'reset' starts over from the seed.`
    case 'keep':
      return `${report.message}\nThey were dropped from ${store.description} (onMismatch: 'keep'); the rows that fit were kept.`
    case 'reset':
      return `${report.message}\n${store.description} was reset to the seed (onMismatch: 'reset').`
    case 'refuse':
      return `Failed to start the mock: ${report.message}\nNothing stored was changed (onMismatch: 'refuse'). Start it with onMismatch: 'keep' to keep the rows that fit, or onMismatch: 'reset' to start over from the seed.`
  }
}
