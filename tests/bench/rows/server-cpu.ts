import autocannon from 'autocannon'
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { checkoutOf } from '../base-checkout.ts'
import { hasValgrind } from '../callgrind.ts'
import { describeLoad, tooBusy, watchLoad } from '../machine-load.ts'
import { showSpread, spread } from '../measure.ts'
import { pin, unpin } from '../pin.ts'
import { CUSTOMER, referenceBody } from '../reference.ts'
import {
  count,
  times,
  us,
  verdict,
  type BenchRow,
  type RowResult,
} from '../row.ts'

/** hypermock's speed as a share of the bare server's, by CPU time per request. */
const TARGET = 0.5
/** The guard: CPU per request may grow by at most this much over the base commit's. */
const GUARD = 1.1
const CONNECTIONS = 4

interface Target {
  kind: 'mock' | 'bare' | 'base'
  child: ChildProcess
  url: string
}

/** `base` is the standalone server of another checkout (`checkout`), the same code otherwise. */
async function startTarget(
  kind: Target['kind'],
  checkout?: string,
): Promise<Target> {
  const script =
    checkout === undefined
      ? new URL('../serve-target.ts', import.meta.url)
      : `${checkout}/tests/bench/serve-target.ts`
  const child = fork(script, [kind === 'base' ? 'mock' : kind, referenceBody], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
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
 *
 * The guard: with a base commit (`--base`, by default where this branch left `main`), the same
 * server from that commit runs beside them in the same rounds, and the row fails when this
 * checkout's CPU per request exceeds the base's by more than 10%. Other processes' CPU and steal
 * are watched over the rounds; on a busy machine the guard gives no verdict and says why, unless
 * `--judge-busy` asks for one anyway. Where valgrind is installed the verdict is the instruction
 * count's (server-instructions.ts) and this line is shown for information: on a shared virtual
 * machine one server's CPU time per request can differ twofold from round to round with no other
 * process running and no steal, so 10% is within its noise.
 */
export const serverCpuRows: BenchRow = {
  ids: ['3'],
  async run({ rounds, roundSeconds, log, base, judgeBusy }) {
    const checkout = base === null ? undefined : checkoutOf(base)
    const mock = await startTarget('mock')
    const bare = await startTarget('bare')
    const old = checkout && (await startTarget('base', checkout))
    const targets = old ? [mock, bare, old] : [mock, bare]
    const pinned =
      targets.every((target) => pin(target.child.pid!, '0')) &&
      pin(process.pid, '1')
    log(
      `(3) standalone server vs bare @hono/node-server${old ? ` and the server at ${base!.slice(0, 12)}` : ''}, ${rounds} alternating rounds of ${roundSeconds} s, ${CONNECTIONS} connections, ${pinned ? 'servers on core 0 and autocannon on core 1' : 'unpinned (taskset or a second core missing)'}`,
    )
    const figures = {
      mockCpu: [] as number[],
      bareCpu: [] as number[],
      baseCpu: [] as number[],
      ratio: [] as number[],
      growth: [] as number[],
      mockRps: [] as number[],
      bareRps: [] as number[],
    }
    let load: ReturnType<ReturnType<typeof watchLoad>['stop']>
    try {
      for (const target of targets) await round(target, 2) // warm-up: JIT, sockets
      const ownCpu = async () => {
        const { user, system } = process.cpuUsage()
        let total = user + system
        for (const target of targets) total += await cpuOf(target)
        return total / 1000
      }
      const ownBefore = await ownCpu()
      const watch = watchLoad()
      for (let i = 0; i < rounds; i++) {
        // Each side in every position in turn, so no side always follows the same one.
        const order = targets.map((_, j) => targets[(i + j) % targets.length]!)
        if (i % 2 === 1) order.reverse()
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
        if (old) {
          const o = results.get(old)!
          figures.baseCpu.push(o.cpuMsPerRequest)
          figures.growth.push(m.cpuMsPerRequest / o.cpuMsPerRequest)
        }
      }
      load = watch.stop((await ownCpu()) - ownBefore)
    } finally {
      unpin(process.pid)
      for (const { child } of targets) {
        child.kill()
        await once(child, 'exit')
      }
    }
    const ratio = spread(figures.ratio)
    const rps = (values: number[]) => showSpread(spread(values), count)
    const rows: RowResult[] = [
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
    if (old) {
      const growth = spread(figures.growth)
      const busy = tooBusy(load)
      log(`(3) guard: ${describeLoad(load)}`)
      if (busy) log(`(3) guard: machine busy: ${busy}`)
      const counted = await hasValgrind()
      const judged = !counted && (busy === null || judgeBusy)
      rows.push({
        id: '3',
        measure: `guard: the same, this checkout against ${base!.slice(0, 12)} (the base) in the same rounds (${describeLoad(load)})`,
        figure: showSpread(spread(figures.mockCpu), us),
        baseline: `${showSpread(spread(figures.baseCpu), us)} at the base`,
        ratio: showSpread(growth, times),
        target: counted
          ? 'info (judged by instructions, below)'
          : `≤ ${times(GUARD)} (hypermock ÷ base)${busy === null ? '' : judgeBusy ? '; judged on a busy machine (--judge-busy)' : `; not judged, machine busy: ${busy}`}`,
        result: judged ? verdict(growth.median <= GUARD) : '—',
      })
    }
    return rows
  },
}
