import autocannon from 'autocannon'
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { showSpread, spread } from '../measure.ts'
import { pin, unpin } from '../pin.ts'
import { ADMIN, CUSTOMER } from '../reference.ts'
import { count, times, us, verdict, type BenchRow } from '../row.ts'

const CONNECTIONS = 4
/**
 * A client reading the stream keeps up with the writes: events per second at the client at least
 * this share of the creates per second with nobody listening.
 */
const TARGET = 0.8
/** How long the stream may take, after the last create, to bring the last event. */
const DRAIN_MS = 30_000

interface Target {
  child: ChildProcess
  url: string
}

async function startTarget(): Promise<Target> {
  const child = fork(new URL('../serve-target.ts', import.meta.url), ['mock'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const [message] = (await once(child, 'message')) as [{ url: string }]
  return { child, url: message.url }
}

async function cpuOf({ child }: Target): Promise<number> {
  child.send('cpu')
  for (;;) {
    const [reply] = (await once(child, 'message')) as [{ cpu?: number }]
    if (reply.cpu !== undefined) return reply.cpu
  }
}

/**
 * An SSE client of `<base>/events` on the server: counts the frames that carry an event and
 * notes when the last one came. `ended` tells a stream the server closed (a consumer too slow
 * for the backlog is cut off).
 */
async function openStream(url: string) {
  const controller = new AbortController()
  const response = await fetch(`${url}/api/events?types=orders.created`, {
    headers: ADMIN,
    signal: controller.signal,
  })
  if (response.status !== 200)
    throw new Error(`the event stream answered ${response.status}`)
  const state = { received: 0, lastAt: 0, ended: false }
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let first!: () => void
  const opened = new Promise<void>((resolve) => (first = resolve))
  const reading = (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        first()
        buffer += decoder.decode(value, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          // A frame with data is an event; a comment (the first, a heartbeat) is not.
          if (buffer.slice(0, end).includes('data: ')) {
            state.received += 1
            state.lastAt = performance.now()
          }
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
        }
      }
      state.ended = true
    } catch {
      // Aborted by the round's end.
    }
  })()
  await opened
  return {
    state,
    async until(total: number) {
      const deadline = performance.now() + DRAIN_MS
      while (
        state.received < total &&
        !state.ended &&
        performance.now() < deadline
      )
        await new Promise((resolve) => setTimeout(resolve, 5))
    },
    async close() {
      controller.abort()
      await reading
    },
  }
}

/** Order creations from `CONNECTIONS` clients for `seconds`: how many, and their wall time. */
async function creates(target: Target, seconds: number) {
  const started = performance.now()
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        body: '{"total":12.5,"currency":"usd"}',
        headers: { ...CUSTOMER, 'Content-Type': 'application/json' },
      },
    ],
  })
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `creates answered ${result.non2xx} non-2xx and ${result.errors} errors`,
    )
  return {
    // Every answer was 2xx (checked above): one event each.
    total: result.requests.total,
    started,
    seconds: (performance.now() - started) / 1000,
  }
}

/**
 * Row E: the state events from a create to an SSE client on `serve`. Rounds alternate between
 * creates with nobody listening (the store's write and its event in the log: the write cost) and
 * the same creates with one `EventSource`-like client reading `<base>/events`: events received
 * per second, from the first create to the last event, and the server's CPU per create with the
 * stream to feed. The server runs in a process of its own; the creates and the reader share this
 * one.
 */
export const eventStreamRows: BenchRow = {
  ids: ['E'],
  async run({ rounds, roundSeconds, log }) {
    const target = await startTarget()
    const pinned = pin(target.child.pid!, '0') && pin(process.pid, '1')
    log(
      `(E) create → SSE client on serve, ${rounds} alternating rounds of ${roundSeconds} s, ${pinned ? 'server on core 0, clients on core 1' : 'unpinned'}`,
    )
    const f = {
      quietRate: [] as number[],
      quietCpu: [] as number[],
      eventRate: [] as number[],
      streamCpu: [] as number[],
      ratio: [] as number[],
    }
    let lost = 0
    try {
      // Warm-up: both kinds once.
      await creates(target, 1)
      const warm = await openStream(target.url)
      await creates(target, 1)
      await warm.close()
      for (let i = 0; i < rounds; i++) {
        const quietFirst = i % 2 === 0
        const quiet = async () => {
          const before = await cpuOf(target)
          const made = await creates(target, roundSeconds)
          f.quietCpu.push(((await cpuOf(target)) - before) / made.total) // µs
          f.quietRate.push(made.total / made.seconds)
        }
        const streamed = async () => {
          const stream = await openStream(target.url)
          const before = await cpuOf(target)
          const made = await creates(target, roundSeconds)
          await stream.until(made.total)
          const cpu = (await cpuOf(target)) - before
          const { received, lastAt, ended } = stream.state
          await stream.close()
          if (received < made.total) {
            lost += made.total - received
            log(
              `(E) round ${i + 1}: ${received} of ${made.total} events reached the client${ended ? ' (the server ended the stream)' : ''}`,
            )
          }
          f.eventRate.push(received / ((lastAt - made.started) / 1000))
          f.streamCpu.push(cpu / made.total)
        }
        if (quietFirst) {
          await quiet()
          await streamed()
        } else {
          await streamed()
          await quiet()
        }
        f.ratio.push(f.eventRate.at(-1)! / f.quietRate.at(-1)!)
      }
    } finally {
      unpin(process.pid)
      target.child.kill()
      await once(target.child, 'exit')
    }
    const perSecond = (value: number) => `${count(value)}/s`
    const cpuRatio = spread(
      f.streamCpu.map((cpu, index) => cpu / f.quietCpu[index]!),
    )
    return [
      {
        id: 'E',
        measure: `create → SSE client on serve: events per second at the client (${CONNECTIONS} connections creating orders, one stream reading), and the server's CPU per create`,
        figure: `${showSpread(spread(f.eventRate), perSecond)}; ${showSpread(spread(f.streamCpu), (value) => us(value / 1000))} CPU per create${lost > 0 ? `; ${lost} events did not arrive` : ''}`,
        baseline: `${showSpread(spread(f.quietRate), perSecond)} creates, ${showSpread(spread(f.quietCpu), (value) => us(value / 1000))} CPU per create, nobody listening (the store's write cost)`,
        ratio: `${showSpread(spread(f.ratio), times)} events/s ÷ creates/s; ${showSpread(cpuRatio, times)} CPU per create`,
        target: `every event arrives; ≥ ${times(TARGET)} events/s ÷ creates/s`,
        result: verdict(lost === 0 && spread(f.ratio).median >= TARGET),
      },
    ]
  },
}
