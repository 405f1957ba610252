import { createMockApi } from '../../../src/index.ts'
import { createSeed } from '../../support/shop-fixtures.ts'
import { cpuPercentile, sample, showSpread, spread } from '../measure.ts'
import { times, us, verdict, type BenchRow } from '../row.ts'

const TARGET_MS = 1

/** Row 5: a fresh seeded instance, alternated with building the seed alone; CPU time per call. */
export const createInstanceRows: BenchRow = {
  ids: ['5'],
  async run({ rounds, log }) {
    log(`(5) createMockApi(), ${rounds} rounds`)
    const create: number[] = []
    const seed: number[] = []
    const options = { warmup: 100, samples: 500 }
    for (let round = 0; round < rounds; round++) {
      create.push(
        cpuPercentile(await sample(() => createMockApi(), options), 50),
      )
      seed.push(cpuPercentile(await sample(() => createSeed(), options), 50))
    }
    const figure = spread(create)
    return [
      {
        id: '5',
        measure: 'createMockApi(), a fresh seeded instance: CPU time (median)',
        figure: showSpread(figure, us),
        baseline: `${showSpread(spread(seed), us)} createSeed() alone`,
        ratio: times(figure.median / spread(seed).median),
        target: `≤ ${TARGET_MS} ms`,
        result: verdict(figure.median <= TARGET_MS),
      },
    ]
  },
}
