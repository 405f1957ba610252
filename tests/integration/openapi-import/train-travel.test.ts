import { beforeAll, describe, expect, it } from 'vitest'
import {
  createMockApi,
  type ApiDeclaration,
  type MockApi,
} from '../../../src/mock-server/index.ts'
import {
  formatReport,
  importOpenApi,
  loadOpenApi,
  STATELESS_HEADER,
} from '../../../src/openapi-import/index.ts'
import { describedBy } from '../../support/imported-conformance.ts'

const file = new URL(
  '../../fixtures/openapi/train-travel/openapi.yaml',
  import.meta.url,
).pathname
// The production server: its links are absolute URLs, as the description's `format: uri` wants.
const base = 'https://api.example.com'

let api: MockApi<ApiDeclaration>
let described: ReturnType<typeof describedBy>
let report: string

beforeAll(async () => {
  const document = await loadOpenApi(file)
  const imported = importOpenApi(document, { base })
  report = formatReport(imported.report)
  api = createMockApi({ api: imported.api })
  described = describedBy(document, '')
})

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await api.fetch(
    new Request(`${base}${path}`, {
      method,
      headers: {
        Authorization: 'Bearer any-token',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  )
  if (response.ok) await described(method, path, response)
  return response
}

const booking = {
  trip_id: 'efdbb9d1-02c2-4bc3-afb7-6788d8782b1e',
  passenger_name: 'Ada Lovelace',
  has_bicycle: true,
  has_dog: false,
}

describe('Bump.sh Train Travel API (OpenAPI 3.1, $ref to another file), imported', () => {
  it('reports each operation, the nested singleton action included', () => {
    expect(report).toContain(
      'GET /bookings                       list (bookings)',
    )
    expect(report).toContain('{ data, links }, page paging (page, limit)')
    expect(report).toContain(
      'POST /bookings/{bookingId}/payment  action (bookings)',
    )
    expect(report).toContain('uuid ids')
    expect(report).toContain('auth: Bearer tokens (OAuth2 (oauth2))')
  })

  it("lists { data, links } with the description's page and limit, seeded from its example", async () => {
    const response = await call('GET', '/bookings?limit=1')
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      data: { id: string }[]
      links: Record<string, string>
    }
    expect(body.data).toHaveLength(1)
    expect(body.links.next).toBe(`${base}/bookings?limit=1&page=2`)
    const second = (await (
      await call('GET', body.links.next!.slice(base.length))
    ).json()) as {
      data: { id: string }[]
    }
    expect(second.data).toHaveLength(1)
    expect(second.data[0]!.id).not.toBe(body.data[0]!.id)
    // Trips filter on the record fields the description's parameters name.
    const trips = (await (
      await call(
        'GET',
        '/trips?origin=efdbb9d1-02c2-4bc3-afb7-6788d8782b1e&limit=100',
      )
    ).json()) as { data: { origin: string }[] }
    expect(trips.data.length).toBeGreaterThan(0)
    expect(new Set(trips.data.map((t) => t.origin))).toEqual(
      new Set(['efdbb9d1-02c2-4bc3-afb7-6788d8782b1e']),
    )
  })

  it('creates, reads, lists and deletes a booking, with ETags and 412', async () => {
    const created = await call('POST', '/bookings', booking)
    expect(created.status).toBe(201)
    const row = (await created.json()) as { id: string }
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(created.headers.get('Location')).toBe(`${base}/bookings/${row.id}`)
    const read = await call('GET', `/bookings/${row.id}`)
    expect(await read.json()).toMatchObject(booking)
    const etag = read.headers.get('ETag')!
    const list = (await (await call('GET', '/bookings?limit=100')).json()) as {
      data: { id: string }[]
    }
    expect(list.data.map((b) => b.id)).toContain(row.id)
    expect(
      (
        await call('DELETE', `/bookings/${row.id}`, undefined, {
          'If-Match': '"stale"',
        })
      ).status,
    ).toBe(412)
    expect(
      (
        await call('DELETE', `/bookings/${row.id}`, undefined, {
          'If-Match': etag,
        })
      ).status,
    ).toBe(204)
    expect((await call('GET', `/bookings/${row.id}`)).status).toBe(404)
  })

  it('has no replace in the description, so PUT is 405', async () => {
    const [first] = api.data.bookings!.list()
    expect(
      (await call('PUT', `/bookings/${String(first!.id)}`, booking)).status,
    ).toBe(405)
  })

  it('answers every invalid field in one 422 with JSON pointers', async () => {
    const response = await call('POST', '/bookings', {
      id: 'mine',
      trip_id: 'not-a-uuid',
      has_dog: 'yes',
    })
    expect(response.status).toBe(422)
    const problem = (await response.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/has_dog',
      '#/id',
      '#/trip_id',
    ])
  })

  it('replays a repeated Idempotency-Key', async () => {
    const key = { 'Idempotency-Key': 'booking-1' }
    const first = await call('POST', '/bookings', booking, key)
    const again = await call('POST', '/bookings', booking, key)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
  })

  it('pays for an existing booking without an overlay, marked as not from state', async () => {
    const [first] = api.data.bookings!.list()
    const paid = await call('POST', `/bookings/${String(first!.id)}/payment`, {
      amount: 49.99,
      currency: 'gbp',
      source: {
        object: 'card',
        name: 'Ada',
        number: '4242424242424242',
        cvc: 123,
        exp_month: 12,
        exp_year: 2030,
        address_country: 'gb',
      },
    })
    expect(paid.status).toBe(200)
    expect(paid.headers.get(STATELESS_HEADER)).toBe('example')
    const missing = await call(
      'POST',
      '/bookings/00000000-0000-4000-8000-000000000000/payment',
      {},
    )
    expect(missing.status).toBe(404)
  })

  it('asks for a Bearer token with 401 and WWW-Authenticate', async () => {
    const response = await api.fetch(new Request(`${base}/bookings`))
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer realm=/)
    expect(response.headers.get('Content-Type')).toBe(
      'application/problem+json',
    )
  })
})
