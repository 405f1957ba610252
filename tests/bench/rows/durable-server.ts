import autocannon, { type RequestSpec } from 'autocannon'
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { showSpread, spread } from '../measure.ts'
import { pin, unpin } from '../pin.ts'
import { CUSTOMER } from '../reference.ts'
import { ms, times, us, verdict, type BenchRow } from '../row.ts'

/** Reads on `--data` within 10% of in-memory: in-memory CPU ÷ durable CPU per request. */
const READ_TARGET = 0.9
/**
 * A keyed create on `--data`, committed and synced, answers within this many milliseconds at the
 * median: well inside the time a person waits on a button.
 */
const WRITE_P50_MS = 5
const CONNECTIONS = 4

interface Target {
  kind: 'mock' | 'durable'
  child: ChildProcess
  url: string
}

async function startTarget(kind: Target['kind']): Promise<Target> {
  const child = fork(new URL('../serve-target.ts', import.meta.url), [kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Rounds of keyed writes in memory make more keys than the mock's default limit.
    env: { ...process.env, BENCH_MAX_IDEMPOTENCY_KEYS: '1000000' },
  })
  const [message] = (await once(child, 'message')) as [{ url: string }]
  return { kind, child, url: message.url }
}

async function cpuOf({ child }: Target): Promise<number> {
  child.send('cpu')
  for (;;) {
    const [reply] = (await once(child, 'message')) as [{ cpu?: number }]
    if (reply.cpu !== undefined) return reply.cpu
  }
}

async function readRound(target: Target, seconds: number) {
  const before = await cpuOf(target)
  const result = await autocannon({
    url: `${target.url}/api/orders/1`,
    connections: CONNECTIONS,
    headers: CUSTOMER,
    duration: seconds,
  })
  const cpu = (await cpuOf(target)) - before
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${target.kind} answered ${result.non2xx} non-2xx and ${result.errors} errors`,
    )
  return cpu / 1000 / result.requests.total
}

let sequence = 0
/** Keyed order creations, one connection: each write's latency from send to answer. */
async function writeRound(target: Target, seconds: number) {
  const result = await autocannon({
    url: target.url,
    connections: 1,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        body: '{"total":12.5,"currency":"usd"}',
        headers: { ...CUSTOMER, 'Content-Type': 'application/json' },
        setupRequest: (request: RequestSpec) => ({
          ...request,
          headers: {
            ...request.headers,
            'Idempotency-Key': `bench-${process.pid}-${++sequence}`,
          },
        }),
      },
    ],
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${target.kind} answered ${result.non2xx} non-2xx and ${result.errors} errors to writes`,
    )
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
  }
}

/**
 * Rows 13 and 14: the standalone server with its state in a SQLite file (`serve --data`) against
 * the same server in memory, both running the whole time, alternated round by round. Reads touch
 * no store, so their CPU per request should match; a write commits (and syncs) before it answers.
 */
export const durableServerRows: BenchRow = {
  ids: ['13', '14'],
  async run({ rounds, roundSeconds, log }) {
    const memory = await startTarget('mock')
    const durable = await startTarget('durable')
    const pinned =
      pin(memory.child.pid!, '0') &&
      pin(durable.child.pid!, '0') &&
      pin(process.pid, '1')
    log(
      `(13, 14) server on --data vs in memory, ${rounds} alternating rounds of ${roundSeconds} s, ${pinned ? 'servers on core 0 and autocannon on core 1' : 'unpinned'}`,
    )
    const f = {
      memoryCpu: [] as number[],
      durableCpu: [] as number[],
      ratio: [] as number[],
      memoryP50: [] as number[],
      memoryP99: [] as number[],
      durableP50: [] as number[],
      durableP99: [] as number[],
      meanRatio: [] as number[],
    }
    try {
      for (const target of [memory, durable]) await readRound(target, 2)
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? [memory, durable] : [durable, memory]
        const cpu = new Map<Target, number>()
        for (const target of order)
          cpu.set(target, await readRound(target, roundSeconds))
        f.memoryCpu.push(cpu.get(memory)!)
        f.durableCpu.push(cpu.get(durable)!)
        f.ratio.push(cpu.get(memory)! / cpu.get(durable)!)
        const mean = new Map<Target, number>()
        for (const target of order) {
          const written = await writeRound(
            target,
            Math.max(1, roundSeconds / 2),
          )
          mean.set(target, written.mean)
          if (target === memory) {
            f.memoryP50.push(written.p50)
            f.memoryP99.push(written.p99)
          } else {
            f.durableP50.push(written.p50)
            f.durableP99.push(written.p99)
          }
        }
        f.meanRatio.push(mean.get(durable)! / mean.get(memory)!)
      }
    } finally {
      unpin(process.pid)
      for (const { child } of [memory, durable]) {
        child.kill()
        await once(child, 'exit')
      }
    }
    const ratio = spread(f.ratio)
    const p99 = spread(f.durableP99)
    // autocannon's percentiles are whole milliseconds (in memory p50 is often 0): the ratio is of means.
    const meanRatio = spread(f.meanRatio)
    return [
      {
        id: '13',
        measure:
          'standalone server on --data (SQLite), GET /api/orders/1: server CPU time per request',
        figure: showSpread(spread(f.durableCpu), us),
        baseline: `${showSpread(spread(f.memoryCpu), us)} the same server in memory`,
        ratio: showSpread(ratio, times),
        target: `≥ ${times(READ_TARGET)} (memory ÷ --data)`,
        result: verdict(ratio.median >= READ_TARGET),
      },
      {
        id: '14',
        measure:
          'standalone server on --data, keyed POST /api/orders (committed and synced before the answer): latency p50 / p99, one client',
        figure: `p50 ${showSpread(spread(f.durableP50), ms)}; p99 ${showSpread(p99, ms)}`,
        baseline: `p50 ${showSpread(spread(f.memoryP50), ms)}; p99 ${showSpread(spread(f.memoryP99), ms)} in memory`,
        ratio: `${showSpread(meanRatio, times)} mean latency (--data ÷ memory)`,
        // A wall-clock bound: on a loaded machine it measures the load as well.
        target: `p50 ≤ ${ms(WRITE_P50_MS)} (--data)`,
        result: verdict(spread(f.durableP50).median <= WRITE_P50_MS),
      },
    ]
  },
}
