import { http, HttpResponse } from 'msw'
import { setupMockServer } from '../../../src/msw/node.ts'
import {
  cpuPercentile,
  sample,
  samplePairs,
  showSpread,
  spread,
} from '../measure.ts'
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
/** Calls per side in a round, taken in turns with the other side's. */
const pairs = { warmup: 20, samples: 400 }
/** The baseline's own origin, which the mock does not answer: the same path, the same length. */
const BASELINE = 'http://baseline.test/api/orders/1'

/**
 * Rows 1 and 2: `GET /api/orders/1` through msw's `setupServer` with the whole mock behind it,
 * against a bare msw handler answering the same bytes, and against `api.fetch` alone. The target
 * is on CPU time per call, which other work on the machine does not inflate.
 *
 * Both sides run in the one `setupServer`, call by call in turns, so a busy neighbour or a
 * frequency change lands on both alike: the bare handler comes first (the mock's requests pass it
 * by, a cost the ratio keeps), and answers its own origin only. Each round's ratio is the ratio
 * of its two medians; the row's figure is the median round.
 */
export const mswPipelineRows: BenchRow = {
  ids: ['1', '2'],
  async run({ rounds, log }) {
    log(
      `(1)(2) msw setupServer vs bare msw handler (call by call in turns) vs api.fetch, ${rounds} rounds`,
    )
    const { api, server } = setupMockServer({
      config: { rateLimit: false },
      origins: [ORIGIN],
    })
    server.use(
      http.get(
        BASELINE,
        () => new HttpResponse(referenceBody, { headers: referenceHeaders }),
      ),
    )
    const full = () => readThrough(() => fetch(ORDER_1, { headers: CUSTOMER }))
    const bare = () => readThrough(() => fetch(BASELINE, { headers: CUSTOMER }))
    const direct = () =>
      readThrough(() => api.fetch(new Request(ORDER_1, { headers: CUSTOMER })))
    const figures = {
      fullCpu: [] as number[],
      bareCpu: [] as number[],
      ratio: [] as number[],
      fullWall: [] as number[],
      directCpu: [] as number[],
    }
    server.listen({ onUnhandledFrame: 'error' })
    try {
      for (let round = 0; round < rounds; round++) {
        const [fullSamples, bareSamples] = await samplePairs(full, bare, pairs)
        const fullMedian = cpuPercentile(fullSamples, 50)
        const bareMedian = cpuPercentile(bareSamples, 50)
        figures.fullCpu.push(fullMedian)
        figures.bareCpu.push(bareMedian)
        figures.ratio.push(fullMedian / bareMedian)
        figures.fullWall.push(spread(fullSamples.sorted).median)
        const directSamples = await sample(direct, {
          warmup: 20,
          samples: 300,
        })
        figures.directCpu.push(cpuPercentile(directSamples, 50))
      }
    } finally {
      server.close()
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
