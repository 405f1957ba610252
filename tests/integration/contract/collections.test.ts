import { describe, expect, it } from 'vitest'
import {
  roundTripTargets,
  useContractTarget,
} from '../../support/contract-target.ts'
import { expectProblem } from '../../support/expect-problem.ts'
import { parseLinkHeader } from '../../support/link-header.ts'
import {
  readJson,
  type Collection,
  type Order,
  type Transfer,
} from '../../support/representations.ts'
import { auth, request } from '../../support/request-init.ts'

function hrefs(page: Collection<unknown>) {
  return Object.fromEntries(
    Object.entries(page._links).map(([rel, link]) => [rel, link.href]),
  )
}

function pageOf(href: string) {
  return new URL(href, 'http://x').searchParams.get('page')
}

describe.each(roundTripTargets)('collections over $name', (factory) => {
  const target = useContractTarget(factory)
  const customer = auth('customer-1-token')
  const admin = auth('admin-token')

  async function list<T = Order>(path: string, headers = customer) {
    const response = await target.fetch(path, request(headers))
    expect(response.status, path).toBe(200)
    return { response, page: await readJson<Collection<T>>(response) }
  }

  /** Every order the admin sees, for computing what a query should select. */
  async function allOrders() {
    const { page } = await list('/api/orders?perPage=100', admin)
    expect(page.items).toHaveLength(page.total)
    return page.items
  }

  it('wraps items in an envelope with page, perPage, total and _links', async () => {
    const { page } = await list('/api/orders')
    expect(Object.keys(page).sort()).toEqual(
      ['_links', 'items', 'page', 'perPage', 'total'].sort(),
    )
    expect(page).toMatchObject({ page: 1, perPage: 20, total: 25 })
    expect(page.items.map((o) => o.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    )
  })

  it('links self, first, last and next on the first page, with no prev', async () => {
    const { response, page } = await list('/api/orders')
    const links = hrefs(page)
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'self'])
    expect(pageOf(links.first!)).toBe('1')
    expect(pageOf(links.last!)).toBe('2')
    expect(pageOf(links.next!)).toBe('2')
    expect(new URL(links.self!, 'http://x').pathname).toBe('/api/orders')
    expect(parseLinkHeader(response.headers.get('Link'))).toEqual(links)
  })

  it('links prev but no next on the last page', async () => {
    const { response, page } = await list('/api/orders?page=2')
    expect(page.items.map((o) => o.id)).toEqual([21, 22, 23, 24, 25])
    const links = hrefs(page)
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'prev', 'self'])
    expect(pageOf(links.prev!)).toBe('1')
    expect(parseLinkHeader(response.headers.get('Link'))).toEqual(links)
  })

  it('links both prev and next on a middle page and keeps the other parameters', async () => {
    const { response, page } = await list(
      '/api/orders?perPage=5&page=3&sort=-id',
    )
    expect(page.items.map((o) => o.id)).toEqual([15, 14, 13, 12, 11])
    const links = hrefs(page)
    expect(pageOf(links.prev!)).toBe('2')
    expect(pageOf(links.next!)).toBe('4')
    expect(pageOf(links.last!)).toBe('5')
    for (const href of Object.values(links)) {
      const params = new URL(href, 'http://x').searchParams
      expect(params.get('perPage'), href).toBe('5')
      expect(params.get('sort'), href).toBe('-id')
    }
    expect(parseLinkHeader(response.headers.get('Link'))).toEqual(links)
  })

  it('omits prev and next when everything fits on one page', async () => {
    const { response, page } = await list('/api/orders?perPage=100')
    expect(page.items).toHaveLength(25)
    expect(Object.keys(hrefs(page)).sort()).toEqual(['first', 'last', 'self'])
    expect(
      Object.keys(parseLinkHeader(response.headers.get('Link'))).sort(),
    ).toEqual(['first', 'last', 'self'])
  })

  it('follows next links through every item exactly once', async () => {
    const seen: number[] = []
    let href: string | undefined = '/api/orders?perPage=7'
    while (href) {
      const page: Collection<Order> = (await list(href)).page
      seen.push(...page.items.map((o) => o.id))
      href = page._links.next?.href
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  })

  it('answers a page past the end with 200 and no items', async () => {
    const { page } = await list('/api/orders?page=9')
    expect(page).toMatchObject({ items: [], page: 9, total: 25 })
    expect(page._links.next).toBeUndefined()
  })

  it('accepts perPage from 1 to 100', async () => {
    expect((await list('/api/orders?perPage=1')).page.items).toHaveLength(1)
    expect((await list('/api/orders?perPage=100')).page.perPage).toBe(100)
  })

  it('sorts descending with a leading minus', async () => {
    const { page } = await list('/api/orders?sort=-total&perPage=100')
    const totals = page.items.map((o) => o.total)
    expect(totals).toEqual([...totals].sort((a, b) => b - a))
  })

  it('sorts by several keys, each in its own direction', async () => {
    const { page } = await list('/api/orders?sort=currency,-total&perPage=100')
    const expected = [...(await allOrders())]
      .filter((o) => o.customerId === 1)
      .sort((a, b) =>
        a.currency === b.currency
          ? b.total - a.total
          : a.currency < b.currency
            ? -1
            : 1,
      )
      .map((o) => o.id)
    expect(page.items.map((o) => o.id)).toEqual(expected)
  })

  it('sorts by id ascending by default', async () => {
    const { page } = await list('/api/orders?sort=-id')
    expect(page.items[0]!.id).toBe(25)
    const { page: plain } = await list('/api/orders')
    expect(plain.items[0]!.id).toBe(1)
  })

  it('filters by equality, a comma meaning any of', async () => {
    const all = (await allOrders()).filter((o) => o.customerId === 1)
    const { page: pending } = await list(
      '/api/orders?status=pending&perPage=100',
    )
    expect(pending.items.map((o) => o.id)).toEqual(
      all.filter((o) => o.status === 'pending').map((o) => o.id),
    )
    const { page: either } = await list(
      '/api/orders?currency=usd,eur&perPage=100',
    )
    expect(either.total).toBe(
      all.filter((o) => o.currency === 'usd' || o.currency === 'eur').length,
    )
    expect(either.items.map((o) => o.id)).toEqual(
      all
        .filter((o) => o.currency === 'usd' || o.currency === 'eur')
        .map((o) => o.id),
    )
  })

  it('filters by ranges with gte, gt, lte and lt', async () => {
    const all = (await allOrders()).filter((o) => o.customerId === 1)
    const { page } = await list(
      '/api/orders?total[gte]=100&total[lt]=300&perPage=100',
    )
    expect(page.items.map((o) => o.id)).toEqual(
      all.filter((o) => o.total >= 100 && o.total < 300).map((o) => o.id),
    )
    const { page: strict } = await list(
      '/api/orders?total[gt]=42.5&total[lte]=400.95&perPage=100',
    )
    expect(strict.items.map((o) => o.id)).toEqual(
      all.filter((o) => o.total > 42.5 && o.total <= 400.95).map((o) => o.id),
    )
  })

  it('filters timestamps by range', async () => {
    const all = (await allOrders()).filter((o) => o.customerId === 1)
    const from = all[4]!.createdAt
    const { page } = await list(
      `/api/orders?createdAt[gte]=${encodeURIComponent(from)}&perPage=100`,
    )
    expect(page.items.map((o) => o.id)).toEqual(
      all.filter((o) => o.createdAt >= from).map((o) => o.id),
    )
  })

  it('combines filters, sort and paging, counting total after filtering', async () => {
    const all = (await allOrders()).filter(
      (o) => o.customerId === 1 && o.status === 'pending',
    )
    const { page } = await list(
      '/api/orders?status=pending&sort=-id&perPage=3&page=2',
    )
    expect(page.total).toBe(all.length)
    expect(page.items.map((o) => o.id)).toEqual(
      all
        .map((o) => o.id)
        .reverse()
        .slice(3, 6),
    )
  })

  it('lists every bad parameter at once in a 400 invalid-query', async () => {
    const response = await target.fetch(
      '/api/orders?page=0&perPage=500&sort=colour&colour=red&total[gte]=abc&status=shipped',
      request(customer),
    )
    const problem = await expectProblem(response, 400, 'invalid-query')
    const errors = problem.errors as { field: string; message: string }[]
    expect(errors.map((e) => e.field).sort()).toEqual(
      ['colour', 'page', 'perPage', 'sort', 'status', 'total[gte]'].sort(),
    )
    for (const error of errors)
      expect(error.message).toEqual(expect.any(String))
  })

  it.each([
    ['page=-1'],
    ['page=1.5'],
    ['page=abc'],
    ['perPage=0'],
    ['perPage=101'],
    ['sort=-nope'],
    ['sort=id,'],
    ['customerId=abc'],
    ['createdAt[gte]=yesterday'],
    ['total[between]=1'],
    ['status[gte]=pending'],
    ['currency=USD'],
  ])('rejects the malformed query %s with 400 invalid-query', async (query) => {
    const response = await target.fetch(
      `/api/orders?${query}`,
      request(customer),
    )
    const problem = await expectProblem(response, 400, 'invalid-query')
    expect(problem.errors).toHaveLength(1)
  })

  it('shows a caller only its own items', async () => {
    const { page } = await list('/api/orders', auth('customer-2-token'))
    expect(page.total).toBe(5)
    expect(page.items.map((o) => o.id)).toEqual([26, 27, 28, 29, 30])
    const { page: filtered } = await list(
      '/api/orders?customerId=1',
      auth('customer-2-token'),
    )
    expect(filtered.items).toEqual([])
  })

  it('shows the admin every customer’s items', async () => {
    const { page } = await list('/api/orders', admin)
    expect(page.total).toBe(30)
    const { page: second } = await list('/api/orders?customerId=2', admin)
    expect(second.items.map((o) => o.id)).toEqual([26, 27, 28, 29, 30])
  })

  it('applies the same query rules to nested collections', async () => {
    const { response, page } = await list(
      '/api/customers/1/orders?status=cancelled&sort=-id&perPage=2',
    )
    const all = (await allOrders()).filter(
      (o) => o.customerId === 1 && o.status === 'cancelled',
    )
    expect(page.total).toBe(all.length)
    expect(page.items.map((o) => o.id)).toEqual(
      all
        .map((o) => o.id)
        .reverse()
        .slice(0, 2),
    )
    expect(parseLinkHeader(response.headers.get('Link')).next).toBeDefined()
    const bad = await target.fetch(
      '/api/customers/1/orders?colour=red',
      request(customer),
    )
    await expectProblem(bad, 400, 'invalid-query')
  })

  it('hides another customer’s nested collection with 404', async () => {
    const response = await target.fetch(
      '/api/customers/2/orders',
      request(customer),
    )
    await expectProblem(response, 404, 'not-found')
    const accounts = await target.fetch(
      '/api/accounts/3/transfers',
      request(customer),
    )
    await expectProblem(accounts, 404, 'not-found')
  })

  it('filters transfers by status and amount range', async () => {
    const { page } = await list<Transfer>(
      '/api/transfers?status=completed&amount[gte]=2000',
    )
    expect(page.items.map((t) => t.id)).toEqual([1])
  })
})
