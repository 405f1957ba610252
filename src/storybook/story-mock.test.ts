import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMockApi,
  defineApi,
  defineResource,
  type MockApi,
} from '../index.ts'
import { shopApi } from '../domains/shop/index.ts'
import { z } from 'zod'
import { createStoryMocks, StoryMockError } from './story-mock.ts'

const auth = { headers: { Authorization: 'Bearer customer-1-token' } }
const get = (api: { fetch(r: Request): Promise<Response> }, path: string) =>
  api.fetch(new Request(`http://localhost${path}`, auth))

/** The preview part's mocks, the built-in shop as the default API (its mocks typed as the shop's). */
const storyMocks = () => {
  const mocks = createStoryMocks(async () => shopApi)
  return {
    prepare: (parameters: Parameters<typeof mocks.prepare>[0]) =>
      mocks.prepare(parameters) as unknown as Promise<MockApi>,
  }
}

afterEach(() => vi.useRealTimers())

describe("a story's mock", () => {
  it('starts every story from the seed: what one story wrote, the next does not see', async () => {
    const mocks = storyMocks()
    const first = await mocks.prepare({})
    const created = await first.fetch(
      new Request('http://localhost/api/orders', {
        method: 'POST',
        headers: { ...auth.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ total: 5, currency: 'usd' }),
      }),
    )
    expect(created.status).toBe(201)
    expect(((await created.json()) as { id: number }).id).toBe(31)
    expect(first.journal.list()).toHaveLength(1)

    const second = await mocks.prepare({})
    // One mock per declaration, kept between stories and reset before each.
    expect(second).toBe(first)
    expect((await get(second, '/api/orders/31')).status).toBe(404)
    expect(second.journal.list()).toHaveLength(1)
    expect(second.journal.list()[0]!.method).toBe('GET')
  })

  it("applies the story's scenario: its faults answer", async () => {
    const api = await storyMocks().prepare({ scenario: 'rate-limited' })
    expect(api.faults.list().length).toBeGreaterThan(0)
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await get(api, '/api/orders')).status)
    expect(statuses).toContain(429)
  })

  it('gives each table named in `state` its rows, filled in as seed rows are, and keeps the others', async () => {
    const api = await storyMocks().prepare({
      state: {
        orders: [
          { customerId: 1, total: 12.5, currency: 'usd', status: 'paid' },
          { customerId: 1, total: 3, currency: 'eur' },
        ],
      },
    })
    expect(api.data.orders.size).toBe(2)
    expect(api.data.orders.get(1)).toMatchObject({
      id: 1,
      total: 12.5,
      status: 'paid',
      version: 1,
      note: null,
      createdAt: '2026-01-05T09:00:00.000Z',
    })
    // The initial state where the row gives none, and the next id after the rows.
    expect(api.data.orders.get(2)).toMatchObject({ id: 2, status: 'pending' })
    const list = (await (await get(api, '/api/orders')).json()) as {
      items: { id: number }[]
    }
    expect(list.items.map((order) => order.id)).toEqual([1, 2])
    // Customers were not named: their seed rows stay.
    expect(api.data.customers.size).toBeGreaterThan(0)
  })

  it('adds the faults and moves the clock the story names', async () => {
    const api = await storyMocks().prepare({
      clock: '2030-06-01T12:00:00.000Z',
      faults: [
        {
          match: { method: 'GET', path: '/api/orders/1' },
          effect: { kind: 'status', status: 503 },
        },
      ],
    })
    expect(Date.parse(api.clock.now())).toBeGreaterThanOrEqual(
      Date.parse('2030-06-01T12:00:00.000Z'),
    )
    expect(Date.parse(api.clock.now())).toBeLessThan(
      Date.parse('2030-06-01T12:00:05.000Z'),
    )
    expect((await get(api, '/api/orders/1')).status).toBe(503)
    expect((await get(api, '/api/orders/2')).status).toBe(200)
  })

  it('sets a clock in the past on a mock it owns, and back to real time for the next story', async () => {
    const mocks = storyMocks()
    const api = await mocks.prepare({ clock: new Date('2020-01-01T00:00:00Z') })
    expect(api.clock.now().startsWith('2020-01-01T00:00:0')).toBe(true)
    const next = await mocks.prepare({})
    expect(Math.abs(Date.parse(next.clock.now()) - Date.now())).toBeLessThan(
      5000,
    )
  })

  it('serves a mock the story hands over, and refuses to move its clock back', async () => {
    const given = createMockApi()
    const mocks = storyMocks()
    expect(
      await mocks.prepare({ api: given, clock: { advanceMs: 60_000 } }),
    ).toBe(given)
    await expect(
      mocks.prepare({ api: given, clock: '2020-01-01T00:00:00Z' }),
    ).rejects.toThrow(/only moves forward; give api a declaration/)
  })

  it('serves a declaration of the story’s own', async () => {
    const notes = defineResource({
      schema: z.object({ id: z.number().int(), text: z.string() }),
      seed: [{ text: 'seeded' }],
    })
    const api = defineApi({ name: 'notes', auth: false, resources: { notes } })
    const mock = await storyMocks().prepare({
      api,
      state: { notes: [{ text: 'from the story' }] },
    })
    const body = (await (
      await mock.fetch(new Request('http://localhost/api/notes/1'))
    ).json()) as { text: string }
    expect(body.text).toBe('from the story')
  })
})

