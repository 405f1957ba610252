import { devtoolsGzippedBytes } from '../devtools-size.ts'
import { kB, verdict, type BenchRow } from '../row.ts'

const TARGET_BYTES = 40_000

/** Row D: what loading the devtools panel adds to an app, bundled, minified and gzipped. */
export const devtoolsPanelRows: BenchRow = {
  ids: ['D'],
  async run({ log }) {
    log('(D) devtools panel, production bundle, gzipped')
    const bytes = await devtoolsGzippedBytes()
    return [
      {
        id: 'D',
        measure:
          'devtools panel (hypermock-api/devtools/lazy and its chunk), gzipped',
        figure: kB(bytes),
        baseline: '—',
        ratio: '—',
        target: `≤ ${kB(TARGET_BYTES)}`,
        result: verdict(bytes <= TARGET_BYTES),
      },
    ]
  },
}
