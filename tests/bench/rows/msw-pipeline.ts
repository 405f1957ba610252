import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { setupMockServer } from '../../../src/msw/node.ts'
import { cpuPercentile, sample, showSpread, spread } from '../measure.ts'
import {
  CUSTOMER,
  ORDER_1,
  ORIGIN,
  readThrough,
  referenceBody,
  referenceHeaders,
} from '../reference.ts'
import { times, us, verdict, type BenchRow } from '../row.ts'

const TARGET = 1.1
/** Blocks per side in a round: short, interleaved, so drift within a round hits both sides. */
const BLOCKS = 4
const block = { warmup: 20, samples: 100 }
const medianOf = (values: number[]) => spread(values).median

/**
 * Rows 1 and 2: `GET /api/orders/1` through msw's `setupServer` with the whole mock behind it,
 * against a bare msw handler answering the same bytes, and against `api.fetch` alone. The target
 * is on CPU time per call, which other work on the machine does not inflate.
 */
export const mswPipelineRows: BenchRow = {
  ids: ['1', '2'],
  async run({ rounds, log }) {
    log(
      `(1)(2) msw setupServer vs bare msw handler vs api.fetch, ${rounds} rounds`,
    )
    const { api, server: full } = setupMockServer({
      config: { rateLimit: false },
      origins: [ORIGIN],
    })
    const bare = setupServer(
      http.get(
        '*/api/orders/1',
        () => new HttpResponse(referenceBody, { headers: referenceHeaders }),
      ),
    )
    const viaFetch = () =>
      readThrough(() => fetch(ORDER_1, { headers: CUSTOMER }))
    const direct = () =>
      readThrough(() => api.fetch(new Request(ORDER_1, { headers: CUSTOMER })))
    const withServer = async (server: typeof bare) => {
      server.listen({ onUnhandledFrame: 'error' })
      try {
        return await sample(viaFetch, block)
      } finally {
        server.close()
      }
    }
    const figures = {
      fullCpu: [] as number[],
      bareCpu: [] as number[],
      ratio: [] as number[],
      fullWall: [] as number[],
      directCpu: [] as number[],
    }
    for (let round = 0; round < rounds; round++) {
      const fullCpu: number[] = []
      const bareCpu: number[] = []
      const fullWall: number[] = []
      for (let i = 0; i < BLOCKS; i++) {
        // Alternated within the round, and which side goes first alternates too.
        const order = (round + i) % 2 === 0 ? [full, bare] : [bare, full]
        for (const server of order) {
          const samples = await withServer(server)
          if (server === full) {
            fullCpu.push(...samples.cpu)
            fullWall.push(...samples.sorted)
          } else bareCpu.push(...samples.cpu)
        }
      }
      const fullMedian = medianOf(fullCpu)
      const bareMedian = medianOf(bareCpu)
      figures.fullCpu.push(fullMedian)
      figures.bareCpu.push(bareMedian)
      figures.ratio.push(fullMedian / bareMedian)
      figures.fullWall.push(medianOf(fullWall))
      const directSamples = await sample(direct, { warmup: 20, samples: 300 })
      figures.directCpu.push(cpuPercentile(directSamples, 50))
    }
    const ratio = spread(figures.ratio)
    return [
      {
        id: '1',
        measure:
          'GET /api/orders/1 through msw setupServer, full pipeline: CPU time per call (median)',
        figure: showSpread(spread(figures.fullCpu), us),
        baseline: `${showSpread(spread(figures.bareCpu), us)} bare msw handler, same JSON`,
        ratio: showSpread(ratio, times),
        target: `≤ ${times(TARGET)}`,
        result: verdict(ratio.median <= TARGET),
      },
      {
        id: '2',
        measure:
          'the same through setupServer vs api.fetch directly: CPU time per call (median)',
        figure: showSpread(spread(figures.fullCpu), us),
        baseline: `${showSpread(spread(figures.directCpu), us)} api.fetch(new Request(...)); wall ${showSpread(spread(figures.fullWall), us)} via msw`,
        ratio: times(
          spread(figures.fullCpu).median / spread(figures.directCpu).median,
        ),
        target: 'info',
        result: '—',
      },
    ]
  },
}
