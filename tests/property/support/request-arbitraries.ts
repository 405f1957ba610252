import fc from 'fast-check'
import type { StateSnapshot } from '../../../src/index.ts'
import { problemCatalogue } from '../../support/shop-fixtures.ts'
import { currencies, fromMinor, toMinor } from './money.ts'

export const ORIGIN = 'http://hypermock.test'

/** A body as generated; `pay-order` is resolved against the live state so that some payments succeed. */
export type BodySpec =
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'pay-order'; orderId: number; exact: boolean }

export interface RequestSpec {
  method: string
  path: string
  query: string
  headers: readonly (readonly [string, string])[]
  body: BodySpec | null
}

/** HTTP header values are byte strings: non-ASCII text travels as its UTF-8 bytes. */
export function asHeaderBytes(text: string) {
  return String.fromCharCode(...new TextEncoder().encode(text))
}

const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({
  weight,
  arbitrary,
})

export const methodArb = fc.oneof(
  weighted(30, fc.constant('GET')),
  weighted(30, fc.constant('POST')),
  weighted(8, fc.constant('PUT')),
  weighted(8, fc.constant('DELETE')),
  weighted(5, fc.constant('HEAD')),
  weighted(4, fc.constant('OPTIONS')),
  weighted(4, fc.constant('PATCH')),
  weighted(
    6,
    fc.constantFrom(
      'patch',
      'get',
      'post',
      'delete',
      'PROPFIND',
      'FOO',
      'QUERY',
      'M-SEARCH',
      'LINK',
    ),
  ),
)

const oddIds = [
  '0',
  '-1',
  '1e3',
  '1.0',
  '01',
  '+1',
  '0x1',
  '9007199254740993',
  '99999999999999999999999999999999',
  '1'.repeat(400),
  '%F0%9F%92%A5',
  '%E2%82%AC',
  'caf%C3%A9',
  '%00',
  '%',
  '%zz',
  '%20%31',
  'abc',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '..',
  '1;x=1',
]

export const idArb = fc.oneof(
  weighted(10, fc.integer({ min: 1, max: 35 }).map(String)),
  weighted(3, fc.constantFrom(...oddIds)),
  weighted(
    1,
    fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 6 })
      .map(encodeURIComponent),
  ),
)

const slugArb = fc.constantFrom(
  ...Object.keys(problemCatalogue),
  'nope',
  '__proto__',
  'constructor',
  'toString',
)

const realTemplates = [
  '/api',
  '/api/',
  '/api/orders',
  '/api/orders/{id}',
  '/api/orders/{id}/cancel',
  '/api/orders/{id}/payment',
  '/api/payments',
  '/api/payments/{id}',
  '/api/transfers',
  '/api/transfers/{id}',
  '/api/accounts',
  '/api/accounts/{id}',
  '/api/accounts/{id}/transfers',
  '/api/customers',
  '/api/customers/{id}',
  '/api/customers/{id}/orders',
  '/api/customers/{id}/accounts',
  '/api/problems',
]

const oddTemplates = [
  '/api/nope',
  '/api/orders/{id}/nope',
  '/api/orders/{id}/payment/extra',
  '/api//orders',
  '/API/orders',
  '/api/orders/{id}/',
  '/',
  '/favicon.ico',
  '/apix',
  '/api-docs/orders',
  '/api/%2e%2e/__mock/state',
  '/api/orders%2F{id}',
  '/api/orders/{id}%2Fcancel',
  '/api/%F0%9F%92%A5',
  '/api/orders/{id}/cancel/{id}',
  '/__mock/state',
  '/__mock/journal',
  '/__mock/config',
  '/__mock/faults',
  '/__mock/clock',
  '/__mock/nope',
  '/__mock',
]

export const pathArb = fc.oneof(
  weighted(
    12,
    fc
      .tuple(fc.constantFrom(...realTemplates), idArb)
      .map(([template, id]) => template.replaceAll('{id}', id)),
  ),
  weighted(
    1,
    slugArb.map((slug) => `/api/problems/${slug}`),
  ),
  weighted(
    3,
    fc
      .tuple(fc.constantFrom(...oddTemplates), idArb)
      .map(([template, id]) => template.replaceAll('{id}', id)),
  ),
)

