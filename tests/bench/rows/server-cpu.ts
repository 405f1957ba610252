import autocannon from 'autocannon'
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { showSpread, spread } from '../measure.ts'
import { pin, unpin } from '../pin.ts'
import { CUSTOMER, referenceBody } from '../reference.ts'
import { count, times, us, verdict, type BenchRow } from '../row.ts'

/** hypermock's speed as a share of the bare server's, by CPU time per request. */
const TARGET = 0.5
const CONNECTIONS = 4

interface Target {
  kind: 'mock' | 'bare'
  child: ChildProcess
  url: string
}

async function startTarget(kind: Target['kind']): Promise<Target> {
  const child = fork(
    new URL('../serve-target.ts', import.meta.url),
    [kind, referenceBody],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  const [message] = (await once(child, 'message')) as [{ url: string }]
  return { kind, child, url: message.url }
}

/** The target process's CPU time so far, in µs. */
async function cpuOf({ child }: Target): Promise<number> {
  child.send('cpu')
  for (;;) {
    const [reply] = (await once(child, 'message')) as [{ cpu?: number }]
    if (reply.cpu !== undefined) return reply.cpu
  }
}

/** One round of load: requests/s as the client saw them, and the server's CPU µs per request. */
async function round(target: Target, seconds: number) {
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
  return {
    perSecond: result.requests.total / result.duration,
    cpuMsPerRequest: cpu / 1000 / result.requests.total,
  }
}

/**
 * Row 3: the standalone server against a bare @hono/node-server answering the same bytes, both
 * running the whole time, alternated round by round. The servers share one core and autocannon
 * has the other, so neither waits on the load generator's turn. The target is on the server's CPU
 * time per request (its process's CPU time over a round ÷ the requests answered): time the
 * machine's other work takes does not count in it, as it does in requests per second.
 */
export const serverCpuRows: BenchRow = {
  ids: ['3'],
  async run({ rounds, roundSeconds, log }) {
    const mock = await startTarget('mock')
    const bare = await startTarget('bare')
    const pinned =
      pin(mock.child.pid!, '0') &&
      pin(bare.child.pid!, '0') &&
      pin(process.pid, '1')
    log(
      `(3) standalone server vs bare @hono/node-server, ${rounds} alternating rounds of ${roundSeconds} s, ${CONNECTIONS} connections, ${pinned ? 'servers on core 0 and autocannon on core 1' : 'unpinned (taskset or a second core missing)'}`,
    )
    const figures = {
      mockCpu: [] as number[],
      bareCpu: [] as number[],
      ratio: [] as number[],
      mockRps: [] as number[],
      bareRps: [] as number[],
    }
    try {
      for (const target of [mock, bare]) await round(target, 2) // warm-up: JIT, sockets
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? [mock, bare] : [bare, mock]
        const results = new Map<Target, Awaited<ReturnType<typeof round>>>()
        for (const target of order)
          results.set(target, await round(target, roundSeconds))
        const m = results.get(mock)!
        const b = results.get(bare)!
        figures.mockCpu.push(m.cpuMsPerRequest)
        figures.bareCpu.push(b.cpuMsPerRequest)
        figures.ratio.push(b.cpuMsPerRequest / m.cpuMsPerRequest)
        figures.mockRps.push(m.perSecond)
        figures.bareRps.push(b.perSecond)
      }
    } finally {
      unpin(process.pid)
      for (const { child } of [mock, bare]) {
        child.kill()
        await once(child, 'exit')
      }
    }
    const ratio = spread(figures.ratio)
    const rps = (values: number[]) => showSpread(spread(values), count)
    return [
      {
        id: '3',
        measure:
          'standalone server, GET /api/orders/1: server CPU time per request (rate limit off)',
        figure: showSpread(spread(figures.mockCpu), us),
        baseline: `${showSpread(spread(figures.bareCpu), us)} bare @hono/node-server, same JSON`,
        ratio: showSpread(ratio, times),
        target: `≥ ${times(TARGET)} (bare ÷ hypermock)`,
        result: verdict(ratio.median >= TARGET),
      },
      {
        id: '3',
        measure: 'the same: requests/s (load on the other core)',
        figure: rps(figures.mockRps),
        baseline: `${rps(figures.bareRps)} bare @hono/node-server`,
        ratio: showSpread(
          spread(figures.mockRps.map((m, i) => m / figures.bareRps[i]!)),
          times,
        ),
        target: 'info',
        result: '—',
      },
    ]
  },
}
