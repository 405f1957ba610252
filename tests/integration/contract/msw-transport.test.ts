import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMockApi } from '../../../src/index.ts'
import { setupMockServer } from '../../../src/msw/node.ts'
import {
  auth,
  idempotencyKey,
  request,
  sendJson,
  sendRaw,
} from '../../support/request-init.ts'

/**
 * The contract suite runs in full on the engine in-process and on the standalone server; msw's
 * `setupServer` hands each request to the same `api.fetch`. This file sends one exchange of each
 * kind the suite covers through msw and through a twin mock called directly, in the same order,
 * and requires the same status, headers and body from both (tests/property/msw-adapter.test.ts
 * does the same for generated requests).
 */

const ORIGIN = 'http://hypermock.test'
// One fixed instant for both, so that timestamps in bodies and headers compare equal.
const now = () => Date.parse('2026-03-01T12:00:00.000Z')
const { api, server } = setupMockServer({ now, origins: [ORIGIN] })
const twin = createMockApi({ now })
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const customer = auth('customer-1-token')
const mergePatch = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'PATCH',
  headers: {
    ...customer,
    'Content-Type': 'application/merge-patch+json',
    ...headers,
  },
  body: JSON.stringify(body),
})

/** Each exchange: a name, the path and the request (an ETag read earlier is passed in). */
const exchanges: [string, string, (etag: string) => RequestInit][] = [
  ['the API root', '/api', () => request()],
  [
    'a filtered, sorted page of a list',
    '/api/orders?status=pending&sort=-total&limit=2',
    () => request(customer),
  ],
  ['an item', '/api/orders/1', () => request(customer)],
  [
    'a conditional read of a fresh item (304)',
    '/api/orders/1',
    (etag) => request({ ...customer, 'If-None-Match': etag }),
  ],
  ['a HEAD', '/api/orders/1', () => request(customer, 'HEAD')],
  [
    'a create with an Idempotency-Key (201)',
    '/api/orders',
    () =>
      sendJson(
        'POST',
        { total: 12.5, currency: 'usd' },
        {
          ...customer,
          ...idempotencyKey('msw-transport-1'),
        },
      ),
  ],
  [
    'the same create again (replayed)',
    '/api/orders',
    () =>
      sendJson(
        'POST',
        { total: 12.5, currency: 'usd' },
        {
          ...customer,
          ...idempotencyKey('msw-transport-1'),
        },
      ),
  ],
  [
    'a merge patch with a current If-Match',
    '/api/orders/1',
    (etag) => mergePatch({ total: 21 }, { 'If-Match': etag }),
  ],
  [
    'a merge patch with a stale If-Match (412)',
    '/api/orders/1',
    (etag) => mergePatch({ total: 22 }, { 'If-Match': etag }),
  ],
  ['an action', '/api/orders/2/cancel', () => request(customer, 'POST')],
  ['no credentials (401)', '/api/orders', () => request()],
  [
    'someone else’s item',
    '/api/orders/1',
    () => request(auth('customer-2-token')),
  ],
  ['a missing item (404)', '/api/orders/999', () => request(customer)],
  [
    'a body of the wrong media type (415)',
    '/api/orders',
    () =>
      sendRaw('POST', 'total=1', { ...customer, 'Content-Type': 'text/plain' }),
  ],
  [
    'malformed JSON (400)',
    '/api/orders',
    () =>
      sendRaw('POST', '{"total":', {
        ...customer,
        'Content-Type': 'application/json',
      }),
  ],
  [
    'an invalid body (422, every issue)',
    '/api/orders',
    () => sendJson('POST', { total: -1, currency: 'xyz' }, customer),
  ],
  [
    'a method the route lacks (405)',
    '/api/orders/1',
    () => request(customer, 'POST'),
  ],
  [
    'a CORS preflight',
    '/api/orders',
    () => ({
      method: 'OPTIONS',
      headers: {
        Origin: 'http://app.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    }),
  ],
  ['the control API', '/__mock/state', () => request()],
]

/** Transport-level headers a real fetch rewrites: not the adapter's business. */
const TRANSPORT = new Set(['content-length', 'transfer-encoding'])
const comparable = (headers: Headers) =>
  [...headers].filter(([name]) => !TRANSPORT.has(name))
// Request ids count per instance: the two mocks number theirs alike only by chance.
const sameIds = (text: string) =>
  text.replace(/requestId(\\?)":(\\?)"req-[0-9a-z]+/g, 'requestId$1":$2"req-…')

it('answers every kind of exchange through msw setupServer as api.fetch answers it directly', async () => {
  // The first ETag read of a path stays the one later requests send: current, then stale.
  const viaMswEtags = new Map<string, string>()
  const directEtags = new Map<string, string>()
  const statuses: number[] = []
  for (const [name, path, init] of exchanges) {
    const viaMsw = await fetch(
      `${ORIGIN}${path}`,
      init(viaMswEtags.get(path) ?? ''),
    )
    const direct = await twin.fetch(
      new Request(`${ORIGIN}${path}`, init(directEtags.get(path) ?? '')),
    )
    expect(viaMsw.status, name).toBe(direct.status)
    expect(comparable(viaMsw.headers), name).toEqual(comparable(direct.headers))
    expect(sameIds(await viaMsw.text()), name).toBe(
      sameIds(await direct.text()),
    )
    for (const [etags, response] of [
      [viaMswEtags, viaMsw],
      [directEtags, direct],
    ] as const) {
      const etag = response.headers.get('ETag')
      if (etag && !etags.has(path)) etags.set(path, etag)
    }
    statuses.push(viaMsw.status)
  }
  // The sample reaches what it names: a 304, a replay, a 412 and each client error.
  expect(statuses).toEqual(
    expect.arrayContaining([200, 201, 304, 400, 401, 404, 405, 412, 415, 422]),
  )
  expect(api.state.snapshot().orders).toEqual(twin.state.snapshot().orders)
})

it('turns a dropped connection into a rejected fetch, as the engine’s network error', async () => {
  api.faults.add({
    match: { method: 'GET', path: '/api/orders/1' },
    effect: { kind: 'network-error' },
    times: 1,
  })
  await expect(
    fetch(`${ORIGIN}/api/orders/1`, request(customer)),
  ).rejects.toThrow(TypeError)
  expect(
    (await fetch(`${ORIGIN}/api/orders/1`, request(customer))).status,
  ).toBe(200)
})
