import autocannon from 'autocannon'
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createMockApi } from '../../../src/index.ts'
import { cpuPercentile, sample, showSpread, spread } from '../measure.ts'
import { library } from '../own-api.ts'
import { pin, unpin } from '../pin.ts'
import { times, us, verdict, type BenchRow } from '../row.ts'

/** A declared API costs what the built-in one does: each figure within 10% of it. */
const WITHIN = 1.1

interface Target {
  child: ChildProcess
  url: string
  path: string
  token: string
}

async function start(
  kind: 'mock' | 'library',
  path: string,
  token: string,
): Promise<Target> {
  const child = fork(new URL('../serve-target.ts', import.meta.url), [kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const [message] = (await once(child, 'message')) as [{ url: string }]
  return { child, url: message.url, path, token }
}

async function cpuOf({ child }: Target): Promise<number> {
  child.send('cpu')
  for (;;) {
    const [reply] = (await once(child, 'message')) as [{ cpu?: number }]
    if (reply.cpu !== undefined) return reply.cpu
  }
}

/** The server's CPU ms per request over one round of load. */
async function round(target: Target, seconds: number) {
  const before = await cpuOf(target)
  const result = await autocannon({
    url: `${target.url}${target.path}`,
    connections: 4,
    headers: { Authorization: `Bearer ${target.token}` },
    duration: seconds,
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${target.path} answered ${result.non2xx} non-2xx and ${result.errors} errors`,
    )
  return ((await cpuOf(target)) - before) / 1000 / result.requests.total
}

/**
 * Rows 11 and 12: the lending library declared in examples/own-api against the built-in domain, in
 * the same run: one item read from the standalone server (server CPU time per request, alternated
 * rounds, servers on one core and the load on the other), and a new instance.
 */
export const declaredApiRows: BenchRow = {
  ids: ['11', '12'],
  async run({ rounds, roundSeconds, log }) {
    const builtIn = await start('mock', '/api/orders/1', 'customer-1-token')
    const declared = await start('library', '/api/loans/1', 'ada-token')
    const pinned =
      pin(builtIn.child.pid!, '0') &&
      pin(declared.child.pid!, '0') &&
      pin(process.pid, '1')
    log(
      `(11, 12) declared lending library vs built-in domain, ${rounds} alternating rounds${pinned ? ', pinned' : ''}`,
    )
    const reads = { builtIn: [] as number[], declared: [] as number[] }
    try {
      for (const target of [builtIn, declared]) await round(target, 2) // warm-up
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? [builtIn, declared] : [declared, builtIn]
        for (const target of order) {
          const cpu = await round(target, roundSeconds)
          ;(target === builtIn ? reads.builtIn : reads.declared).push(cpu)
        }
      }
    } finally {
      unpin(process.pid)
      for (const { child } of [builtIn, declared]) {
        child.kill()
        await once(child, 'exit')
      }
    }
    const creates = { builtIn: [] as number[], declared: [] as number[] }
    const options = { warmup: 100, samples: 500 }
    for (let i = 0; i < rounds; i++) {
      creates.builtIn.push(
        cpuPercentile(await sample(() => createMockApi(), options), 50),
      )
      creates.declared.push(
        cpuPercentile(
          await sample(() => createMockApi({ api: library }), options),
          50,
        ),
      )
    }
    const ratio = (a: number[], b: number[]) =>
      spread(a.map((value, i) => value / b[i]!))
    const readRatio = ratio(reads.declared, reads.builtIn)
    const createRatio = ratio(creates.declared, creates.builtIn)
    return [
      {
        id: '11',
        measure:
          'declared API (examples/own-api), GET /api/loans/1 on the standalone server: server CPU per request',
        figure: showSpread(spread(reads.declared), us),
        baseline: `${showSpread(spread(reads.builtIn), us)} built-in GET /api/orders/1`,
        ratio: showSpread(readRatio, times),
        target: `≤ ${times(WITHIN)}`,
        result: verdict(readRatio.median <= WITHIN),
      },
      {
        id: '12',
        measure:
          'declared API (examples/own-api): createMockApi({ api }), CPU time (median)',
        figure: showSpread(spread(creates.declared), us),
        baseline: `${showSpread(spread(creates.builtIn), us)} createMockApi() (built-in)`,
        ratio: showSpread(createRatio, times),
        target: `≤ ${times(WITHIN)}`,
        result: verdict(createRatio.median <= WITHIN),
      },
    ]
  },
}