describe('a mistake in parameters.hypermock', () => {
  /** The problems a preparation throws, after which the mock is back at its seed. */
  async function problems(parameters: object) {
    const mocks = storyMocks()
    const error = await mocks.prepare(parameters as never).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(StoryMockError)
    const api = await mocks.prepare({})
    expect(api.data.orders.size).toBe(30)
    expect(api.faults.list()).toEqual([])
    return (error as StoryMockError).problems
  }

  it('names an unknown member, a table the API lacks, and a row that does not fit', async () => {
    expect(await problems({ senario: 'happy-path' })).toEqual([
      'senario: is not a member; the members are api, scenario, state, faults, clock, disable',
    ])
    expect(await problems({ state: { invoices: [] } })).toEqual([
      expect.stringMatching(
        /^state\.invoices: is not a resource of this API; its resources are .*orders/,
      ),
    ])
    const wrong = await problems({
      state: { orders: [{ customerId: 1, total: -1, currency: 'usd' }] },
    })
    expect(wrong).toEqual([
      expect.stringMatching(/^state\.orders\[0\]\.total: /),
    ])
  })

  it('names a row whose reference points at no row, and leaves the seed in place', async () => {
    const wrong = await problems({
      state: { orders: [{ customerId: 999, total: 1, currency: 'usd' }] },
    })
    // Order 2 is gone with the seed's orders: the seed's payment 1 named it.
    expect(wrong).toEqual([
      'state.orders[0].customerId: names unknown customer 999',
      'state.payments[0].orderId: names unknown order 2',
    ])
  })

  it('names an unknown scenario, a bad fault and a bad clock', async () => {
    expect(await problems({ scenario: 'no-such' })).toEqual([
      expect.stringMatching(
        /^scenario: Failed to apply the scenario "no-such": this API has no scenario with this id/,
      ),
    ])
    expect(
      await problems({
        scenario: 'rate-limited',
        faults: [{ match: {}, effect: { kind: 'teapot' } }],
      }),
    ).toEqual([
      expect.stringMatching(
        /^faults\[0\]: Failed to add the fault rule: .*effect\.kind/,
      ),
    ])
    expect(await problems({ clock: 'tomorrow' })).toEqual([
      'clock: "tomorrow" is not an instant; write one as 2026-03-01T09:00:00Z',
    ])
  })

  it('bounds what one story may make the mock hold', async () => {
    const rows = Array.from({ length: 5001 }, () => ({}))
    expect(await problems({ state: { orders: rows } })).toEqual([
      'state.orders: holds 5001 rows; a story may give at most 5000 per table',
    ])
    const faults = Array.from({ length: 101 }, () => ({
      match: {},
      effect: { kind: 'status', status: 503 },
    }))
    expect(await problems({ faults })).toEqual([
      'faults: holds 101 rules; a story may add at most 100',
    ])
  })
})
