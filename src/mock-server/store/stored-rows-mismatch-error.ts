import type { StoredRowsReport } from './check-stored-rows.ts'
import type { MockStore } from './mock-store.ts'

/** Stored rows that do not fit the declaration, with every row and member in `report`. */
export class StoredRowsMismatchError extends Error {
  override readonly name = 'StoredRowsMismatchError'
  readonly report: StoredRowsReport

  constructor(store: MockStore, report: StoredRowsReport) {
    super(
      `Failed to load the stored data (${store.description}): ${report.message}`,
    )
    this.report = report
  }
}
