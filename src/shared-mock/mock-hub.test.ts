import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createSeed } from '../../tests/support/shop-fixtures.ts'
import type { AnyRecord } from '../mock-server/declare/types.ts'
import { emptyChangeSet } from '../mock-server/store/change-set.ts'
import { IndexedDbStore } from './indexeddb-store.ts'
import {
  asCustomer1,
  closeTabs,
  DATABASE,
  freshIndexedDb,
  openTab,
  startHub,
} from './test-harness.ts'

beforeEach(freshIndexedDb)
afterEach(closeTabs)

async function storedOrder(id: number) {
  const store = await IndexedDbStore.open(DATABASE)
  const loaded = await store.load()
  store.close()
  if (!loaded) throw new Error('the store is empty')
  return loaded.tables.orders?.find((order) => order.id === id)
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

/** Stores an order and a customer that the shop's declaration refuses, beside a fitting one. */
async function storeMisfits() {
  const customer = createSeed().customers[0]!
  const store = await IndexedDbStore.open(DATABASE)
  const changes = emptyChangeSet()
  changes.rows.set('orders', new Map([[1, { id: 1, total: -5 }]]))
  changes.rows.set(
    'customers',
    new Map<number, AnyRecord>([
      [1, customer],
      [2, { ...customer, id: 2, loyalty: 'gold' }],
    ]),
  )
  await store.commit(changes)
  store.close()
  return customer
}

it('names every stored row that no longer fits, loads the rest and changes nothing stored', async () => {
  const customer = await storeMisfits()
  const reported: string[] = []
  const tab = await openTab(
    startHub({ mismatch: (message) => reported.push(message) }),
  )
  const notice = tab.shared.startupNotice ?? ''
  expect(reported).toEqual([notice])
  expect(notice).toMatch(/^2 stored rows no longer fit the declaration/)
  expect(notice).toContain('orders 1: status: ')
  expect(notice).toContain('total: Too small')
  expect(notice).toContain('customers 2: loyalty: is not a known member')
  expect(notice).toContain("onMismatch: 'keep'")
  expect(tab.state.snapshot().customers).toEqual([customer])
  expect(tab.state.snapshot().orders).toEqual([])
  // Loading wrote nothing, and neither does a later change elsewhere: the rows stay stored, and
  // the next start reports them again.
  await tab.fetch(
    asCustomer1('/api/customers/1', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ name: 'Ada' }),
    }),
  )
  expect(await storedOrder(1)).toEqual({ id: 1, total: -5 })
  expect((await openTab(startHub())).shared.startupNotice).toBe(notice)
})

it("with onMismatch: 'keep', drops the rows that no longer fit from the store and keeps the rest", async () => {
  const customer = await storeMisfits()
  const tab = await openTab(startHub({ onMismatch: 'keep' }))
  expect(tab.shared.startupNotice).toMatch(
    /customers 2: loyalty: is not a known member[^]*dropped from IndexedDB "hypermock-test"/,
  )
  expect(await storedOrder(1)).toBeUndefined()
  const next = await openTab(startHub())
  expect(next.shared.startupNotice).toBeNull()
  expect(next.state.snapshot().customers).toEqual([customer])
})

it("with onMismatch: 'reset', starts the store over from the seed", async () => {
  await storeMisfits()
  const tab = await openTab(startHub({ onMismatch: 'reset' }))
  expect(tab.shared.startupNotice).toMatch(/was reset to the seed/)
  expect((await storedOrder(1))?.status).toBe('pending')
  expect(tab.state.snapshot()).toEqual(
    (await openTab(startHub())).state.snapshot(),
  )
})

it("with onMismatch: 'refuse', the mock does not start and nothing stored changes", async () => {
  await storeMisfits()
  await expect(openTab(startHub({ onMismatch: 'refuse' }))).rejects.toThrow(
    /^Failed to start the mock: 2 stored rows no longer fit[^]*orders 1: status/,
  )
  expect(await storedOrder(1)).toEqual({ id: 1, total: -5 })
})

it('leaves stored data it cannot read untouched, with a notice, until the page resets the mock', async () => {
  const raw = await IndexedDbStore.open(DATABASE)
  raw.close()
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(DATABASE)
    request.onerror = () => reject(request.error)
    request.onsuccess = () => {
      const db = request.result
      const tx = db.transaction(['rows', 'meta'], 'readwrite')
      tx.objectStore('rows').put('not rows', ['orders', 0])
      tx.objectStore('meta').put({ seq: 1, settings: null }, 'state')
      tx.oncomplete = () => {
        db.close()
        resolve()
      }
    }
  })
  const tab = await openTab(startHub())
  expect(tab.shared.startupNotice).toMatch(
    /^Saved mock data could not be read \(Failed to read the stored data \(IndexedDB "hypermock-test"\): a stored chunk of "orders" is not a list of rows\.\)/,
  )
  tab.reset()
  await tab.shared.settled()
  await vi.waitFor(async () =>
    expect((await storedOrder(1))?.status).toBe('pending'),
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
  // B hears of it on its own port, in the same turn as A's answer or soon after.
  await vi.waitFor(() => expect(remote).toEqual({ a: 0, b: 1 }))
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
