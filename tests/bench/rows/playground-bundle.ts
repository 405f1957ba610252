import { bundleSizes } from '../bundle-size.ts'
import { kB, verdict, type BenchRow } from '../row.ts'

const TARGET_BYTES = 250_000

/**
 * Row 6: what the playground costs a browser with SharedWorker: the page's JS and the shared mock's
 * worker script, gzipped. Chunks loaded only on demand are shown beside it.
 */
export const playgroundBundleRows: BenchRow = {
  ids: ['6'],
  async run({ dist, log }) {
    log(`(6) gzipped JS in ${dist}, through its Vite manifest`)
    const sizes = await bundleSizes(dist)
    const measure =
      'playground JS, gzipped: the page + the shared mock SharedWorker'
    if (sizes === null)
      return [
        {
          id: '6',
          measure,
          figure: 'run `npm run build` first',
          baseline: '—',
          ratio: '—',
          target: `≤ ${kB(TARGET_BYTES)}`,
          result: '—',
        },
      ]
    const total = sizes.page + sizes.workers
    return [
      {
        id: '6',
        measure,
        figure: `${kB(total)} (page ${kB(sizes.page)} + worker ${kB(sizes.workers)})`,
        baseline: `${kB(sizes.lazy)} more on demand (the in-page hub without SharedWorker, a file check)`,
        ratio: '—',
        target: `≤ ${kB(TARGET_BYTES)}`,
        result: verdict(total <= TARGET_BYTES),
      },
    ]
  },
}
