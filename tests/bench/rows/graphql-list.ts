import { createMockApi } from '../../../src/index.ts'
import { bigState } from '../big-state.ts'
import { cpuPercentile, sample, showSpread, spread } from '../measure.ts'
import { ADMIN, ORIGIN } from '../reference.ts'
import { ms, times, verdict, type BenchRow, type RowResult } from '../row.ts'

const ORDERS = 10_000
/**
 * A list asked for in GraphQL may cost at most twice the CPU of the same REST list: graphql-js
 * parses, validates and resolves the query field by field, where the REST list writes one JSON.
 */
const TARGET = 2
const REST_LIST = `${ORIGIN}/api/orders?status=pending,paid&sort=-total&perPage=50`
const GRAPHQL_LIST = `{ orders(first: 50, filter: { statusIn: [PENDING, PAID] }, orderBy: [{ field: TOTAL, direction: DESC }]) {
  totalCount edges { node { id status total currency customerId note version createdAt updatedAt } } } }`

/**
 * Row G: one page of a filtered, sorted list read over GraphQL, against the same page of the same
 * rows read over REST, round by round in one instance. The figure is the CPU p50 per call.
 */
export const graphqlListRows: BenchRow = {
  ids: ['G'],
  async run({ rounds, log }) {
    log(
      `(G) a GraphQL list query and the same REST list, ${ORDERS} orders, ${rounds} rounds`,
    )
    const api = createMockApi({ config: { rateLimit: false } })
    api.state.restore(bigState(ORDERS))
    const rest = async () => {
      const response = await api.fetch(
        new Request(REST_LIST, { headers: ADMIN }),
      )
      return (await response.json()) as { items: { id: number }[] }
    }
    const graphql = async () => {
      const response = await api.fetch(
        new Request(`${ORIGIN}/api/graphql`, {
          method: 'POST',
          headers: { ...ADMIN, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query: GRAPHQL_LIST }),
        }),
      )
      return (await response.json()) as {
        data: { orders: { edges: { node: { id: string } }[] } }
      }
    }
    // The same rows, in the same order, or the comparison means nothing.
    const restIds = (await rest()).items.map((o) => String(o.id))
    const graphqlIds = (await graphql()).data.orders.edges.map((e) => e.node.id)
    if (restIds.join() !== graphqlIds.join())
      throw new Error('The GraphQL page and the REST page differ.')
    const mine: number[] = []
    const theirs: number[] = []
    for (let round = 0; round < rounds; round++) {
      mine.push(
        cpuPercentile(await sample(graphql, { warmup: 3, samples: 40 }), 50),
      )
      theirs.push(
        cpuPercentile(await sample(rest, { warmup: 3, samples: 40 }), 50),
      )
    }
    const result: RowResult = {
      id: 'G',
      measure: `GraphQL list query (filter, sort, 50 of ${ORDERS.toLocaleString('en')} orders): CPU p50 per call`,
      figure: showSpread(spread(mine), ms),
      baseline: `${showSpread(spread(theirs), ms)} the same REST list`,
      ratio: times(spread(mine).median / spread(theirs).median),
      target: `≤ ${times(TARGET)} (GraphQL ÷ REST)`,
      result: verdict(spread(mine).median / spread(theirs).median <= TARGET),
    }
    return [result]
  },
}
