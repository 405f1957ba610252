import { showSpread, spread } from '../measure.ts'
import {
  buildCli,
  largestDescriptions,
  parseCost,
  serveCost,
} from '../openapi-corpus-load.ts'
import { times, verdict, type BenchRow, type RowResult } from '../row.ts'

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const MB = (value: number) => `${value.toFixed(0)} MB`

const ms = (value: number) => `${value.toFixed(0)} ms`

/**
 * Rows L1–L3: the largest public descriptions (GitHub, Stripe, DigitalOcean's split folder) served
 * by the package's CLI, `serve --openapi`, built first: the wall time from spawning it (Node's own
 * start included) until it listens, against parsing the text alone in a fresh process, and its
 * peak resident memory after one collection is read. Beside them, the CPU time of the start
 * (every thread's) and the first read, which draws that table's seed rows and compiles its
 * validator. Skipped where the corpus is not beside the repository.
 */
export const openApiCorpusRows: BenchRow = {
  ids: ['L1', 'L2', 'L3'],
  async run({ rounds, log }) {
    const found = largestDescriptions()
    if (found.length === 0) {
      log('(L) ../shared/openapi-corpus is absent: the corpus rows are skipped')
      return []
    }
    log('(L) building the package (dist/cli.js)')
    const cli = buildCli()
    const results: RowResult[] = []
    for (const [index, { name, file, firstRead }] of found.entries()) {
      const n = Math.min(rounds, 3)
      log(`(L${index + 1}) ${name}: ${n} starts, each in a fresh process`)
      const loads = []
      for (let i = 0; i < n; i++)
        loads.push(await serveCost(cli, file, firstRead))
      const parses = Array.from({ length: n }, () => parseCost(file))
      const time = spread(loads.map((l) => l.ms))
      const cpu = spread(loads.map((l) => l.cpuMs))
      const first = spread(loads.map((l) => l.firstReadMs))
      const memory = spread(loads.map((l) => l.peakMB))
      const parsed = spread(parses.map((l) => l.ms))
      results.push({
        id: `L${index + 1}`,
        measure: `${name}: serve --openapi until it listens (CPU ${showSpread(cpu, seconds)}); then GET ${firstRead} ${showSpread(first, ms)}; peak memory ${showSpread(memory, MB)}`,
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
