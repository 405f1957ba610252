import autocannon, { type RequestSpec } from 'autocannon'
import { fork } from 'node:child_process'
import { once } from 'node:events'

/**
 * The soak: the standalone server under mixed load for a while (reads, keyed creates and transfers
 * with a new idempotency key each time), while fault rules come and go and control calls move the
 * clock, read the state and the journal. It reports the server process's resident memory at the
 * start and the end, and every status it answered: a 500 would be a failure of the mock itself.
 */
export interface SoakResult {
  seconds: number
  requests: number
  statuses: Record<string, number>
  errors: number
  controlCalls: number
  controlFailures: number
  rssStart: number
  rssEnd: number
  /** The V8 heap in use after a full collection: what the mock holds, without V8's slack. */
  heapStart: number
  heapEnd: number
}

interface Memory {
  rss: number
  heap: number
}

const CUSTOMER = 'Bearer customer-1-token'
const ADMIN = 'Bearer admin-token'

async function startSoakTarget() {
  const child = fork(new URL('./serve-target.ts', import.meta.url), ['mock'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, '--expose-gc'],
  })
  const [message] = (await once(child, 'message')) as [{ url: string }]
  const memory = async (): Promise<Memory> => {
    child.send('rss')
    for (;;) {
      const [reply] = (await once(child, 'message')) as [Partial<Memory>]
      if (reply.rss !== undefined) return reply as Memory
    }
  }
  return { child, url: message.url, memory }
}

/** Fault churn and control calls, one every `everyMs`, until `stop` is set. */
async function controlLoop(url: string, stop: () => boolean, everyMs: number) {
  let calls = 0
  let failures = 0
  const ids: string[] = []
  const call = async (path: string, init?: RequestInit) => {
    calls += 1
    const response = await fetch(`${url}${path}`, init)
    if (response.status >= 500) failures += 1
    await response.arrayBuffer()
    return response
  }
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  for (let tick = 0; !stop(); tick++) {
    const step = tick % 8
    if (step === 0 || step === 4) {
      // Gateway faults only: a 500 in the count must mean the mock failed, never a rule asked for it.
      const effects = [
        { kind: 'status', status: 503, retryAfter: 1 },
        { kind: 'status', status: 502 },
        { kind: 'delay', ms: 5 },
      ]
      const response = await call(
        '/__mock/faults',
        json('POST', {
          match: { path: `/api/orders*${tick % 3 === 0 ? '*1*' : ''}` },
          effect: effects[tick % effects.length],
          probability: 0.05,
          times: 50,
        }),
      )
      if (response.status === 201) ids.push(response.headers.get('Location')!)
    } else if (step === 1 && ids.length > 0) {
      await call(ids.shift()!, { method: 'DELETE' })
    } else if (step === 2) {
      // An hour of mock time per call: keys older than 24 h of it expire and are swept.
      await call('/__mock/clock', json('POST', { advanceMs: 3_600_000 }))
    } else if (step === 3) {
      await call('/__mock/journal')
    } else if (step === 5) {
      await call('/__mock/config', json('PATCH', { latencyMs: tick % 2 }))
    } else if (step === 6 && tick % 40 === 6) {
      await call('/__mock/state')
    } else if (step === 7 && tick % 80 === 7) {
      await call('/__mock/faults', { method: 'DELETE' })
      ids.length = 0
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
  return { calls, failures }
}

export async function soak(seconds: number): Promise<SoakResult> {
  const target = await startSoakTarget()
  try {
    let sequence = 0
    const key = () => `soak-${process.pid}-${++sequence}`
    const keyed = (path: string, body: string, auth: string) => ({
      method: 'POST',
      path,
      body,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      setupRequest: (request: RequestSpec) => ({
        ...request,
        headers: { ...request.headers, 'Idempotency-Key': key() },
      }),
    })
    const requests = [
      {
        method: 'GET',
        path: '/api/orders/1',
        headers: { Authorization: CUSTOMER },
      },
      keyed('/api/orders', '{"total":12.5,"currency":"usd"}', CUSTOMER),
      {
        method: 'GET',
        path: '/api/orders?status=pending&sort=-total,createdAt&perPage=5',
        headers: { Authorization: ADMIN },
      },
      keyed(
        '/api/transfers',
        '{"fromAccountId":1,"toAccountId":3,"amount":1,"currency":"usd"}',
        CUSTOMER,
      ),
      { method: 'GET', path: '/api', headers: {} },
    ]
    const run = async (duration: number) => {
      let stopped = false
      const control = controlLoop(target.url, () => stopped, 50)
      const load = await autocannon({
        url: target.url,
        connections: 8,
        duration,
        requests,
      })
      stopped = true
      return { load, control: await control }
    }
    // The same mix for a while first: JIT code and the allocator's arenas grow once, and the
    // baseline is read after them, so that what the soak reports is growth that would go on.
    await run(Math.min(10, Math.ceil(seconds / 6)))
    const start = await target.memory()
    const { load, control } = await run(seconds)
    const end = await target.memory()
    const statuses = Object.fromEntries(
      Object.entries(load.statusCodeStats).map(([code, { count }]) => [
        code,
        count,
      ]),
    )
    return {
      seconds,
      requests: load.requests.total,
      statuses,
      errors: load.errors,
      controlCalls: control.calls,
      controlFailures: control.failures,
      rssStart: start.rss,
      rssEnd: end.rss,
      heapStart: start.heap,
      heapEnd: end.heap,
    }
  } finally {
    target.child.kill()
    await once(target.child, 'exit')
  }
}
