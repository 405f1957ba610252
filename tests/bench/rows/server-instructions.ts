import { Agent, get } from 'node:http'
import { fileURLToPath } from 'node:url'
import { checkoutOf } from '../base-checkout.ts'
import { hasValgrind, serverInstructions } from '../callgrind.ts'
import { showSpread, spread } from '../measure.ts'
import { CUSTOMER, referenceBody } from '../reference.ts'
import { count, times, verdict, type BenchRow, type RowResult } from '../row.ts'

const script = fileURLToPath(new URL('../serve-target.ts', import.meta.url))
/** hypermock's instructions per request as a share of the bare server's: bare ÷ hypermock. */
const TARGET = 0.8
/** The guard: instructions per request may grow by at most this much over the base commit's. */
const GUARD = 1.1
const WARMUP = 500
const MEASURED = 500
/**
 * Counts per side, alternated, of which the median is taken. A collection more or fewer in one
 * run moves its count per request by up to a tenth on a loaded machine; the median of three is
 * steady to a few percent.
 */
const REPEATS = 3

/**
 * `requests` GETs of order 1, one after the other on one kept-alive connection. A second connection
 * would put its own cost in the count, so a run that needed one fails.
 */
async function sequential(url: string, requests: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const sockets = new Set<unknown>()
  try {
    for (let i = 0; i < requests; i++)
      await new Promise<void>((resolve, reject) => {
        get(`${url}/api/orders/1`, { agent, headers: CUSTOMER }, (res) => {
          sockets.add(res.socket)
          if (res.statusCode !== 200)
            reject(new Error(`answered ${res.statusCode}`))
          res.resume()
          res.on('end', resolve)
        }).on('error', reject)
      })
  } finally {
    agent.destroy()
  }
  if (sockets.size !== 1)
    throw new Error(
      `The server was reached over ${sockets.size} connections, not one: the count is not comparable.`,
    )
}

/**
 * Instructions per request: the server run for the warm-up alone, and for warm-up + measured.
 * `from` is the serve script of another checkout (the guard's base), this checkout's by default.
 */
async function perRequest(kind: 'mock' | 'bare', from = script) {
  const run = (requests: number) =>
    serverInstructions(from, [kind, referenceBody], (url) =>
      sequential(url, requests),
    )
  const [few, many] = await Promise.all([run(WARMUP), run(WARMUP + MEASURED)])
  return (many - few) / MEASURED
}

/**
 * Row 3 by instruction count: the same two servers as row 3 under callgrind, answering the same
 * requests one at a time. Unlike CPU time, the count hardly changes with the machine's other work
 * (nor with how requests happen to batch under load, nor with the clock a shared machine's core
 * runs at), so it holds row 3's target and the guard's verdict: with a base commit, the base's
 * server is counted too, and the guard fails when this checkout's median count exceeds the
 * base's by more than 10%.
 */
export const serverInstructionRows: BenchRow = {
  ids: ['3'],
  async run({ log, base }) {
    const measure =
      'the same: server instructions per request (callgrind, one connection)'
    if (!(await hasValgrind())) {
      log('(3) callgrind skipped: valgrind is not installed')
      return []
    }
    log(
      `(3) callgrind: ${base === null ? 'both servers' : 'both servers and the base'}, ${REPEATS} counts each, ${MEASURED} requests after ${WARMUP} of warm-up`,
    )
    const sides: { kind: 'mock' | 'bare'; from?: string }[] = [
      { kind: 'mock' },
      { kind: 'bare' },
      ...(base === null
        ? []
        : [
            {
              kind: 'mock' as const,
              from: `${checkoutOf(base)}/tests/bench/serve-target.ts`,
            },
          ]),
    ]
    const counts = sides.map(() => [] as number[])
    for (let i = 0; i < REPEATS; i++)
      for (const [j, side] of sides.entries())
        counts[j]!.push(await perRequest(side.kind, side.from))
    const [mine, bareCounts, baseCounts] = counts.map(spread)
    const mock = mine!.median
    const bare = bareCounts!.median
    const rows: RowResult[] = [
      {
        id: '3',
        measure,
        figure: showSpread(mine!, count),
        baseline: `${showSpread(bareCounts!, count)} bare @hono/node-server`,
        ratio: times(bare / mock),
        target: `≥ ${times(TARGET)} (bare ÷ hypermock)`,
        result: verdict(bare / mock >= TARGET),
      },
    ]
    if (base !== null) {
      const old = baseCounts!.median
      rows.push({
        id: '3',
        measure: `guard: the same, this checkout against ${base.slice(0, 12)} (the base): instructions per request`,
        figure: showSpread(mine!, count),
        baseline: `${showSpread(baseCounts!, count)} at the base`,
        ratio: times(mock / old),
        target: `≤ ${times(GUARD)} (hypermock ÷ base)`,
        result: verdict(mock / old <= GUARD),
      })
    }
    return rows
  },
}
