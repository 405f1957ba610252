import { createClient } from 'hypermock-api/client'
import { setupMockServer } from 'hypermock-api/msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { library } from './library.ts'

// The app under test calls its API at this origin: named, so msw hands it to the mock (any other
// host stays unhandled, and `onUnhandledFrame: 'error'` says so).
const origin = 'http://library.test'
const { api, server } = setupMockServer({ api: library, origins: [origin] })

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

const as = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: {
    Authorization: `Bearer ${token}`,
    ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
    ...init.headers,
  },
})
const get = (path: string, token = 'ada-token', headers = {}) =>
  fetch(`${origin}${path}`, as(token, { headers }))
const post = (path: string, body: unknown, token = 'ada-token', headers = {}) =>
  fetch(
    `${origin}${path}`,
    as(token, { method: 'POST', body: JSON.stringify(body), headers }),
  )

describe('a lending library declared in one file', () => {
  it('answers a create with every invalid field in one 422', async () => {
    const response = await post(
      '/api/books',
      { title: '', year: 'soon', auther: 'x' },
      'librarian-token',
    )
    expect(response.status).toBe(422)
    expect(response.headers.get('Content-Type')).toBe(
      'application/problem+json',
    )
    const problem = await response.json()
    const fields = problem.errors.map((e: { field: string }) => e.field).sort()
    expect(fields).toEqual(['auther', 'author', 'title', 'year'])
    expect(
      problem.errors.find((e: { field: string }) => e.field === 'auther')
        .message,
    ).toContain('did you mean "author"')
    expect(
      problem.errors.every((e: { pointer: string }) =>
        e.pointer.startsWith('#/'),
      ),
    ).toBe(true)
  })

  it('replays a repeated Idempotency-Key: one loan, the same answer', async () => {
    const key = { 'Idempotency-Key': 'borrow-kindred-1' }
    const first = await post('/api/loans', { bookId: 3 }, 'ada-token', key)
    const again = await post('/api/loans', { bookId: 3 }, 'ada-token', key)
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.text()).toBe(await first.text())
    expect(api.data.loans.list()).toHaveLength(2)
  })

  it('offers the actions a loan state allows, and answers a stale link with 409', async () => {
    const loan = await (await get('/api/loans/1')).json()
    expect(loan._links.return).toEqual({
      href: '/api/loans/1/return',
      method: 'POST',
      title: 'Return the book',
    })
    expect(loan._links.renew.method).toBe('POST')
    const returned = await post(loan._links.return.href, {})
    expect(returned.status).toBe(200)
    const after = await returned.json()
    expect(after.status).toBe('returned')
    expect(after._links.return).toBeUndefined()
    expect(api.data.books.get(1)?.status).toBe('available')
    const stale = await post(loan._links.return.href, {})
    expect(stale.status).toBe(409)
    expect(await stale.json()).toMatchObject({
      currentStatus: 'returned',
      allowedActions: [],
    })
  })

  it('gives items a strong ETag: 304 when unchanged, 412 on a stale If-Match', async () => {
    const read = await get('/api/loans/1')
    const etag = read.headers.get('ETag')!
    expect(etag).toMatch(/^"loan-1-v1"$/)
    expect(
      (await get('/api/loans/1', 'ada-token', { 'If-None-Match': etag }))
        .status,
    ).toBe(304)
    await post('/api/loans/1/renew', {})
    const stale = await post('/api/loans/1/return', {}, 'ada-token', {
      'If-Match': etag,
    })
    expect(stale.status).toBe(412)
  })

  it('pages a collection with the Link header and the envelope', async () => {
    const response = await get(
      '/api/books?perPage=3&author=Ursula%20K.%20Le%20Guin&sort=-year',
    )
    expect(response.status).toBe(200)
    const page = await response.json()
    expect(page.total).toBe(3)
    expect(page.items.map((b: { year: number }) => b.year)).toEqual([
      1974, 1969, 1968,
    ])
    const all = await get('/api/books?perPage=3')
    expect(all.headers.get('Link')).toContain('rel="next"')
    expect((await all.json())._links.next.href).toBe(
      '/api/books?perPage=3&page=2',
    )
  })

  it('nests a member’s loans under the member, and shows only the caller’s own', async () => {
    const mine = await (await get('/api/members/1/loans')).json()
    expect(mine.items.map((l: { id: number }) => l.id)).toEqual([1])
    expect((await get('/api/members/2/loans')).status).toBe(404)
    expect((await get('/api/loans/1', 'grace-token')).status).toBe(404)
    const member = await (await get('/api/members/1')).json()
    expect(member._links.loans.href).toBe('/api/members/1/loans')
  })

  it('refuses a third renewal with the library’s own problem type', async () => {
    await post('/api/loans/1/renew', {})
    await post('/api/loans/1/renew', {})
    const third = await post('/api/loans/1/renew', {})
    expect(third.status).toBe(409)
    const problem = await third.json()
    expect(problem).toMatchObject({
      type: '/api/problems/renewal-limit',
      title: 'Renewal limit reached',
      renewals: 2,
      limit: 2,
    })
    const doc = await fetch(`${origin}/api/problems/renewal-limit`)
    expect(await doc.text()).toContain('Renewal limit reached')
  })

  it('lets the reference client retry an injected 503 to success', async () => {
    api.faults.add({
      match: { method: 'GET', path: '/api/books/*' },
      effect: { kind: 'status', status: 503, retryAfter: 1 },
      times: 2,
    })
    const waits: number[] = []
    const client = createClient({
      baseUrl: `${origin}/api`,
      token: 'ada-token',
      sleep: async (ms) => void waits.push(ms),
    })
    const book = await client.get<{ title: string }>(`${origin}/api/books/3`)
    expect(book.title).toBe('Kindred')
    expect(waits).toEqual([1000, 1000])
  })
})