const queryNames = [
  'page',
  'perPage',
  'sort',
  'status',
  'currency',
  'customerId',
  'total[gte]',
  'total[lt]',
  'createdAt[gt]',
  'id',
  'orderId',
  'amount',
  'balance[lte]',
  'unknown',
  '__proto__',
  'constructor',
  'sort[]',
  'page[gte]',
  'status[gte]',
  'name',
]
const queryValues = [
  '1',
  '0',
  '-1',
  '2',
  'abc',
  '100',
  '101',
  '2.5',
  'pending',
  'pending,paid',
  'usd,eur',
  '-total,id',
  'id',
  '-createdAt',
  '-nope',
  'null',
  '2026-01-05T10:00:00Z',
  '',
  '1e3',
  '€',
  ',',
  '9'.repeat(30),
]

export const queryArb = fc.oneof(
  weighted(6, fc.constant('')),
  weighted(
    5,
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...queryNames),
          fc.oneof(
            weighted(5, fc.constantFrom(...queryValues)),
            weighted(1, fc.string({ unit: 'grapheme', maxLength: 5 })),
          ),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => `?${new URLSearchParams(pairs.map((p) => [...p]))}`),
  ),
  weighted(
    1,
    fc.constantFrom(
      '?',
      '?&&',
      '?%zz',
      '?a=b=c',
      '?page',
      '?page=1&page=2',
      '?sort=',
      '?=1',
      '?%E2%82%AC=1',
      '?perPage=1e2',
      '?status=pending&status=paid',
    ),
  ),
)

const tokenArb = fc.oneof(
  weighted(2, fc.constant(null)),
  weighted(6, fc.constant('Bearer customer-1-token')),
  weighted(3, fc.constant('Bearer customer-2-token')),
  weighted(4, fc.constant('Bearer admin-token')),
  weighted(1, fc.constant('Bearer readonly-token')),
  weighted(1, fc.constant('Bearer expired-token')),
  weighted(
    2,
    fc.constantFrom(
      'Bearer nope',
      'Basic YWxhZGRpbjpvcGVu',
      'bearer admin-token',
      'Bearer',
      '',
      '   ',
      'Bearer admin-token extra',
      'Bearer  customer-1-token',
      'Token customer-1-token',
      'Bearer customer-1-token\t',
      'Bearer __proto__',
      'Bearer constructor',
      asHeaderBytes('Bearer jéton-🔑'),
    ),
  ),
)

const contentTypeArb = fc.oneof(
  weighted(10, fc.constant('application/json')),
  weighted(2, fc.constant(null)),
  weighted(
    3,
    fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/merge-patch+json',
      'application/problem+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/jsonx',
      'multipart/form-data; boundary=x',
      '',
      'json',
      'application/json;;;',
    ),
  ),
)

const keyPool = ['key-1', 'key-2', 'key-3']

const idempotencyKeyArb = fc.oneof(
  weighted(8, fc.constant(null)),
  weighted(4, fc.constantFrom(...keyPool)),
  weighted(2, fc.uuid()),
  weighted(
    2,
    fc.constantFrom(
      '',
      '   ',
      'a'.repeat(255),
      'a'.repeat(256),
      'k'.repeat(300),
      asHeaderBytes('clé-ünïcode'),
      asHeaderBytes('🔑'),
      '"quoted-key"',
      '"key-1"',
      '"a\\"b"',
      '"',
      '""',
      'with space',
      'tab\there',
      '__proto__',
    ),
  ),
)

const etagArb = fc.constantFrom(
  '*',
  '"order-1-v1"',
  '"order-1-v2"',
  'W/"order-1-v1"',
  '"payment-1-v1"',
  'garbage',
  '"a", "order-1-v1"',
  '',
)

