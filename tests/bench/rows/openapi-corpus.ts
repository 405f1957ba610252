import { showSpread, spread } from '../measure.ts'
import { largestDescriptions, loadCost } from '../openapi-corpus-load.ts'
import { times, verdict, type BenchRow, type RowResult } from '../row.ts'

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const MB = (value: number) => `${value.toFixed(0)} MB`

/**
 * Rows L1–L3: the largest public descriptions (GitHub, Stripe, DigitalOcean's split folder) read,
 * validated, imported and served with their seeds, each in a fresh process: its CPU time (the
 * process's own, Node's start included, which a shared machine does not stretch as it does wall
 * time) against parsing the text alone, and its peak resident memory. Skipped where the corpus is not beside
 * the repository.
 */
export const openApiCorpusRows: BenchRow = {
  ids: ['L1', 'L2', 'L3'],
  async run({ rounds, log }) {
    const found = largestDescriptions()
    if (found.length === 0) {
      log('(L) ../shared/openapi-corpus is absent: the corpus rows are skipped')
      return []
    }
    const results: RowResult[] = []
    for (const [index, { name, file }] of found.entries()) {
      const n = Math.min(rounds, 3)
      log(`(L${index + 1}) ${name}: ${n} loads, each in a fresh process`)
      const loads = Array.from({ length: n }, () => loadCost(file, 'load'))
      const parses = Array.from({ length: n }, () => loadCost(file, 'parse'))
      const time = spread(loads.map((l) => l.cpuMs))
      const memory = spread(loads.map((l) => l.peakMB))
      const parsed = spread(parses.map((l) => l.cpuMs))
      results.push({
        id: `L${index + 1}`,
        measure: `${name} served by serve --openapi: CPU time of the load; peak memory ${showSpread(memory, MB)}`,
        figure: showSpread(time, seconds),
        baseline: `${showSpread(parsed, seconds)} parsing its text alone`,
        ratio: times(time.median / parsed.median),
        target: '≤ 3 s and ≤ 400 MB',
        result: verdict(time.median <= 3000 && memory.median <= 400),
      })
    }
    return results
  },
}
