import { describe, expect, it } from 'vitest'
import { InvalidHarError, readHar } from '../../src/record/read-har.ts'
import { recordExchanges } from '../../src/record/record.ts'

const entry = (
  method: string,
  url: string,
  status: number,
  body?: unknown,
) => ({
  request: { method, url, headers: [] },
  response: {
    status,
    headers: [],
    content:
      body === undefined
        ? {}
        : { mimeType: 'application/json', text: JSON.stringify(body) },
  },
})
const har = (...entries: unknown[]) => JSON.stringify({ log: { entries } })

describe('reading a HAR', () => {
  it('names the entry and the member a malformed HAR gets wrong', () => {
    const cases: [string, RegExp][] = [
      ['{', /not JSON/],
      [JSON.stringify({ log: {} }), /no log\.entries array/],
      [
        har(entry('GET', 'https://a.example/x', 200), { request: {} }),
        /entry 1 \(log\.entries\[1\]\): has no response object/,
      ],
      [
        har(entry('GET', '/relative', 200)),
        /entry 0 .*request\.url "\/relative" is not an absolute URL/,
      ],
      [
        har({
          request: { method: 'GET', url: 'https://a.example/', headers: 'x' },
          response: { status: 200 },
        }),
        /entry 0 .*request\.headers: must be an array/,
      ],
    ]
    for (const [text, message] of cases) {
      expect(() => readHar(text)).toThrow(InvalidHarError)
      expect(() => readHar(text)).toThrow(message)
    }
  })

  it('leaves out entries the browser never got an answer for', () => {
    const exchanges = readHar(
      har(
        entry('GET', 'https://a.example/api/things', 200, [{ id: 1 }]),
        entry('GET', 'https://a.example/api/things/2', 0),
      ),
    )
    expect(exchanges.map((e) => e.url.pathname)).toEqual(['/api/things'])
  })
})

describe('inference from exchanges', () => {
  const origin = 'https://shop.example'
  const tickets = [
    { id: 1, title: 'a', state: 'open', priority: 'low', projectId: 7 },
    { id: 2, title: 'b', state: 'open', priority: 'high', projectId: 7 },
    { id: 3, title: 'c', state: 'closed', priority: 'low', projectId: 8 },
  ]
  const projects = [
    { id: 7, name: 'web' },
    { id: 8, name: 'api' },
  ]
  const exchanges = readHar(
    har(
      entry('GET', `${origin}/v1/projects`, 200, { data: projects, total: 2 }),
      entry('GET', `${origin}/v1/tickets?limit=10&offset=0`, 200, {
        data: tickets,
        total: 3,
      }),
      entry('GET', `${origin}/v1/tickets/1`, 200, tickets[0]),
      entry('POST', `${origin}/v1/tickets/1/close`, 200, {
        ...tickets[0],
        state: 'closed',
      }),
      entry('GET', `${origin}/v1/tickets/2`, 200, tickets[1]),
      entry('POST', `${origin}/v1/tickets/2/close`, 200, {
        ...tickets[1],
        state: 'closed',
      }),
      entry('POST', `${origin}/v1/tickets/3/reopen`, 200, {
        ...tickets[2],
        state: 'open',
      }),
      entry('GET', `https://fonts.example/font.woff`, 200),
    ),
  )
  const { api, source } = recordExchanges(exchanges)
  const ticketsModel = api.resources.find((r) => r.name === 'tickets')!

  it('finds the base, the collections and their envelope and paging', () => {
    expect(api.base).toBe('/v1')
    expect(api.resources.map((r) => r.name).sort()).toEqual([
      'projects',
      'tickets',
    ])
    expect(ticketsModel.list).toMatchObject({
      envelope: { items: 'data', total: 'total' },
      paging: 'offset',
      params: { offset: 'offset', perPage: 'limit' },
    })
  })

  it('reads transitions from what each action changed', () => {
    expect(ticketsModel.state).toMatchObject({
      field: 'state',
      transitions: [
        { name: 'close', from: ['open'], to: 'closed', samples: 2 },
        { name: 'reopen', from: ['closed'], to: 'open', samples: 1 },
      ],
    })
  })

  it('reads a relation from an …Id member that names records of another collection', () => {
    expect(ticketsModel.relations).toEqual([
      { name: 'project', field: 'projectId', to: 'projects', nested: false },
    ])
  })

  it('writes a declaration with the schema it read', () => {
    expect(source).toContain('priority: z.enum(["low","high"])')
    expect(source).toContain('base: "/v1"')
    expect(source).toContain(
      'close: { from: ["open"], to: "closed" }, // seen 2 time(s)',
    )
  })
})
