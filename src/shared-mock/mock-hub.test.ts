import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createSeed } from '../index.ts'
import { openMockStore } from './mock-store.ts'
import {
  asCustomer1,
  closeTabs,
  DATABASE,
  freshIndexedDb,
  openTab,
  startHub,
} from './test-harness.ts'

const TABLES = ['orders', 'payments', 'transfers', 'accounts', 'customers']

beforeEach(freshIndexedDb)
afterEach(closeTabs)

async function storedOrder(id: number) {
  const store = await openMockStore(DATABASE, TABLES)
  const loaded = await store.load()
  store.close()
  if (loaded.kind !== 'loaded') throw new Error(`store is ${loaded.kind}`)
  return loaded.value.state.orders?.find((order) => order.id === id)
}

it('stores a write before answering it, and the next hub starts from it', async () => {
  const tab = await openTab(startHub())
  const paid = await tab.fetch(
    asCustomer1('/api/orders/1/payment', { method: 'POST' }),
  )
  expect(paid.status).toBe(201)
  expect((await storedOrder(1))?.status).toBe('paid')

  const later = await openTab(startHub())
  expect(later.shared.startupNotice).toBeNull()
  const order = await later.fetch(asCustomer1('/api/orders/1'))
  expect(await order.json()).toMatchObject({ id: 1, status: 'paid' })
})

it('lets two tabs share one mock: a key sent from both executes once', async () => {
  const hub = startHub()
  const [a, b] = [await openTab(hub), await openTab(hub)]
  const pay = () =>
    asCustomer1('/api/orders/1/payment', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'k-1' },
    })
  const first = await a.fetch(pay())
  const second = await b.fetch(pay())
  expect(second.headers.get('Idempotent-Replayed')).toBe('true')
  expect(await second.text()).toBe(await first.text())
  expect(hub.api!.state.snapshot().payments).toHaveLength(2)
})

it('names every stored row that no longer fits, loads the rest and changes nothing stored', async () => {
  const store = await openMockStore(DATABASE, TABLES)
  const customer = createSeed().customers[0]!
  await store.write({
    stores: {
      orders: { replace: true, chunks: [[0, [{ id: 1, total: -5 }]]] },
      customers: {
        replace: true,
        chunks: [[0, [customer, { ...customer, id: 2, loyalty: 'gold' }]]],
      },
    },
    settings: {
      version: 1,
      faults: [],
      config: {
        rateLimit: false,
        requireIdempotencyKey: false,
        latencyMs: 0,
        seed: 1,
      },
    },
  })
  store.close()

  const tab = await openTab(startHub())
  const notice = tab.shared.startupNotice ?? ''
  expect(notice).toMatch(/^2 stored rows no longer fit the declaration/)
  expect(notice).toContain('orders 1: status: ')
  expect(notice).toContain('total: Too small')
  expect(notice).toContain('customers 2: loyalty: is not a known member')
  expect(tab.state.snapshot().customers).toEqual([customer])
  expect(tab.state.snapshot().orders).toEqual([])
  // Loading wrote nothing: the rows are still stored, and the next start reports them again.
  expect(await storedOrder(1)).toEqual({ id: 1, total: -5 })
  expect((await openTab(startHub())).shared.startupNotice).toBe(notice)

  // The first change keeps the rows that fit, whole.
  tab.state.restore(tab.state.snapshot())
  await tab.shared.settled()
  expect(await storedOrder(1)).toBeUndefined()
  expect((await openTab(startHub())).shared.startupNotice).toBeNull()
})

it('discards settings of the wrong shape with a notice', async () => {
  const raw = await openMockStore(DATABASE, TABLES)
  raw.close()
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(DATABASE)
    request.onerror = () => reject(request.error)
    request.onsuccess = () => {
      const db = request.result
      const tx = db.transaction('meta', 'readwrite')
      tx.objectStore('meta').put('not settings', 'settings')
      tx.oncomplete = () => {
        db.close()
        resolve()
      }
    }
  })
  const tab = await openTab(startHub())
  expect(tab.shared.startupNotice).toContain(
    'the stored settings do not have the expected shape',
  )
})

it('reports a failed save in the page and keeps working in memory', async () => {
  const tab = await openTab(startHub())
  const notices: string[] = []
  tab.shared.onNotice((message) => notices.push(message))
  const put = IDBObjectStore.prototype.put
  IDBObjectStore.prototype.put = function quotaExceeded() {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
  try {
    const paid = await tab.fetch(
      asCustomer1('/api/orders/1/payment', { method: 'POST' }),
    )
    expect(paid.status).toBe(201)
    expect(notices).toEqual([
      expect.stringMatching(
        /^Could not save the mock to browser storage \(QuotaExceededError: The quota has been exceeded\.\)\. It keeps working in memory/,
      ),
    ])
    const order = await tab.fetch(asCustomer1('/api/orders/1'))
    expect(await order.json()).toMatchObject({ status: 'paid' })
    expect((await storedOrder(1))?.status).toBe('pending')
  } finally {
    IDBObjectStore.prototype.put = put
  }

  // Space again: the next save stores what the failed one could not, too.
  await tab.fetch(asCustomer1('/api/orders/4/cancel', { method: 'POST' }))
  expect(notices[1]).toMatch(/^Saving to browser storage works again/)
  expect((await storedOrder(1))?.status).toBe('paid')
  expect((await storedOrder(4))?.status).toBe('cancelled')
})

it("keeps each tab's copy in step with the others' changes", async () => {
  const hub = startHub()
  const [a, b] = [await openTab(hub), await openTab(hub)]
  const remote = { a: 0, b: 0 }
  a.shared.onRemoteChange(() => (remote.a += 1))
  b.shared.onRemoteChange(() => (remote.b += 1))
  const stateEvents: string[] = []
  b.subscribe((event) => stateEvents.push(event.type))

  const rule = a.faults.add({
    match: { path: '/api/none' },
    effect: { kind: 'hang' },
  })
  await a.shared.settled()
  expect(hub.api!.faults.list().map((r) => r.id)).toEqual([rule.id])
  expect(b.faults.list().map((r) => r.id)).toEqual([rule.id])

  const cancelled = await a.fetch(
    asCustomer1('/api/orders/4/cancel', { method: 'POST' }),
  )
  expect(cancelled.status).toBe(200)
  expect(remote).toEqual({ a: 0, b: 1 })
  // B's copy of the data was behind: reading it fetches the hub's, and a 'state' event follows.
  expect(b.state.snapshot().orders[3]!.status).toBe('pending')
  await vi.waitFor(() =>
    expect(b.state.snapshot().orders[3]!.status).toBe('cancelled'),
  )
  expect(stateEvents.filter((type) => type === 'state')).toHaveLength(2)
  expect(b.journal.list().at(-1)).toMatchObject({
    method: 'POST',
    path: '/api/orders/4/cancel',
    status: 200,
  })
})