export const headersArb = fc
  .record({
    authorization: tokenArb,
    contentType: contentTypeArb,
    idempotencyKey: idempotencyKeyArb,
    ifMatch: fc.option(etagArb, { freq: 6 }),
    ifNoneMatch: fc.option(etagArb, { freq: 6 }),
    extra: fc.option(
      fc.constantFrom<[string, string]>(
        ['X-HTTP-Method-Override', 'DELETE'],
        ['Accept', 'text/html'],
        ['Accept', 'application/xml'],
        ['Content-Length', '99999999'],
        ['Content-Encoding', 'gzip'],
        ['Transfer-Encoding', 'chunked'],
        ['Origin', 'http://evil.example'],
        ['Cookie', 'session=1'],
      ),
      { freq: 8 },
    ),
  })
  .map((h) => {
    const headers: [string, string][] = []
    if (h.authorization !== null)
      headers.push(['Authorization', h.authorization])
    if (h.contentType !== null) headers.push(['Content-Type', h.contentType])
    if (h.idempotencyKey !== null)
      headers.push(['Idempotency-Key', h.idempotencyKey])
    if (h.ifMatch !== null) headers.push(['If-Match', h.ifMatch])
    if (h.ifNoneMatch !== null) headers.push(['If-None-Match', h.ifNoneMatch])
    if (h.extra !== null) headers.push(h.extra)
    return headers
  })

const currencyArb = fc.oneof(
  weighted(6, fc.constantFrom(...currencies)),
  weighted(1, fc.constantFrom('USD', 'xyz', '', 'us d', 'btc')),
)

/** A total valid for its currency most of the time; sometimes with too many fraction digits. */
const orderFieldsArb = fc
  .record({
    minor: fc.integer({ min: 1, max: 10_000_000 }),
    currency: currencyArb,
    fractional: fc.boolean(),
  })
  .map(({ minor, currency, fractional }) => ({
    total:
      fromMinor(
        minor,
        currencies.includes(currency as never) ? currency : 'usd',
      ) + (fractional && minor % 7 === 0 ? 0.001 : 0),
    currency,
  }))

const noteArb = fc.option(
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 10 }),
    fc.constant('n'.repeat(501)),
  ),
  { nil: undefined },
)

const validBodyArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  // POST /orders (admin also customerId)
  fc
    .tuple(orderFieldsArb, noteArb, fc.option(fc.integer({ min: 1, max: 3 })))
    .map(([fields, note, customerId]) => ({
      ...fields,
      ...(note !== undefined && { note }),
      ...(customerId !== null && { customerId }),
    })),
  // PUT /orders/{id}
  fc
    .tuple(orderFieldsArb, noteArb, fc.option(fc.integer({ min: 1, max: 4 })))
    .map(([fields, note, version]) => ({
      ...fields,
      ...(note !== undefined && { note }),
      ...(version !== null && { version }),
    })),
  // POST /payments without an order
  fc.record({
    amount: fc.integer({ min: 1, max: 1_000_000 }),
    currency: currencyArb,
  }),
  // POST /payments for an order, with a guessed amount
  fc.record({
    amount: fc.integer({ min: 1, max: 1_000_000 }),
    currency: currencyArb,
    orderId: fc.integer({ min: 1, max: 35 }),
  }),
  // POST /transfers, including amounts over the balance
  fc.record({
    fromAccountId: fc.integer({ min: 1, max: 4 }),
    toAccountId: fc.integer({ min: 1, max: 4 }),
    amount: fc.oneof(
      fc.integer({ min: 1, max: 1_000 }),
      fc.integer({ min: 1, max: 400_000 }),
    ),
    currency: fc.oneof(
      weighted(8, fc.constant('usd')),
      weighted(1, currencyArb),
    ),
  }),
  fc.constant({}),
)

const HUGE = `{"note":"${'x'.repeat(1024 * 1024 + 16)}"}`

