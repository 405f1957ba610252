import { fileURLToPath } from 'node:url'
import { hasValgrind, instructionsPerUnit } from '../callgrind.ts'
import { mix } from '../core-mix.ts'
import { count, times, type BenchRow } from '../row.ts'

const script = fileURLToPath(new URL('../core-mix.ts', import.meta.url))
const WARMUP = '200'
const SHORT = 0
const LONG = 100

/**
 * Row 8: the core alone by instruction count, which the machine's other work does not change:
 * `api.fetch` on a fixed mix of requests (reads, a list, a 304, HEAD, 404, 401, a refused POST,
 * the root) against a bare Hono app answering each with the same bytes, both under callgrind.
 */
export const coreInstructionRows: BenchRow = {
  ids: ['8'],
  async run({ log }) {
    const measure = `the core alone, api.fetch on a fixed mix of ${mix.length} requests: instructions per request (callgrind)`
    if (!(await hasValgrind())) {
      log(
        '(8) skipped: valgrind is not installed (apt-get install -y valgrind)',
      )
      return [
        {
          id: '8',
          measure,
          figure: 'needs valgrind',
          baseline: '—',
          ratio: '—',
          target: 'info',
          result: '—',
        },
      ]
    }
    log(
      `(8) callgrind: ${LONG} × ${mix.length} requests after a warm-up, core vs bare Hono app`,
    )
    const perRequest = async (kind: 'mock' | 'bare') =>
      (await instructionsPerUnit(script, [kind, WARMUP], SHORT, LONG)) /
      mix.length
    const mock = await perRequest('mock')
    const bare = await perRequest('bare')
    return [
      {
        id: '8',
        measure,
        figure: count(mock),
        baseline: `${count(bare)} bare Hono app.fetch, same answers`,
        ratio: times(bare / mock),
        target: 'info (bare ÷ hypermock)',
        result: '—',
      },
    ]
  },
}
