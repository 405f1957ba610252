import { createMockApi, type StateSnapshot } from '../../../src/index.ts'
import { bigState } from '../big-state.ts'
import {
  cpuPercentile,
  percentile,
  sample,
  showSpread,
  spread,
} from '../measure.ts'
import { ADMIN, ORIGIN, readThrough } from '../reference.ts'
import { ms, times, verdict, type BenchRow, type RowResult } from '../row.ts'

const LIST_QUERY =
  '/api/orders?status=pending,paid&currency=usd,eur,gbp&total[gte]=50&sort=-total,createdAt&page=3&perPage=50'
/** At 100,000 orders, in every round. */
const TARGET_MS = 5

/** The same selection as LIST_QUERY in plain JavaScript: the least work any implementation does. */
function plainSelection(orders: StateSnapshot['orders']) {
  const rows = orders.filter(
    (o) =>
      (o.status === 'pending' || o.status === 'paid') &&
      (o.currency === 'usd' || o.currency === 'eur' || o.currency === 'gbp') &&
      o.total >= 50,
  )
  rows.sort(
    (a, b) =>
      b.total - a.total ||
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) ||
      a.id - b.id,
  )
  return JSON.stringify(rows.slice(100, 150))
}

/**
 * Row 4: a filtered, sorted page over big collections, read by the admin, alternated round by
 * round with the same selection in plain JavaScript. The first read builds the table's sorted view
 * (`collections/sorted-view.ts`); the heap it keeps is measured after a full collection. Its figure is the p50 of the CPU time per
 * call in each round (wall-clock p95 beside it); at 100,000 orders every round must meet the target.
 */
export const bigListRows: BenchRow = {
  ids: ['4'],
  async run({ rounds, log }) {
    const results: RowResult[] = []
    for (const size of [10_000, 100_000]) {
      log(`(4) GET ${LIST_QUERY} over ${size} orders, ${rounds} rounds`)
      const api = createMockApi({ config: { rateLimit: false } })
      const state = bigState(size)
      api.state.restore(state)
      const samples = size === 10_000 ? 60 : 40
      const list = () =>
        readThrough(() =>
          api.fetch(new Request(`${ORIGIN}${LIST_QUERY}`, { headers: ADMIN })),
        )
      const plain = () => plainSelection(state.orders)
      // What the first read keeps: the sorted view in this order and the columns its filters read.
      const heap = () => {
        // Twice: what the restore left may take more than one full collection to go.
        for (let i = 0; i < 2; i++) (globalThis as { gc?: () => void }).gc?.()
        return process.memoryUsage().heapUsed
      }
      await readThrough(() =>
        api.fetch(new Request(`${ORIGIN}/api/orders/1`, { headers: ADMIN })),
      )
      const heapBefore = heap()
      await list()
      const viewBytes = heap() - heapBefore
      const p50: number[] = []
      const p95: number[] = []
      const plainP50: number[] = []
      for (let round = 0; round < rounds; round++) {
        const mine = await sample(list, { warmup: 3, samples })
        const theirs = await sample(plain, { warmup: 3, samples })
        p50.push(cpuPercentile(mine, 50))
        p95.push(percentile(mine, 95))
        plainP50.push(cpuPercentile(theirs, 50))
      }
      const big = size === 100_000
      const worst = Math.max(...p50)
      results.push({
        id: '4',
        measure: `GET /api/orders filter+sort+page, ${size.toLocaleString('en')} orders: CPU p50 per round (wall p95; the sorted view holds ${(viewBytes / 1e6).toFixed(1)} MB of heap)`,
        figure: `${showSpread(spread(p50), ms)} (p95 ${ms(spread(p95).median)})`,
        baseline: `${showSpread(spread(plainP50), ms)} plain filter+sort+slice`,
        ratio: times(spread(p50).median / spread(plainP50).median),
        target: big ? `p50 ≤ ${TARGET_MS} ms in every round` : 'info',
        result: big ? verdict(worst <= TARGET_MS) : '—',
      })
    }
    return results
  },
}