const junkTextArb = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'nul',
    '[1,2',
    '{"total": 1,}',
    "{'total':1}",
    'NaN',
    '{"amount":1}}',
    '\u0000',
    '\ufeff{}',
    '{"amount": 1e400, "currency": "usd"}',
    '{"amount": -0, "currency": "usd"}',
    '{"amount": 1.5, "currency": "usd"}',
    '{"amount": "100", "currency": "usd"}',
    '{"total": "42.5", "currency": 1}',
    '{"total": true, "currency": null}',
    '{"amount": 100, "currency": "usd", "ammount": 100}',
    '{"__proto__": {"polluted": "yes"}}',
    '{"constructor": {"prototype": {"polluted": "yes"}}}',
    '{"total": 1, "currency": "usd", "__proto__": {"polluted": "yes"}}',
    '{"amount": 5, "currency": "usd", "constructor": {"prototype": {"polluted": "yes"}}}',
    '{"a": {"__proto__": {"polluted": "yes"}}, "b": [{"__proto__": {"polluted": 1}}]}',
    '{"": 1}',
    '{"toString": 1, "valueOf": 2, "hasOwnProperty": 3}',
    '{"amount ": 1}',
    '{"$ref": "#/"}',
    '{"0": 1}',
    '[]',
    '[{"amount": 1, "currency": "usd"}]',
    '1',
    '"string"',
    'true',
    'null',
    '{"a":1,"a":2}',
    '{"total": 1, "total": 2, "currency": "usd"}',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"a":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
    '{"note": "\\ud800"}',
    '{"total": 10, "currency": "usd", "note": "é€🔑\\u0000"}',
    HUGE,
  ),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.object({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? '{}'),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
)

export const bodyArb: fc.Arbitrary<BodySpec | null> = fc.oneof(
  weighted(6, fc.constant(null)),
  weighted(
    8,
    validBodyArb.map((value) => ({
      kind: 'text' as const,
      text: JSON.stringify(value),
    })),
  ),
  weighted(
    3,
    fc.record({
      kind: fc.constant('pay-order' as const),
      orderId: fc.integer({ min: 1, max: 35 }),
      exact: fc.boolean(),
    }),
  ),
  weighted(
    2,
    fc.tuple(validBodyArb, fc.nat()).map(([value, cut]) => {
      const text = JSON.stringify(value)
      return { kind: 'text' as const, text: text.slice(0, cut % text.length) }
    }),
  ),
  weighted(
    4,
    junkTextArb.map((text) => ({ kind: 'text' as const, text })),
  ),
  weighted(
    1,
    fc
      .uint8Array({ maxLength: 40 })
      .map((bytes) => ({ kind: 'bytes' as const, bytes })),
  ),
)

const fuzzedSpecArb: fc.Arbitrary<RequestSpec> = fc.record({
  method: methodArb,
  path: pathArb,
  query: queryArb,
  headers: headersArb,
  body: bodyArb,
})

const goodTokenArb = fc.oneof(
  weighted(5, fc.constant('customer-1-token')),
  weighted(2, fc.constant('customer-2-token')),
  weighted(3, fc.constant('admin-token')),
  weighted(1, fc.constant('readonly-token')),
)

const smallId = fc.integer({ min: 1, max: 35 })
const json = (value: unknown): BodySpec => ({
  kind: 'text',
  text: JSON.stringify(value),
})

