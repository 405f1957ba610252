import { soak } from '../soak.ts'
import { verdict, type BenchRow } from '../row.ts'

const MB = 1024 * 1024
// RSS includes the room V8 reserves for its heap, which grows with allocation pressure and is not
// returned at once; the heap in use after a collection is what the mock really holds.
const SOAK_RSS_GROWTH = 300 * MB
const SOAK_HEAP_GROWTH = 64 * MB

/** Row 7: the soak, a long mixed run against the standalone server. */
export const soakRows: BenchRow = {
  ids: ['7'],
  async run({ soakSeconds, log }) {
    if (soakSeconds <= 0) return []
    log(
      `(7) soak: ${soakSeconds} s of mixed load with unique idempotency keys, fault churn and control calls`,
    )
    const result = await soak(soakSeconds)
    const growth = result.rssEnd - result.rssStart
    const heapGrowth = result.heapEnd - result.heapStart
    const errors = result.statuses['500'] ?? 0
    const mb = (bytes: number) => (bytes / MB).toFixed(0)
    const statuses = Object.entries(result.statuses)
      .map(([code, count]) => `${code}×${count}`)
      .join(' ')
    log(
      `soak: ${result.requests} requests (${statuses}), ${result.errors} socket errors; ${result.controlCalls} control calls, ${result.controlFailures} answered 5xx; server RSS ${mb(result.rssStart)} MB at the start, ${mb(result.rssEnd)} MB at the end (heap in use after GC ${mb(result.heapStart)} → ${mb(result.heapEnd)} MB)`,
    )
    return [
      {
        id: '7',
        measure: `soak: ${soakSeconds} s mixed load, new key per POST, fault churn, control calls`,
        figure: `RSS ${mb(result.rssStart)} → ${mb(result.rssEnd)} MB, heap ${mb(result.heapStart)} → ${mb(result.heapEnd)} MB, ${errors} × 500`,
        baseline: `${result.requests} requests, ${result.controlCalls} control calls`,
        ratio: '—',
        target: 'no 500s; growth: RSS ≤ 300 MB, heap ≤ 64 MB',
        result: verdict(
          errors === 0 &&
            result.controlFailures === 0 &&
            result.errors === 0 &&
            growth <= SOAK_RSS_GROWTH &&
            heapGrowth <= SOAK_HEAP_GROWTH,
        ),
      },
    ]
  },
}
