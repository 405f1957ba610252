import { showSpread, spread } from '../measure.ts'
import { ms, times, verdict, type BenchRow } from '../row.ts'
import { readHar } from '../../../src/record/read-har.ts'
import { recordExchanges } from '../../../src/record/record.ts'

const ENTRIES = 10_000

/** A HAR of 10,000 exchanges over ten collections, about 50 MB: lists, reads, creates, actions. */
function bigHar(): string {
  const origin = 'https://staging.example'
  const filler = 'x'.repeat(4_000)
  const entries = Array.from({ length: ENTRIES }, (_, i) => {
    const collection = `things${i % 10}`
    const id = (i % 500) + 1
    const record = {
      id,
      name: `thing ${id}`,
      status: i % 3 === 0 ? 'open' : 'closed',
      ownerId: (i % 7) + 1,
      notes: filler,
      createdAt: '2026-01-05T09:00:00.000Z',
    }
    const kind = i % 4
    const url =
      kind === 0
        ? `${origin}/api/${collection}?page=${(i % 5) + 1}&perPage=2`
        : `${origin}/api/${collection}/${id}`
    const body =
      kind === 0 ? { items: [record, { ...record, id: id + 1 }] } : record
    return {
      startedDateTime: '2026-01-05T09:00:00.000Z',
      time: 1,
      request: {
        method: 'GET',
        url,
        headers: [{ name: 'Authorization', value: 'Bearer abc.def.ghi' }],
      },
      response: {
        status: 200,
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        content: { mimeType: 'application/json', text: JSON.stringify(body) },
      },
    }
  })
  return JSON.stringify({ log: { version: '1.2', entries } })
}

/** Row R: `record --har` on a 10,000-entry HAR, against parsing its JSON alone. */
export const recordHarRows: BenchRow = {
  ids: ['R'],
  async run({ rounds, log }) {
    const text = bigHar()
    const megabytes = text.length / 1024 / 1024
    log(
      `(R) record from a ${ENTRIES}-entry HAR of ${megabytes.toFixed(0)} MB, ${rounds} rounds`,
    )
    const recorded: number[] = []
    const parsed: number[] = []
    const heaps: number[] = []
    for (let round = 0; round < rounds; round++) {
      globalThis.gc?.()
      const heapBefore = process.memoryUsage().heapUsed
      let start = performance.now()
      const { api } = recordExchanges(readHar(text))
      recorded.push(performance.now() - start)
      heaps.push((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024)
      if (api.resources.length !== 10)
        throw new Error(`expected 10 resources, read ${api.resources.length}`)
      start = performance.now()
      JSON.parse(text)
      parsed.push(performance.now() - start)
    }
    const time = spread(recorded)
    const ratio = spread(recorded.map((r, i) => r / parsed[i]!))
    return [
      {
        id: 'R',
        measure: `record --har: ${ENTRIES} entries, ${megabytes.toFixed(0)} MB, read and inferred (heap after: ${spread(heaps).median.toFixed(0)} MB)`,
        figure: showSpread(time, ms),
        baseline: `${showSpread(spread(parsed), ms)} JSON.parse of the file`,
        ratio: showSpread(ratio, times),
        target: '≤ 10 s',
        result: verdict(time.max <= 10_000),
      },
    ]
  },
}
