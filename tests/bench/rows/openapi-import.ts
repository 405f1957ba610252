import { showSpread } from '../measure.ts'
import {
  importCreationMs,
  importedVersusDeclaredMs,
} from '../openapi-import.ts'
import { ms, times, us, verdict, type BenchRow } from '../row.ts'

/** Rows 9 and 10: a mock from an OpenAPI description, and its reads beside a declared one's. */
export const openApiImportRows: BenchRow = {
  ids: ['9', '10'],
  async run({ rounds, log }) {
    log(`(9, 10) OpenAPI import, ${rounds} rounds`)
    const created = await importCreationMs(rounds)
    const read = await importedVersusDeclaredMs(rounds)
    return [
      {
        id: '9',
        measure: `a mock from a ${created.paths}-path OpenAPI description: CPU time (median)`,
        figure: showSpread(created.ms, ms),
        baseline: '—',
        ratio: '—',
        target: '≤ 200 ms',
        result: verdict(created.ms.median <= 200),
      },
      {
        id: '10',
        measure: 'one item read, an imported resource: CPU time (median)',
        figure: showSpread(read.imported, us),
        baseline: `${showSpread(read.declared, us)} the same declared with zod`,
        ratio: showSpread(read.ratio, times),
        target: '≤ 1.20×',
        result: verdict(read.ratio.median <= 1.2),
      },
    ]
  },
}
