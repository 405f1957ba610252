import { CloudEvent } from 'cloudevents'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createMockApi, type MockApi } from '../../../src/mock-server/index.ts'
import { limits } from '../../../src/mock-server/limits.ts'
import { gardenApi } from './garden-api.ts'

const BASE = 'http://localhost/api'
const CONTROL = 'http://localhost/__mock'

/** A webhook receiver on a real port: it answers each delivery with the next status of `statuses`. */
async function receiver(statuses: number[]) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      response.statusCode = statuses[received.length - 1] ?? 204
      response.end()
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  }
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

function createPlant(api: MockApi, name: string) {
  return api.fetch(
    new Request(`${BASE}/plants`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer admin-token',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ name, bedId: 1, gardenerId: 1 }),
    }),
  )
}

let cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
  cleanups = []
})

function mock() {
  // A mock clock that stands still unless advanced: the retries come when the test says.
  const real = Date.UTC(2026, 2, 1, 9, 0, 0)
  const api = createMockApi({
    api: gardenApi,
    basePath: '/api',
    now: () => real,
  })
  // The endpoints go with the mock: no retry outlives the test.
  cleanups.push(() => void api.reset())
  return api as unknown as MockApi
}

describe('webhooks', () => {
  test('a receiver that fails twice then succeeds gets three attempts with one webhook-id, each signed', async () => {
    const hooks = await receiver([500, 503, 204])
    cleanups.push(hooks.close)
    const api = mock()
    const added = await control(api, 'POST', '/webhooks', { url: hooks.url })
    expect(added.status).toBe(201)
    const endpoint = (await added.json()) as { id: string; secret: string }
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    expect(added.headers.get('Location')).toBe(
      `/__mock/webhooks/${endpoint.id}`,
    )

    expect((await createPlant(api, 'Basil')).status).toBe(201)
    await vi.waitFor(() => expect(hooks.received).toHaveLength(1))
    // The retries come on the mock clock: 5 s, then 5 min, as the Standard Webhooks schedule says.
    const deliveries = async () =>
      (
        (await (await control(api, 'GET', '/webhooks/deliveries')).json()) as {
          deliveries: {
            attempt: number
            status: number
            webhookId: string
            nextAttemptAt?: string
            at: string
          }[]
        }
      ).deliveries
    await vi.waitFor(async () => expect(await deliveries()).toHaveLength(1))
    api.clock.advance(4_999)
    await new Promise((done) => setTimeout(done, 20))
    expect(hooks.received).toHaveLength(1)
    api.clock.advance(1)
    await vi.waitFor(() => expect(hooks.received).toHaveLength(2))
    await vi.waitFor(async () => expect(await deliveries()).toHaveLength(2))
    api.clock.advance(300_000)
    await vi.waitFor(() => expect(hooks.received).toHaveLength(3))
    await vi.waitFor(async () => expect(await deliveries()).toHaveLength(3))

    const attempts = await deliveries()
    expect(attempts.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 204],
    ])
    expect(new Set(attempts.map((d) => d.webhookId)).size).toBe(1)
    expect(
      Date.parse(attempts[0]!.nextAttemptAt!) - Date.parse(attempts[0]!.at),
    ).toBe(5_000)
    expect(
      Date.parse(attempts[1]!.nextAttemptAt!) - Date.parse(attempts[1]!.at),
    ).toBe(300_000)
    expect(attempts[2]!.nextAttemptAt).toBeUndefined()

    const verifier = new Webhook(endpoint.secret)
    for (const { headers, body } of hooks.received) {
      expect(headers['webhook-id']).toBe(attempts[0]!.webhookId)
      // Verified by the Standard Webhooks library, which throws on a bad signature or timestamp.
      const payload = verifier.verify(body, {
        'webhook-id': headers['webhook-id'] as string,
        'webhook-timestamp': headers['webhook-timestamp'] as string,
        'webhook-signature': headers['webhook-signature'] as string,
      })
      const event = new CloudEvent(payload as never, true)
      expect(event.validate()).toBe(true)
      expect(event.type).toBe('plants.created')
    }
    // A signature made with another key is refused by the same library: the check can fail.
    const other = new Webhook(
      `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`,
    )
    const { headers, body } = hooks.received[0]!
    expect(() =>
      other.verify(body, {
        'webhook-id': headers['webhook-id'] as string,
        'webhook-timestamp': headers['webhook-timestamp'] as string,
        'webhook-signature': headers['webhook-signature'] as string,
      }),
    ).toThrow()
  })

  test('an endpoint with types receives only those; a removed one nothing more', async () => {
    const hooks = await receiver([])
    cleanups.push(hooks.close)
    const api = mock()
    const added = await control(api, 'POST', '/webhooks', {
      url: hooks.url,
      types: ['plants.deleted'],
    })
    const { id } = (await added.json()) as { id: string }
    const created = (await (await createPlant(api, 'Mint')).json()) as {
      id: number
    }
    const removed = await api.fetch(
      new Request(`${BASE}/plants/${created.id}`, {
        method: 'DELETE',
        headers: { Authorization: 'Bearer admin-token' },
      }),
    )
    expect(removed.status).toBe(204)
    await vi.waitFor(() => expect(hooks.received).toHaveLength(1))
    expect(JSON.parse(hooks.received[0]!.body).type).toBe('plants.deleted')
    expect((await control(api, 'DELETE', `/webhooks/${id}`)).status).toBe(204)
    expect((await control(api, 'DELETE', `/webhooks/${id}`)).status).toBe(404)
    await createPlant(api, 'Sage')
    await new Promise((done) => setTimeout(done, 50))
    expect(hooks.received).toHaveLength(1)
  })

  test('refuses every mistake of an endpoint at once, a host nobody opened, and more than the limit', async () => {
    const api = mock()
    const refused = await control(api, 'POST', '/webhooks', {
      url: 'ftp://127.0.0.1/x',
      types: [],
      extra: 1,
    })
    expect(refused.status).toBe(422)
    const problem = (await refused.json()) as {
      errors: { field: string }[]
    }
    expect(problem.errors.map((e) => e.field).sort()).toEqual([
      'extra',
      'types',
      'url',
    ])
    // Another host is opened by allowedOrigins only: the mock posts nowhere the user did not name.
    const elsewhere = await control(api, 'POST', '/webhooks', {
      url: 'https://hooks.example.com/in',
    })
    expect(elsewhere.status).toBe(422)
    expect(await elsewhere.text()).toContain('allowedOrigins')
    const opened = createMockApi({
      api: gardenApi,
      basePath: '/api',
      allowedOrigins: ['https://hooks.example.com'],
    }) as unknown as MockApi
    cleanups.push(() => void opened.reset())
    expect(
      (
        await control(opened, 'POST', '/webhooks', {
          url: 'https://hooks.example.com/in',
        })
      ).status,
    ).toBe(201)
    for (let i = 0; i < limits.webhookEndpoints; i++)
      expect(
        (
          await control(api, 'POST', '/webhooks', {
            url: `http://localhost:9/${i}`,
          })
        ).status,
      ).toBe(201)
    const over = await control(api, 'POST', '/webhooks', {
      url: 'http://localhost:9/over',
    })
    expect(over.status).toBe(422)
    expect(await over.text()).toContain(`at most ${limits.webhookEndpoints}`)
    expect((await control(api, 'POST', '/reset')).status).toBe(204)
    expect(await (await control(api, 'GET', '/webhooks')).json()).toEqual({
      endpoints: [],
    })
  })
})
