import autocannon from 'autocannon'
import { fork } from 'node:child_process'
import { once } from 'node:events'
import { availableParallelism, loadavg } from 'node:os'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import {
  createMockApi,
  createSeed,
  type StateSnapshot,
} from '../../src/mock-server/index.ts'
import { setupMockServer } from '../../src/msw/node.ts'
import { bigState } from './big-state.ts'
import { gzippedJsBytes } from './bundle-size.ts'
import { devtoolsGzippedBytes } from './devtools-size.ts'
import { median, merge, percentile, sample, type Samples } from './measure.ts'
import { importCreationMs, importedVersusDeclaredMs } from './openapi-import.ts'
import { soak } from './soak.ts'

/**
 * `npm run bench`: one table of figures measured side by side in one run, each against a baseline
 * doing the same job without hypermock, with the ratio and the target. Progress goes to stderr, the
 * table to stdout. `--dist <dir>` reads the playground build from elsewhere than `dist-playground`;
 * `--soak-seconds <n>` changes the soak's length (60 s; 0 skips it).
 */
const ORIGIN = 'http://hypermock.test'
const ORDER_1 = `${ORIGIN}/api/orders/1`
const CUSTOMER = { Authorization: 'Bearer customer-1-token' }
const ADMIN = { Authorization: 'Bearer admin-token' }
const distFlag = process.argv.indexOf('--dist')
const dist = distFlag > 0 ? process.argv[distFlag + 1]! : 'dist-playground'
const soakFlag = process.argv.indexOf('--soak-seconds')
const soakSeconds = soakFlag > 0 ? Number(process.argv[soakFlag + 1]) : 60

const log = (message: string) => process.stderr.write(`bench: ${message}\n`)

interface Row {
  id: string
  measure: string
  figure: string
  baseline: string
  ratio: string
  target: string
  result: string
}
const rows: Row[] = []

const us = (value: number) => `${(value * 1000).toFixed(0)} µs`
const ms = (value: number) => `${value.toFixed(2)} ms`
const times = (ratio: number) => `${ratio.toFixed(3)}×`
const verdict = (pass: boolean) => (pass ? 'PASS' : 'MISS')

// The exact answer every row serves, so that baselines return the same bytes.
const reference = await createMockApi().fetch(
  new Request(ORDER_1, { headers: CUSTOMER }),
)
const referenceBody = await reference.text()
const referenceHeaders = {
  'Content-Type': 'application/json',
  'Cache-Control': 'private, no-cache',
  ETag: reference.headers.get('ETag') ?? '"order-1-v1"',
  Vary: 'Authorization',
}

async function readThrough(fetcher: () => Promise<Response>) {
  const response = await fetcher()
  if (response.status !== 200)
    throw new Error(`Benchmark request answered ${response.status}`)
  await response.text()
}

