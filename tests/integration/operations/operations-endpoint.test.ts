import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { afterEach, expect, test } from 'vitest'
import { createClient } from '../../../src/client/index.ts'
import {
  createMockApi,
  operationsJsonSchema,
  type MockApi,
} from '../../../src/index.ts'
import { startServer } from '../../../src/server/index.ts'

const ajv = new Ajv2020({ allErrors: true, strict: true })
addFormats.default(ajv)
const validate = ajv.compile(operationsJsonSchema)

function expectValid(body: unknown) {
  const valid = validate(body)
  expect(validate.errors ?? []).toEqual([])
  expect(valid).toBe(true)
}

/** Traffic of every kind: retries with a key, a network error, a 422, a correlated pair. */
async function mixedTraffic(api: MockApi, origin: string) {
  api.faults.add({
    match: { method: 'POST', path: '/api/payments' },
    effect: { kind: 'status', status: 503 },
    times: 1,
  })
  api.faults.add({
    match: { method: 'GET', path: '/api/orders/2' },
    effect: { kind: 'network-error' },
    times: 1,
  })
  const client = createClient({
    baseUrl: `${origin}/api`,
    token: 'customer-1-token',
    sleep: async () => {},
  })
  await client.post('/api/payments', { amount: 100, currency: 'usd' })
  await client.get('/api/orders/2')
  await client.get('/api/transfers/2').catch(() => {})
  for (const path of ['/api/orders/1', '/api/orders/3'])
    await fetch(`${origin}${path}`, {
      headers: {
        Authorization: 'Bearer customer-1-token',
        'X-Request-Id': 'load-orders',
      },
    })
}

let close = async () => {}
afterEach(() => close())

test('GET /__mock/operations answers operations that match the JSON Schema', async () => {
  const api = createMockApi({ correlationHeader: 'X-Request-Id' })
  const origin = 'http://hypermock.test'
  const fetchThroughMock = globalThis.fetch
  globalThis.fetch = (input, init) => api.fetch(new Request(input, init))
  try {
    await mixedTraffic(api, origin)
  } finally {
    globalThis.fetch = fetchThroughMock
  }
  const response = await api.fetch(new Request(`${origin}/__mock/operations`))
  expect(response.status).toBe(200)
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  const body = (await response.json()) as {
    operations: { grouping: string; attempts: unknown[] }[]
  }
  expectValid(body)
  expect(body).toEqual({
    operations: api.operations.list(),
    eventVerdicts: [],
  })
  expect(
    body.operations.map((op) => [op.grouping, op.attempts.length]),
  ).toEqual([
    ['exact', 2],
    ['inferred', 2],
    ['inferred', 1],
    ['header', 2],
  ])
})

test('the standalone server answers GET /__mock/operations over HTTP, and DELETE /__mock/journal clears it', async () => {
  const server = await startServer({
    port: 0,
    correlationHeader: 'X-Request-Id',
  })
  close = server.close
  const origin = server.url.replace(/\/$/, '')
  await mixedTraffic(server.api, origin)
  const body = (await (await fetch(`${origin}/__mock/operations`)).json()) as {
    operations: unknown[]
  }
  expectValid(body)
  expect(body.operations).toHaveLength(4)
  expect(
    (await fetch(`${origin}/__mock/journal`, { method: 'DELETE' })).status,
  ).toBe(204)
  const after = await (await fetch(`${origin}/__mock/operations`)).json()
  expect(after).toEqual({ operations: [], eventVerdicts: [] })
  expect(
    (await fetch(`${origin}/__mock/operations`, { method: 'POST' })).status,
  ).toBe(405)
})

test('operations are bounded like the journal', async () => {
  const api = createMockApi({ journalLimit: 3 })
  for (let i = 0; i < 10; i++)
    await api.fetch(new Request(`http://hypermock.test/api?i=${i}`))
  expect(api.operations.list().map((op) => op.search)).toEqual([
    '?i=7',
    '?i=8',
    '?i=9',
  ])
})