/** Requests a client that follows the contract would send: these change the state. */
const coherentSpecArb: fc.Arbitrary<RequestSpec> = fc
  .record({
    token: goodTokenArb,
    key: fc.oneof(
      weighted(3, fc.constant(null)),
      weighted(2, fc.constantFrom(...keyPool)),
      weighted(1, fc.uuid()),
    ),
    ifMatch: fc.option(etagArb, { freq: 4 }),
    action: fc.oneof(
      orderFieldsArb.map((fields) => ({
        method: 'POST',
        path: '/api/orders',
        body: json(fields),
        adminCustomer: true,
      })),
      smallId.map((id) => ({
        method: 'POST',
        path: `/api/orders/${id}/payment`,
        body: null,
      })),
      smallId.map((id) => ({
        method: 'POST',
        path: `/api/orders/${id}/cancel`,
        body: null,
      })),
      fc
        .tuple(
          smallId,
          orderFieldsArb,
          fc.option(fc.integer({ min: 1, max: 3 })),
        )
        .map(([id, fields, version]) => ({
          method: 'PUT',
          path: `/api/orders/${id}`,
          body: json({ ...fields, ...(version !== null && { version }) }),
        })),
      smallId.map((id) => ({
        method: 'DELETE',
        path: `/api/orders/${id}`,
        body: null,
      })),
      fc.record({ orderId: smallId, exact: fc.boolean() }).map((pay) => ({
        method: 'POST',
        path: '/api/payments',
        body: { kind: 'pay-order' as const, ...pay },
      })),
      fc
        .record({
          fromAccountId: fc.integer({ min: 1, max: 3 }),
          toAccountId: fc.integer({ min: 1, max: 3 }),
          amount: fc.integer({ min: 1, max: 300_000 }),
        })
        .map((transfer) => ({
          method: 'POST',
          path: '/api/transfers',
          body: json({ ...transfer, currency: 'usd' }),
        })),
      fc
        .tuple(fc.constantFrom(...realTemplates), smallId)
        .map(([template, id]) => ({
          method: 'GET',
          path: template.replaceAll('{id}', String(id)),
          body: null,
        })),
    ),
  })
  .map(({ token, key, ifMatch, action }): RequestSpec => {
    const headers: [string, string][] = [['Authorization', `Bearer ${token}`]]
    let body = action.body
    if (
      'adminCustomer' in action &&
      token === 'admin-token' &&
      body?.kind === 'text'
    )
      body = json({ ...JSON.parse(body.text), customerId: 1 })
    if (body !== null) headers.push(['Content-Type', 'application/json'])
    if (key !== null && action.method === 'POST')
      headers.push(['Idempotency-Key', key])
    if (ifMatch !== null) headers.push(['If-Match', ifMatch])
    return {
      method: action.method,
      path: action.path,
      query: '',
      headers,
      body,
    }
  })

export const requestSpecArb: fc.Arbitrary<RequestSpec> = fc.oneof(
  fuzzedSpecArb,
  coherentSpecArb,
)

/** A POST /api/payments body for an order: its exact total when `exact`, else off by one. */
function payOrderBody(
  spec: { orderId: number; exact: boolean },
  state: StateSnapshot,
) {
  const order = state.orders.find((o) => o.id === spec.orderId)
  const amount = order ? toMinor(order.total, order.currency) : 100
  return JSON.stringify({
    amount: spec.exact ? amount : amount + 1,
    currency: order?.currency ?? 'usd',
    orderId: spec.orderId,
  })
}

/** The `Request` a spec stands for; GET and HEAD never carry a body (Fetch forbids it). */
export function toRequest(
  spec: RequestSpec,
  state: StateSnapshot,
  origin = ORIGIN,
): Request {
  const method = spec.method
  const canHaveBody = !['GET', 'HEAD'].includes(method.toUpperCase())
  let body: string | Uint8Array<ArrayBuffer> | undefined
  if (canHaveBody && spec.body !== null) {
    switch (spec.body.kind) {
      case 'text':
        body = spec.body.text
        break
      case 'bytes':
        body = new Uint8Array(spec.body.bytes)
        break
      case 'pay-order':
        body = payOrderBody(spec.body, state)
        break
    }
  }
  return new Request(`${origin}${spec.path}${spec.query}`, {
    method,
    headers: spec.headers.map(([name, value]): [string, string] => [
      name,
      value,
    ]),
    ...(body !== undefined && { body }),
  })
}

/** Short, readable form for counterexamples. */
export function describeSpec(spec: RequestSpec) {
  const body =
    spec.body === null
      ? ''
      : spec.body.kind === 'text'
        ? ` body=${JSON.stringify(spec.body.text.slice(0, 120))}`
        : spec.body.kind === 'bytes'
          ? ` bytes=[${[...spec.body.bytes].join(',')}]`
          : ` pay-order(${spec.body.orderId}, exact=${spec.body.exact})`
  return `${spec.method} ${spec.path}${spec.query} ${JSON.stringify(spec.headers)}${body}`
}
