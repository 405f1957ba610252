import { afterEach, beforeEach, expect, it } from 'vitest'
import { createSeed } from '../../../tests/support/shop-fixtures.ts'
import {
  asCustomer1,
  closeTabs,
  freshIndexedDb,
  openTab,
  startHub,
} from '../../shared-mock/test-harness.ts'
import { migrateLegacySave } from './migrate-legacy-save.ts'
import { STORAGE_KEY } from './persisted-state.ts'

beforeEach(freshIndexedDb)
afterEach(closeTabs)

function storageWith(value: string) {
  const items = new Map([[STORAGE_KEY, value]])
  return {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
    has: (key: string) => items.has(key),
  }
}

function legacySave() {
  const state = createSeed()
  state.orders[0] = { ...state.orders[0]!, note: 'Saved by an older tab' }
  return JSON.stringify({
    version: 1,
    state,
    faults: [{ match: { path: '/api/payments*' }, effect: { kind: 'hang' } }],
    config: {
      rateLimit: { limit: 7, windowSeconds: 60 },
      requireIdempotencyKey: true,
      latencyMs: 0,
      seed: 1,
    },
  })
}

it('moves the localStorage save into the shared mock once, then removes it', async () => {
  const storage = storageWith(legacySave())
  const tab = await openTab(startHub())
  expect(await migrateLegacySave(tab.shared, storage)).toEqual([])
  expect(storage.has(STORAGE_KEY)).toBe(false)

  const order = await tab.fetch(asCustomer1('/api/orders/1'))
  expect(await order.json()).toMatchObject({ note: 'Saved by an older tab' })
  expect(tab.config.get().rateLimit).toEqual({ limit: 7, windowSeconds: 60 })
  expect(tab.faults.list()).toMatchObject([{ effect: { kind: 'hang' } }])

  // The next visit starts from IndexedDB; a stale save found then is dropped, not migrated.
  const later = await openTab(startHub())
  expect(
    (await (await later.fetch(asCustomer1('/api/orders/1'))).json()).note,
  ).toBe('Saved by an older tab')
  const stale = storageWith(
    legacySave().replace('Saved by an older tab', 'stale'),
  )
  expect(await migrateLegacySave(later.shared, stale)).toEqual([])
  expect(stale.has(STORAGE_KEY)).toBe(false)
  expect(later.state.snapshot().orders[0]!.note).toBe('Saved by an older tab')
})

it('discards an unreadable localStorage save with a notice', async () => {
  const storage = storageWith('{"version":1,"state":')
  const tab = await openTab(startHub())
  expect(await migrateLegacySave(tab.shared, storage)).toEqual([
    "The playground's older saved data could not be read (the saved data is not valid JSON); it was discarded.",
  ])
  expect(storage.has(STORAGE_KEY)).toBe(false)
  expect(tab.state.snapshot().orders[0]!.note).toBe(
    createSeed().orders[0]!.note,
  )
})

it('discards an invalid localStorage save with a notice, leaving the seed', async () => {
  const save = JSON.parse(legacySave()) as { state: { orders: unknown[] } }
  save.state.orders.push({ id: 1, status: 'lost' })
  const storage = storageWith(JSON.stringify(save))
  const tab = await openTab(startHub())
  const [notice] = await migrateLegacySave(tab.shared, storage)
  expect(notice).toMatch(
    /^The playground's older saved data was invalid \(Failed to restore the mock state: the snapshot is invalid/,
  )
  expect(storage.has(STORAGE_KEY)).toBe(false)
  expect(tab.state.snapshot().orders).toHaveLength(30)
})
