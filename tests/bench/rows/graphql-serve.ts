import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { performance } from 'node:perf_hooks'
import { showSpread, spread } from '../measure.ts'
import { ADMIN } from '../reference.ts'
import { ms, times, verdict, type BenchRow, type RowResult } from '../row.ts'

const ORDERS = 10_000
/**
 * A list asked for in GraphQL may cost the server at most twice the CPU of the REST list:
 * graphql-js parses, validates and resolves the query field by field.
 */
const TARGET = 2
/** Requests per side per round, one after another (a client waiting for each answer). */
const REQUESTS = 40
const REST_LIST = '/api/orders?status=pending,paid&sort=-total&perPage=50'
const GRAPHQL_LIST = `{ orders(first: 50, filter: { statusIn: [PENDING, PAID] }, orderBy: [{ field: TOTAL, direction: DESC }]) {
  totalCount edges { node { id status total currency customerId note version createdAt updatedAt } } } }`

/** The standalone server's CPU time so far, in µs (every thread). */
async function cpuOf(child: ChildProcess): Promise<number> {
  child.send('cpu')
  for (;;) {
    const [reply] = (await once(child, 'message')) as [{ cpu?: number }]
    if (reply.cpu !== undefined) return reply.cpu
  }
}

/**
 * Row GS: the same page of the same rows as row G, over HTTP on `serve` (its own process): a GraphQL
 * list query against the REST list, alternated round by round in one server. The figure is the
 * server's CPU time per request (its process's CPU over a round ÷ the requests), which the load
 * generator's own work does not enter; the client's wall-clock p50 is logged beside it.
 */
export const graphqlServeRows: BenchRow = {
  ids: ['GS'],
  async run({ rounds, log }) {
    log(
      `(GS) a GraphQL list query and the same REST list on serve, ${ORDERS} orders, ${rounds} rounds of ${REQUESTS} requests each`,
    )
    const child = fork(
      new URL('../serve-target.ts', import.meta.url),
      ['orders', String(ORDERS)],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    )
    try {
      const [{ url }] = (await once(child, 'message')) as [{ url: string }]
      const rest = async () => {
        const response = await fetch(`${url}${REST_LIST}`, { headers: ADMIN })
        if (response.status !== 200)
          throw new Error(`The REST list answered ${response.status}`)
        return (await response.json()) as { items: { id: number }[] }
      }
      const graphql = async () => {
        const response = await fetch(`${url}/api/graphql`, {
          method: 'POST',
          headers: { ...ADMIN, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query: GRAPHQL_LIST }),
        })
        if (response.status !== 200)
          throw new Error(`The GraphQL query answered ${response.status}`)
        return (await response.json()) as {
          data: { orders: { edges: { node: { id: string } }[] } }
        }
      }
      // The same rows, in the same order, or the comparison means nothing.
      const restIds = (await rest()).items.map((o) => String(o.id))
      const graphqlIds = (await graphql()).data.orders.edges.map(
        (e) => e.node.id,
      )
      if (restIds.length !== 50 || restIds.join() !== graphqlIds.join())
        throw new Error('The GraphQL page and the REST page differ.')
      const measure = async (call: () => Promise<unknown>) => {
        for (let i = 0; i < 3; i++) await call()
        const walls: number[] = []
        const before = await cpuOf(child)
        for (let i = 0; i < REQUESTS; i++) {
          const start = performance.now()
          await call()
          walls.push(performance.now() - start)
        }
        const cpu = (await cpuOf(child)) - before
        walls.sort((a, b) => a - b)
        return { cpuMs: cpu / 1000 / REQUESTS, wallMs: walls[REQUESTS / 2]! }
      }
      const mine: number[] = []
      const theirs: number[] = []
      const mineWall: number[] = []
      const theirsWall: number[] = []
      for (let round = 0; round < rounds; round++) {
        const g = await measure(graphql)
        const r = await measure(rest)
        mine.push(g.cpuMs)
        theirs.push(r.cpuMs)
        mineWall.push(g.wallMs)
        theirsWall.push(r.wallMs)
      }
      log(
        `(GS) client wall p50: GraphQL ${showSpread(spread(mineWall), ms)}, REST ${showSpread(spread(theirsWall), ms)}`,
      )
      const result: RowResult = {
        id: 'GS',
        measure: `GraphQL list query on serve (filter, sort, 50 of ${ORDERS.toLocaleString('en')} orders): server CPU per request`,
        figure: showSpread(spread(mine), ms),
        baseline: `${showSpread(spread(theirs), ms)} the same REST list`,
        ratio: times(spread(mine).median / spread(theirs).median),
        target: `≤ ${times(TARGET)} (GraphQL ÷ REST)`,
        result: verdict(spread(mine).median / spread(theirs).median <= TARGET),
      }
      return [result]
    } finally {
      child.kill()
    }
  },
}