/** Rows 1 and 2: msw `setupServer` with the whole pipeline, a bare msw handler, and `api.fetch`. */
async function mswRows() {
  log(
    '(1)(2) msw setupServer vs bare msw handler vs api.fetch, 24 alternating rounds',
  )
  const { api, server: full } = setupMockServer({
    config: { rateLimit: false },
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
  const rounds = {
    full: [] as Samples[],
    bare: [] as Samples[],
    direct: [] as Samples[],
  }
  // Many short alternating rounds, compared round by round: load from other processes on a shared
  // machine drifts over seconds and then hits both sides of a round alike.
  const ratios: number[] = []
  const options = { warmup: 20, samples: 100 }
  for (let round = 0; round < 24; round++) {
    full.listen({ onUnhandledFrame: 'error' })
    const withPipeline = await sample(viaFetch, options)
    full.close()
    bare.listen({ onUnhandledFrame: 'error' })
    const withoutPipeline = await sample(viaFetch, options)
    bare.close()
    rounds.full.push(withPipeline)
    rounds.bare.push(withoutPipeline)
    ratios.push(median(withPipeline) / median(withoutPipeline))
    rounds.direct.push(await sample(direct, { warmup: 20, samples: 300 }))
  }
  const fullMedian = median(merge(rounds.full))
  const bareMedian = median(merge(rounds.bare))
  const directMedian = median(merge(rounds.direct))
  const ratio = median({ sorted: ratios.sort((a, b) => a - b) })
  rows.push({
    id: '1',
    measure:
      'GET /api/orders/1 through msw setupServer, full pipeline (median)',
    figure: us(fullMedian),
    baseline: `${us(bareMedian)} bare msw handler, same JSON`,
    ratio: times(ratio),
    target: '≤ 1.15×',
    result: verdict(ratio <= 1.15),
  })
  rows.push({
    id: '2',
    measure:
      'GET /api/orders/1 through setupServer vs api.fetch directly (median)',
    figure: us(fullMedian),
    baseline: `${us(directMedian)} api.fetch(new Request(...))`,
    ratio: times(fullMedian / directMedian),
    target: 'info',
    result: '—',
  })
}

/** Starts one throughput target in its own process and returns its URL. */
async function startTarget(kind: 'mock' | 'bare') {
  const child = fork(
    new URL('./serve-target.ts', import.meta.url),
    [kind, referenceBody],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  const [message] = (await once(child, 'message')) as [{ url: string }]
  return { child, url: message.url }
}

async function requestsPerSecond(kind: 'mock' | 'bare') {
  const { child, url } = await startTarget(kind)
  try {
    const options = {
      url: `${url}/api/orders/1`,
      connections: 4,
      headers: CUSTOMER,
    }
    await autocannon({ ...options, duration: 1 }) // warm-up: JIT and sockets
    const result = await autocannon({ ...options, duration: 3 })
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(
        `${kind} answered ${result.non2xx} non-2xx and ${result.errors} errors`,
      )
    return result.requests.average
  } finally {
    child.kill()
    await once(child, 'exit')
  }
}

/** Row 3: the standalone server against a bare @hono/node-server, autocannon on 127.0.0.1. */
async function throughputRow() {
  log(
    '(3) standalone server vs bare @hono/node-server, autocannon 4 connections, 3 s each, alternated twice',
  )
  // Alternated, best of two each: other work on a shared machine only ever slows a run down.
  let mock = 0
  let bare = 0
  for (let round = 0; round < 2; round++) {
    mock = Math.max(mock, await requestsPerSecond('mock'))
    bare = Math.max(bare, await requestsPerSecond('bare'))
  }
  rows.push({
    id: '3',
    measure:
      'standalone server, GET /api/orders/1, requests/s (rate limit off)',
    figure: `${mock.toFixed(0)} req/s`,
    baseline: `${bare.toFixed(0)} req/s bare @hono/node-server, same JSON`,
    ratio: times(mock / bare),
    target: '≥ 0.40×',
    result: verdict(mock / bare >= 0.4),
  })
}

const LIST_QUERY =
  '/api/orders?status=pending,paid&currency=usd,eur,gbp&total[gte]=50&sort=-total,createdAt&page=3&perPage=50'

/** The same selection as LIST_QUERY in plain JavaScript: the least work any implementation does. */
function plainSelection(orders: StateSnapshot['orders']) {
  const rows = orders.filter(
    (o) =>
      (o.status === 'pending' || o.status === 'paid') &&
      (o.currency === 'usd' || o.currency === 'eur' || o.currency === 'gbp') &&
      o.total >= 50,
  )
  rows.sort(
    (a, b) =>
      b.total - a.total ||
      (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0) ||
      a.id - b.id,
  )
  return JSON.stringify(rows.slice(100, 150))
}

/** Row 4: a filtered, sorted page over big collections, read by the admin. */
async function bigCollectionRows() {
  for (const count of [10_000, 100_000]) {
    log(`(4) GET ${LIST_QUERY} over ${count} orders`)
    const api = createMockApi({ config: { rateLimit: false } })
    const state = bigState(count)
    api.state.restore(state)
    const samples = count === 10_000 ? 100 : 40
    const list = await sample(
      () =>
        readThrough(() =>
          api.fetch(new Request(`${ORIGIN}${LIST_QUERY}`, { headers: ADMIN })),
        ),
      { warmup: 5, samples },
    )
    const plain = await sample(() => plainSelection(state.orders), {
      warmup: 5,
      samples,
    })
    const p50 = median(list)
    const big = count === 100_000
    rows.push({
      id: '4',
      measure: `GET /api/orders filter+sort+page, ${count.toLocaleString('en')} orders (p50 / p95)`,
      figure: `${ms(p50)} / ${ms(percentile(list, 95))}`,
      baseline: `${ms(median(plain))} plain filter+sort+slice`,
      ratio: times(p50 / median(plain)),
      target: big ? 'p50 ≤ 15 ms' : 'info',
      result: big ? verdict(p50 <= 15) : '—',
    })
  }
}

/** Row 5: a fresh seeded instance. */
async function createRow() {
  log('(5) createMockApi()')
  const create = await sample(() => createMockApi(), {
    warmup: 200,
    samples: 2_000,
  })
  const seed = await sample(() => createSeed(), { warmup: 200, samples: 2_000 })
  const p50 = median(create)
  rows.push({
    id: '5',
    measure: 'createMockApi(), a fresh seeded instance (median)',
    figure: us(p50),
    baseline: `${us(median(seed))} createSeed() alone`,
    ratio: times(p50 / median(seed)),
    target: '≤ 1 ms',
    result: verdict(p50 <= 1),
  })
}

/** Row 6: what the playground costs a browser. */
async function bundleRow() {
  log(`(6) gzipped JS in ${dist}/assets`)
  const bytes = await gzippedJsBytes(dist)
  rows.push({
    id: '6',
    measure: 'playground JS, gzipped (all dist-playground/assets/*.js)',
    figure:
      bytes === null
        ? 'run `npm run build` first'
        : `${(bytes / 1000).toFixed(1)} kB`,
    baseline: '—',
    ratio: '—',
    target: '≤ 250 kB',
    result: bytes === null ? '—' : verdict(bytes <= 250_000),
  })
}

/** The devtools panel's cost to an app that loads it. */
async function devtoolsRow() {
  log('(D) devtools panel, bundled and minified, gzipped')
  const bytes = await devtoolsGzippedBytes()
  rows.push({
    id: 'D',
    measure:
      'devtools panel JS, gzipped (hypermock-api/devtools/lazy + its chunk)',
    figure: `${(bytes / 1000).toFixed(1)} kB`,
    baseline: '—',
    ratio: '—',
    target: '≤ 40 kB',
    result: verdict(bytes <= 40_000),
  })
}

const MB = 1024 * 1024
// RSS includes the room V8 reserves for its heap, which grows with allocation pressure and is not
// returned at once; the heap in use after a collection is what the mock really holds.
const SOAK_RSS_GROWTH = 300 * MB
const SOAK_HEAP_GROWTH = 64 * MB

/** Row 7: the soak, a long mixed run against the standalone server. */
async function soakRow() {
  log(
    `(7) soak: ${soakSeconds} s of mixed load with unique idempotency keys, fault churn and control calls`,
  )
  const result = await soak(soakSeconds)
  const growth = result.rssEnd - result.rssStart
  const heapGrowth = result.heapEnd - result.heapStart
  const errors = result.statuses['500'] ?? 0
  const statuses = Object.entries(result.statuses)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ')
  log(
    `soak: ${result.requests} requests (${statuses}), ${result.errors} socket errors; ${result.controlCalls} control calls, ${result.controlFailures} answered 5xx; server RSS ${(result.rssStart / MB).toFixed(0)} MB at the start, ${(result.rssEnd / MB).toFixed(0)} MB at the end (heap in use after GC ${(result.heapStart / MB).toFixed(0)} → ${(result.heapEnd / MB).toFixed(0)} MB)`,
  )
  rows.push({
    id: '7',
    measure: `soak: ${soakSeconds} s mixed load, new key per POST, fault churn, control calls`,
    figure: `RSS ${(result.rssStart / MB).toFixed(0)} → ${(result.rssEnd / MB).toFixed(0)} MB, heap ${(result.heapStart / MB).toFixed(0)} → ${(result.heapEnd / MB).toFixed(0)} MB, ${errors} × 500`,
    baseline: `${result.requests} requests, ${result.controlCalls} control calls`,
    ratio: '—',
    target: 'no 500s; growth: RSS ≤ 300 MB, heap ≤ 64 MB',
    result: verdict(
      errors === 0 &&
        result.controlFailures === 0 &&
        result.errors === 0 &&
        growth <= SOAK_RSS_GROWTH &&
        heapGrowth <= SOAK_HEAP_GROWTH,
    ),
  })
}

const started = performance.now()
log(
  `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at start`,
)
// Throughput first: it runs on real sockets, before msw has ever patched this process's network.
await throughputRow()
// The soak too: its control loop uses the global fetch, which msw patches later on.
if (soakSeconds > 0) await soakRow()
await mswRows()
await bigCollectionRows()
await createRow()
await bundleRow()
await devtoolsRow()
// Rows 8 and 9: an imported OpenAPI description (functions in openapi-import.ts).
{
  log('(8, 9) OpenAPI import')
  const created = await importCreationMs()
  rows.push({
    id: '8',
    measure: `a mock from a ${created.paths}-path OpenAPI description (median)`,
    figure: ms(created.ms),
    baseline: '—',
    ratio: '—',
    target: '≤ 200 ms',
    result: verdict(created.ms <= 200),
  })
  const read = await importedVersusDeclaredMs()
  rows.push({
    id: '9',
    measure: 'one item read, imported resource (median)',
    figure: us(read.imported),
    baseline: `${us(read.declared)} the same declared with zod`,
    ratio: times(read.imported / read.declared),
    target: '≤ 1.2×',
    result: verdict(read.imported / read.declared <= 1.2),
  })
}
log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`)

const header: Row = {
  id: '#',
  measure: 'measure',
  figure: 'hypermock',
  baseline: 'baseline',
  ratio: 'ratio',
  target: 'target',
  result: 'result',
}
const columns = Object.keys(header) as (keyof Row)[]
const widths = columns.map((column) =>
  Math.max(...[header, ...rows].map((row) => row[column].length)),
)
const line = (row: Row, fill = ' ') =>
  `| ${columns
    .map((column, i) => row[column].padEnd(widths[i]!, fill))
    .join(' | ')} |`
console.log(
  [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.sort((a, b) => Number(a.id) - Number(b.id)).map((row) => line(row)),
  ].join('\n'),
)
