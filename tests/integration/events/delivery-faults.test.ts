import { CloudEvent } from 'cloudevents'
import { EventSource } from 'eventsource'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createMockApi, type MockApi } from '../../../src/mock-server/index.ts'
import { limits } from '../../../src/mock-server/limits.ts'
import type { CloudEventJson } from '../../../src/mock-server/store/state-event.ts'
import {
  startServer,
  type RunningServer,
} from '../../../src/server/start-server.ts'
import { sseReader } from '../../support/sse-frames.ts'
import { gardenApi } from './garden-api.ts'

const BASE = 'http://localhost/api'
const CONTROL = 'http://localhost/__mock'
const admin = { Authorization: 'Bearer admin-token' }

let cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
  vi.useRealTimers()
})

/** A mock whose clock stands still unless advanced: a delay comes due when the test says. */
function mock() {
  const api = createMockApi({
    api: gardenApi,
    basePath: '/api',
    now: () => Date.UTC(2026, 2, 1, 9, 0, 0),
  }) as unknown as MockApi
  cleanups.push(() => api.reset())
  return api
}

function control(api: MockApi, method: string, path: string, body?: unknown) {
  return api.fetch(
    new Request(`${CONTROL}${path}`, {
      method,
      ...(body !== undefined && {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    }),
  )
}

async function eventsFault(api: MockApi, effect: object, times = 1) {
  const response = await control(api, 'POST', '/faults', {
    target: 'events',
    effect,
    times,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const harvest = (api: MockApi, id: number) =>
  api.fetch(
    new Request(`${BASE}/plants/${id}/harvest`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: '{}',
    }),
  )

/** A new plant: a `plants.created` event. */
const plant = (api: MockApi) =>
  api.fetch(
    new Request(`${BASE}/plants`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Leek', bedId: 1, gardenerId: 1 }),
    }),
  )

/** An `/events` stream of plants' harvests and new plants, read frame by frame. */
async function open(api: MockApi, headers: Record<string, string> = {}) {
  const response = await api.fetch(
    new Request(`${BASE}/events?types=plants.harvest,plants.created`, {
      headers: { ...admin, ...headers },
    }),
  )
  expect(response.status).toBe(200)
  const reader = sseReader(response.body!)
  cleanups.push(() => reader.cancel().catch(() => {}))
  return {
    /** The next event's `id:` and subject; `null` once the stream ended. */
    async next() {
      const frame = await reader.nextEvent()
      if (frame === null) return null
      const event = JSON.parse(frame.data!) as CloudEventJson
      new CloudEvent({ ...event }, true).validate()
      return `${frame.id} ${event.subject}`
    },
  }
}

async function eventVerdicts(api: MockApi) {
  const response = await control(api, 'GET', '/operations')
  return (
    (await response.json()) as {
      eventVerdicts: { id: string; channel: string; consumer: string }[]
    }
  ).eventVerdicts
}

describe('an events fault through the fault API', () => {
  test('lists every mistake of its body at once', async () => {
    const api = mock()
    const response = await control(api, 'POST', '/faults', {
      target: 'events',
      match: { path: '/api/plants' },
      effect: { kind: 'status', status: 503 },
      times: 0,
      probability: 2,
      colour: 'red',
    })
    expect(response.status).toBe(422)
    const problem = (await response.json()) as {
      errors: { field: string; message: string }[]
    }
    expect(problem.errors.map((e) => e.field).sort()).toEqual([
      'colour',
      'effect.kind',
      'match',
      'probability',
      'times',
    ])
    expect(
      problem.errors.find((e) => e.field === 'effect.kind')!.message,
    ).toMatch(/duplicate, drop, delay, reorder, disconnect, bad-signature/)
  })

  test('refuses an event effect on requests, a bad target, a count past the limit and a delay past ten minutes', async () => {
    const api = mock()
    const response = await control(api, 'POST', '/faults', {
      target: 'everything',
      effect: { kind: 'delay', ms: 600_001 },
      times: limits.faultTimes + 1,
      skip: -1,
    })
    expect(response.status).toBe(422)
    const { errors } = (await response.json()) as {
      errors: { field: string }[]
    }
    expect(errors.map((e) => e.field).sort()).toEqual([
      'effect.ms',
      'skip',
      'target',
      'times',
    ])
    const onRequests = await control(api, 'POST', '/faults', {
      effect: { kind: 'duplicate' },
    })
    expect(onRequests.status).toBe(422)
    expect(await onRequests.text()).toMatch(/set target to \\"events\\"/)
    // An unknown kind is named once, with every kind of both targets.
    const unknown = await control(api, 'POST', '/faults', {
      target: 'events',
      effect: { kind: 'explode' },
    })
    const { errors: unknownErrors } = (await unknown.json()) as {
      errors: { field: string; message: string }[]
    }
    expect(unknownErrors).toHaveLength(1)
    expect(unknownErrors[0]!.message).toMatch(/status.*duplicate/)
    // Nothing was added by the refused bodies.
    const list = (await (await control(api, 'GET', '/faults')).json()) as {
      rules: unknown[]
    }
    expect(list.rules).toEqual([])
  })

  test('is described in the control API description', async () => {
    const api = mock()
    const doc = (await (await control(api, 'GET', '/openapi.json')).json()) as {
      paths: Record<string, { post?: { requestBody: unknown } }>
    }
    const body = JSON.stringify(doc.paths['/__mock/faults']!.post!.requestBody)
    for (const word of ['"events"', 'duplicate', 'reorder', 'bad-signature'])
      expect(body).toContain(word)
  })

  test('an events fault leaves requests alone, and a request fault leaves events alone', async () => {
    const api = mock()
    await eventsFault(api, { kind: 'disconnect' }, 5)
    expect((await harvest(api, 1)).status).toBe(200)
    const rules = (await (await control(api, 'GET', '/faults')).json()) as {
      rules: { matched: number; fired: number }[]
    }
    // Nobody listened: no event was delivered, so none was counted.
    expect(rules.rules[0]).toMatchObject({ matched: 0, fired: 0 })
  })
})

describe('events faults on Server-Sent Events', () => {
  test('duplicate sends one event twice with its id, then `times` is spent', async () => {
    const api = mock()
    await eventsFault(api, { kind: 'duplicate' })
    const stream = await open(api)
    await harvest(api, 1)
    await harvest(api, 2)
    expect([
      await stream.next(),
      await stream.next(),
      await stream.next(),
    ]).toEqual(['1 /api/plants/1', '1 /api/plants/1', '3 /api/plants/2'])
    const rules = (await (await control(api, 'GET', '/faults')).json()) as {
      rules: unknown[]
    }
    expect(rules.rules).toEqual([])
  })

  test('drop skips an event in this delivery; Last-Event-ID from before it brings it back', async () => {
    const api = mock()
    await eventsFault(api, { kind: 'drop' })
    const stream = await open(api)
    await harvest(api, 1)
    await harvest(api, 2)
    expect(await stream.next()).toBe('3 /api/plants/2')
    const again = await open(api, { 'Last-Event-ID': '0' })
    expect([await again.next(), await again.next()]).toEqual([
      '1 /api/plants/1',
      '3 /api/plants/2',
    ])
  })

  test('reorder sends an event after the next one', async () => {
    const api = mock()
    await eventsFault(api, { kind: 'reorder' })
    const stream = await open(api)
    await harvest(api, 1)
    await harvest(api, 2)
    expect((await plant(api)).status).toBe(201)
    expect([
      await stream.next(),
      await stream.next(),
      await stream.next(),
    ]).toEqual(['3 /api/plants/2', '1 /api/plants/1', '5 /api/plants/3'])
  })

  test('delay holds an event, and those behind it, until the mock clock reaches its time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const api = createMockApi({
      api: gardenApi,
      basePath: '/api',
    }) as unknown as MockApi
    cleanups.push(() => api.reset())
    await eventsFault(api, { kind: 'delay', ms: 30_000 })
    const stream = await open(api)
    await harvest(api, 1)
    await harvest(api, 2)
    let got: (string | null)[] = []
    const reading = (async () => {
      got.push(await stream.next(), await stream.next())
    })()
    await vi.advanceTimersByTimeAsync(29_000)
    expect(got).toEqual([])
    // The control API's clock moves the mock clock: the held events go at once, in order.
    await control(api, 'POST', '/clock', { advanceMs: 1_000 })
    await reading
    expect(got).toEqual(['1 /api/plants/1', '3 /api/plants/2'])
    // Time passing by itself brings a delayed event too.
    await eventsFault(api, { kind: 'delay', ms: 10_000 })
    got = []
    const next = stream.next().then((frame) => got.push(frame))
    expect((await plant(api)).status).toBe(201)
    await vi.advanceTimersByTimeAsync(9_000)
    expect(got).toEqual([])
    await vi.advanceTimersByTimeAsync(1_000)
    await next
    expect(got).toEqual(['5 /api/plants/3'])
  })

  test('a stream held behind a delay is cut off past the length of the log, and resumes with everything', async () => {
    const api = mock()
    await eventsFault(api, { kind: 'delay', ms: 600_000 })
    const response = await api.fetch(
      new Request(`${BASE}/events?types=beds.created`, { headers: admin }),
    )
    const reader = sseReader(response.body!)
    const beds = (
      api as unknown as {
        data: { beds: { insert(row: object): unknown } }
      }
    ).data.beds
    for (let i = 0; i <= limits.events; i++)
      beds.insert({ name: `Bed ${i}`, gardenerId: 1, harvests: 0 })
    // Nothing came (all held behind the first), and the stream ended rather than hold more.
    expect(await reader.nextEvent()).toBeNull()
    // The log kept the last limits.events of them: a resume gets those.
    const again = sseReader(
      (
        await api.fetch(
          new Request(`${BASE}/events?types=beds.created`, {
            headers: { ...admin, 'Last-Event-ID': '1' },
          }),
        )
      ).body!,
    )
    expect((await again.nextEvent())!.id).toBe('2')
    await again.cancel()
  })

  test('disconnect closes the stream before the event; a consumer back without Last-Event-ID is judged', async () => {
    const api = mock()
    const fault = await eventsFault(api, { kind: 'disconnect' })
    const stream = await open(api)
    await harvest(api, 1)
    expect(await stream.next()).toBeNull()
    expect(await eventVerdicts(api)).toEqual([])
    // Back without saying what it had: event 1 never reaches it.
    const naive = await open(api)
    await harvest(api, 2)
    expect(await naive.next()).toBe('3 /api/plants/2')
    expect(await eventVerdicts(api)).toEqual([
      expect.objectContaining({
        id: 'reconnected-without-last-event-id',
        level: 'violation',
        channel: 'sse',
        fault,
      }),
    ])
  })

  test('the eventsource package comes back with Last-Event-ID after a disconnect: nothing lost, no verdict', async () => {
    const running: RunningServer = await startServer({
      port: 0,
      api: gardenApi,
      basePath: '/api',
      shutdownGraceMs: 100,
    })
    cleanups.push(() => running.close())
    const post = (path: string, body: unknown) =>
      fetch(`${running.url}${path}`, {
        method: 'POST',
        headers: { ...admin, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      })
    // Event 1 (and 2, beds.updated, which it does not take) pass; event 3 closes the stream.
    expect(
      (
        await post('/__mock/faults', {
          target: 'events',
          effect: { kind: 'disconnect' },
          skip: 2,
          times: 1,
        })
      ).status,
    ).toBe(201)
    const source = new EventSource(
      `${running.url}/api/events?access_token=admin-token&types=plants.harvest`,
    )
    cleanups.push(() => source.close())
    const got: string[] = []
    source.addEventListener('plants.harvest', (message) => {
      const event = JSON.parse(message.data) as CloudEventJson
      new CloudEvent({ ...event }, true).validate()
      got.push(`${message.lastEventId} ${event.subject}`)
    })
    let opens = 0
    source.addEventListener('open', () => (opens += 1))
    await vi.waitFor(() => expect(opens).toBe(1))
    await post('/api/plants/1/harvest', {})
    await vi.waitFor(() => expect(got).toHaveLength(1))
    await post('/api/plants/2/harvest', {})
    // It reconnects by itself (retry: 1000) and is resent event 3 from Last-Event-ID: 1.
    await vi.waitFor(() => expect(got).toHaveLength(2), { timeout: 5_000 })
    expect(got).toEqual(['1 /api/plants/1', '3 /api/plants/2'])
    // The fault closed the first stream: the event came on a second one.
    expect(opens).toBe(2)
    const { eventVerdicts: verdicts } = (await (
      await fetch(`${running.url}/__mock/operations`)
    ).json()) as { eventVerdicts: unknown[] }
    expect(verdicts).toEqual([])
  })
})

/** A webhook receiver on a real port; `answer` decides each delivery's status. */
async function receiver(
  answer: (headers: IncomingHttpHeaders, body: string) => number,
) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.statusCode = answer(request.headers, body)
      response.end()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  cleanups.push(() => new Promise((done) => server.close(done)))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hooks`, received }
}

async function addEndpoint(api: MockApi, url: string) {
  const added = await control(api, 'POST', '/webhooks', {
    url,
    types: ['plants.harvest', 'plants.created'],
  })
  expect(added.status).toBe(201)
  return (await added.json()) as { id: string; secret: string }
}

type Delivery = { status: number | null; fault?: string; copy?: true }
const deliveries = async (api: MockApi) =>
  (
    (await (await control(api, 'GET', '/webhooks/deliveries')).json()) as {
      deliveries: Delivery[]
    }
  ).deliveries

describe('events faults on webhooks', () => {
  test('duplicate: a receiver that answers 2xx to the same webhook-id twice processed it twice', async () => {
    const hooks = await receiver(() => 204)
    const api = mock()
    const endpoint = await addEndpoint(api, hooks.url)
    const fault = await eventsFault(api, { kind: 'duplicate' })
    await harvest(api, 1)
    await vi.waitFor(async () => expect(await deliveries(api)).toHaveLength(2))
    expect(hooks.received[0]!.headers['webhook-id']).toBe(
      hooks.received[1]!.headers['webhook-id'],
    )
    expect(await eventVerdicts(api)).toEqual([
      expect.objectContaining({
        id: 'processed-twice',
        channel: 'webhook',
        consumer: endpoint.id,
        fault,
      }),
    ])
  })

  test('duplicate: a receiver that recognises the webhook-id and refuses the copy is not judged, and the copy is not retried', async () => {
    const seen = new Set<string>()
    const hooks = await receiver((headers) => {
      const id = String(headers['webhook-id'])
      if (seen.has(id)) return 409
      seen.add(id)
      return 204
    })
    const api = mock()
    await addEndpoint(api, hooks.url)
    await eventsFault(api, { kind: 'duplicate' })
    await harvest(api, 1)
    await vi.waitFor(async () => expect(await deliveries(api)).toHaveLength(2))
    const list = await deliveries(api)
    expect(list.map((d) => d.status).sort()).toEqual([204, 409])
    expect(list.find((d) => d.status === 409)).not.toHaveProperty(
      'nextAttemptAt',
    )
    expect(await eventVerdicts(api)).toEqual([])
  })

  test('bad-signature: a receiver that takes it did not verify; one that verifies refuses it and gets the retry, signed', async () => {
    const api = mock()
    let secret = ''
    const verifying = await receiver((headers, body) => {
      try {
        new Webhook(secret).verify(body, headers as Record<string, string>)
        return 204
      } catch {
        return 400
      }
    })
    secret = (await addEndpoint(api, verifying.url)).secret
    const careless = await receiver(() => 200)
    const carelessId = (await addEndpoint(api, careless.url)).id
    const fault = await eventsFault(api, { kind: 'bad-signature' })
    await harvest(api, 1)
    await vi.waitFor(async () => expect(await deliveries(api)).toHaveLength(2))
    expect((await deliveries(api)).map((d) => [d.status, d.fault])).toEqual(
      expect.arrayContaining([
        [400, `${fault} bad-signature`],
        [200, `${fault} bad-signature`],
      ]),
    )
    expect(await eventVerdicts(api)).toEqual([
      expect.objectContaining({
        id: 'accepted-bad-signature',
        consumer: carelessId,
        fault,
      }),
    ])
    // The retry 5 s later (mock clock) is signed with the endpoint's key: the verifier takes it.
    await control(api, 'POST', '/clock', { advanceMs: 5_000 })
    await vi.waitFor(async () => expect(await deliveries(api)).toHaveLength(3))
    expect((await deliveries(api))[2]).toMatchObject({ status: 204 })
    expect(verifying.received).toHaveLength(2)
  })

  test('a reordered event goes once after the next, even when that one is duplicated', async () => {
    const hooks = await receiver(() => 409)
    const api = mock()
    await addEndpoint(api, hooks.url)
    await eventsFault(api, { kind: 'reorder' })
    // Past the harvest's beds.updated, which this endpoint does not take.
    const added = await control(api, 'POST', '/faults', {
      target: 'events',
      effect: { kind: 'duplicate' },
      skip: 1,
      times: 1,
    })
    expect(added.status).toBe(201)
    await harvest(api, 1) // 1 reordered; 2 (beds.updated) skipped by the duplicate rule
    await plant(api) // 3 duplicated
    await vi.waitFor(() => expect(hooks.received).toHaveLength(3))
    // Nothing more comes: the held event was not sent along with the copy.
    await vi.waitFor(async () => expect(await deliveries(api)).toHaveLength(3))
    const types = hooks.received.map(
      (r) => (JSON.parse(r.body) as CloudEventJson).type,
    )
    expect(types.filter((t) => t === 'plants.harvest')).toHaveLength(1)
    expect(types.filter((t) => t === 'plants.created')).toHaveLength(2)
    expect(types.at(-1)).toBe('plants.harvest')
  })

  test('delay holds the delivery until the mock clock reaches its time', async () => {
    const hooks = await receiver(() => 204)
    const api = mock()
    await addEndpoint(api, hooks.url)
    await eventsFault(api, { kind: 'delay', ms: 60_000 })
    await harvest(api, 1)
    await control(api, 'POST', '/clock', { advanceMs: 59_000 })
    // Another event, not delayed, goes at once: only the delayed one waits.
    await plant(api)
    await vi.waitFor(() => expect(hooks.received).toHaveLength(1))
    expect((JSON.parse(hooks.received[0]!.body) as CloudEventJson).type).toBe(
      'plants.created',
    )
    await control(api, 'POST', '/clock', { advanceMs: 1_000 })
    await vi.waitFor(() => expect(hooks.received).toHaveLength(2))
    expect((JSON.parse(hooks.received[1]!.body) as CloudEventJson).type).toBe(
      'plants.harvest',
    )
    expect((await deliveries(api)).map((d) => d.fault ?? null)).toEqual([
      null,
      expect.stringMatching(/^fault-\d+ delay$/),
    ])
  })

  test('drop skips the delivery (recorded, never retried); reorder sends after the next; disconnect fails the attempt, retried', async () => {
    const hooks = await receiver(() => 204)
    const api = mock()
    await addEndpoint(api, hooks.url)
    await eventsFault(api, { kind: 'drop' })
    await harvest(api, 1)
    expect(await deliveries(api)).toEqual([
      expect.objectContaining({
        status: null,
        error: expect.stringMatching(/^dropped/),
      }),
    ])
    await eventsFault(api, { kind: 'reorder' })
    await harvest(api, 2)
    await plant(api)
    await vi.waitFor(() => expect(hooks.received).toHaveLength(2))
    expect(
      hooks.received.map((r) => (JSON.parse(r.body) as CloudEventJson).subject),
    ).toEqual(['/api/plants/3', '/api/plants/2'])
    await eventsFault(api, { kind: 'disconnect' })
    await plant(api)
    await vi.waitFor(async () => expect(await deliveries(api)).toHaveLength(4))
    expect((await deliveries(api))[3]).toMatchObject({
      status: null,
      error: expect.stringMatching(/connection was closed/),
      nextAttemptAt: expect.any(String),
    })
    expect(hooks.received).toHaveLength(2)
    await control(api, 'POST', '/clock', { advanceMs: 5_000 })
    await vi.waitFor(() => expect(hooks.received).toHaveLength(3))
  })
})
