import { bundleSizes } from '../bundle-size.ts'
import { kB, verdict, type BenchRow } from '../row.ts'

const TARGET_BYTES = 250_000

/**
 * Row 6: what the playground costs a browser on its first view: the page's JS (the shell, the
 * Explorer it opens on, and the shared mock a leading tab runs) and any worker script the build
 * starts, gzipped. Chunks loaded only on demand (the other views) are shown beside it.
 */
export const playgroundBundleRows: BenchRow = {
  ids: ['6'],
  async run({ dist, log }) {
    log(`(6) gzipped JS in ${dist}, through its Vite manifest`)
    const sizes = await bundleSizes(dist)
    const measure =
      'playground JS, gzipped: the page and its first view (the Explorer)'
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
        figure:
          sizes.workers > 0
            ? `${kB(total)} (page ${kB(sizes.page)} + worker ${kB(sizes.workers)})`
            : kB(total),
        baseline: `${kB(sizes.lazy)} more on demand (the other views, GraphiQL, a file check)`,
        ratio: '—',
        target: `≤ ${kB(TARGET_BYTES)}`,
        result: verdict(total <= TARGET_BYTES),
      },
    ]
  },
}
