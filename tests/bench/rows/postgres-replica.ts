import autocannon, { type RequestSpec } from 'autocannon'
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import {
  findPostgresBin,
  startPostgres,
} from '../../integration/postgres/postgres-cluster.ts'
import { showSpread, spread } from '../measure.ts'
import { pin, unpin } from '../pin.ts'
import { CUSTOMER } from '../reference.ts'
import { times, us, verdict, type BenchRow, type RowResult } from '../row.ts'

const CONNECTIONS = 4

interface Target {
  kind: 'mock' | 'postgres'
  child: ChildProcess
  url: string
}

async function startTarget(
  kind: Target['kind'],
  database = '',
): Promise<Target> {
  const child = fork(
    new URL('../serve-target.ts', import.meta.url),
    [kind, database],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // A round of keyed writes in memory makes more keys than the mock's default limit.
      env: { ...process.env, BENCH_MAX_IDEMPOTENCY_KEYS: '1000000' },
    },
  )
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

let sequence = 0

/** Server CPU per request (ms) over one round of reads or keyed writes. */
async function round(target: Target, kind: 'read' | 'write', seconds: number) {
  const before = await cpuOf(target)
  const result = await autocannon(
    kind === 'read'
      ? {
          url: `${target.url}/api/orders/1`,
          connections: CONNECTIONS,
          headers: CUSTOMER,
          duration: seconds,
        }
      : {
          url: target.url,
          connections: CONNECTIONS,
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
                  'Idempotency-Key': `bench-pg-${process.pid}-${++sequence}`,
                },
              }),
            },
          ],
        },
  )
  const cpu = (await cpuOf(target)) - before
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${target.kind} answered ${result.non2xx} non-2xx and ${result.errors} errors to ${kind}s`,
    )
  return {
    cpu: cpu / 1000 / result.requests.total,
    perSecond: result.requests.total / seconds,
  }
}

/**
 * The server's CPU per request on a PostgreSQL replica as a multiple of the same server's in
 * memory. A read is answered from the replica's copy of the state, so it should cost what memory
 * does (within 10%); a write also sends its change set to PostgreSQL and waits for the commit.
 */
const TARGET = { read: 1.1, write: 2 } as const

/**
 * Rows P1 and P2: the standalone server as one replica on PostgreSQL (a cluster the row starts
 * itself, on loopback) against the same server in memory, alternated round by round: server CPU
 * per request for reads and for keyed writes. The database's own CPU is not counted (it runs
 * on its own machine in a deployment); requests per second are reported beside it.
 */
export const postgresReplicaRows: BenchRow = {
  ids: ['P1', 'P2'],
  async run({ rounds, roundSeconds, log }) {
    const bin = findPostgresBin()
    if (!bin) {
      log('(P1, P2) skipped: no PostgreSQL server binaries (initdb, pg_ctl)')
      return ['P1', 'P2'].map((id): RowResult => ({
        id,
        measure: 'replica on PostgreSQL: skipped, PostgreSQL not installed',
        figure: '—',
        baseline: '—',
        ratio: '—',
        target: '— (reported)',
        result: '—',
      }))
    }
    const cluster = await startPostgres(bin)
    const memory = await startTarget('mock')
    const postgres = await startTarget('postgres', cluster.url)
    const pinned =
      pin(memory.child.pid!, '0') &&
      pin(postgres.child.pid!, '0') &&
      pin(process.pid, '1')
    log(
      `(P1, P2) one replica on PostgreSQL vs in memory, ${rounds} alternating rounds of ${roundSeconds} s, ${pinned ? 'servers on core 0 and autocannon on core 1' : 'unpinned'}`,
    )
    const f = {
      read: { memory: [] as number[], postgres: [] as number[] },
      write: { memory: [] as number[], postgres: [] as number[] },
      readRate: [] as number[],
      writeRate: [] as number[],
    }
    try {
      for (const target of [memory, postgres]) await round(target, 'read', 2)
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? [memory, postgres] : [postgres, memory]
        for (const kind of ['read', 'write'] as const)
          for (const target of order) {
            const { cpu, perSecond } = await round(target, kind, roundSeconds)
            f[kind][target === memory ? 'memory' : 'postgres'].push(cpu)
            if (target === postgres)
              (kind === 'read' ? f.readRate : f.writeRate).push(perSecond)
          }
      }
    } finally {
      unpin(process.pid)
      for (const { child } of [memory, postgres]) {
        child.kill()
        await once(child, 'exit')
      }
      cluster.destroy()
    }
    const row = (
      id: string,
      kind: 'read' | 'write',
      measure: string,
      rates: number[],
    ): RowResult => ({
      id,
      measure,
      figure: `${showSpread(spread(f[kind].postgres), us)} (${Math.round(spread(rates).median)} requests/s)`,
      baseline: `${showSpread(spread(f[kind].memory), us)} the same server in memory`,
      ratio: `${showSpread(
        spread(f[kind].postgres.map((value, i) => value / f[kind].memory[i]!)),
        times,
      )} (PostgreSQL ÷ memory)`,
      target: `≤ ${times(TARGET[kind])} (PostgreSQL ÷ memory)`,
      result: verdict(
        spread(f[kind].postgres.map((value, i) => value / f[kind].memory[i]!))
          .median <= TARGET[kind],
      ),
    })
    return [
      row(
        'P1',
        'read',
        'one replica on PostgreSQL, GET /api/orders/1: server CPU time per request',
        f.readRate,
      ),
      row(
        'P2',
        'write',
        'one replica on PostgreSQL, keyed POST /api/orders (committed before the answer): server CPU time per request',
        f.writeRate,
      ),
    ]
  },
}
