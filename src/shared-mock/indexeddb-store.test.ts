import 'fake-indexeddb/auto'
import { openDB } from 'idb'
import { afterEach, describe, expect, test } from 'vitest'
import { runStoreSuite, storeAt } from '../store.ts'
import { IndexedDbStore } from './indexeddb-store.ts'

// fake-indexeddb in Node: the layout and the transactions; the e2e test covers Chromium's own.
let count = 0

runStoreSuite(
  { describe, test, expect, afterEach },
  {
    name: 'IndexedDB',
    ...storeAt(
      () => `store-${++count}`,
      (name) => IndexedDbStore.open(name),
    ),
  },
)

test('keeps a table in its order across chunks, and string ids apart from numbers', async () => {
  const store = await IndexedDbStore.open('chunks')
  const rows = new Map<number | string, { id: number | string }>([
    [1200, { id: 1200 }],
    [3, { id: 3 }],
    ['3', { id: '3' }],
    [700, { id: 700 }],
  ])
  await store.commit({
    rows: new Map([['rooms', rows]]),
    replaced: new Set(),
    keys: new Map(),
    keysReplaced: false,
    settings: null,
  })
  expect((await store.load())?.tables.rooms).toEqual([
    { id: 1200 },
    { id: 3 },
    { id: '3' },
    { id: 700 },
  ])
  store.close()
})

test('moves the data of the earlier layout (rows as objects, settings without counters) over', async () => {
  const db = await openDB('earlier', 2, {
    upgrade(database) {
      database.createObjectStore('rows')
      database.createObjectStore('meta')
    },
  })
  await db.put('rows', [{ id: 2, floor: 1 }], ['rooms', 0])
  await db.put('rows', [{ id: 501, floor: 3 }], ['rooms', 1])
  await db.put(
    'rows',
    [{ scope: 'k', key: 'k', response: { status: 201, body: '{}' } }],
    ['idempotencyKeys', 7],
  )
  const rule = { effect: { kind: 'status', status: 503 } }
  await db.put(
    'meta',
    { version: 1, faults: [rule], config: { seed: 3 } },
    'settings',
  )
  db.close()
  const store = await IndexedDbStore.open('earlier')
  expect(await store.load()).toEqual({
    tables: {
      rooms: [
        { id: 2, floor: 1 },
        { id: 501, floor: 3 },
      ],
    },
    idempotencyKeys: [
      { scope: 'k', key: 'k', response: { status: 201, body: '{}' } },
    ],
    settings: {
      config: { seed: 3 },
      clockOffsetMs: 0,
      faults: [{ ...rule, id: 'fault-1', matched: 0, fired: 0 }],
      nextFault: 2,
    },
    // The earlier layouts kept no events.
    events: [],
  })
  store.close()
})

test('a commit the browser refuses midway (quota) leaves the last one whole', async () => {
  const store = await IndexedDbStore.open('refused')
  const rooms = (n: number) => ({
    rows: new Map([
      ['rooms', new Map([[1, { id: 1, n }]])],
      ['bookings', new Map([[1, { id: 1, n }]])],
    ]),
    replaced: new Set<string>(),
    keys: new Map(),
    keysReplaced: false,
    settings: null,
  })
  await store.commit(rooms(1))
  const put = IDBObjectStore.prototype.put
  let puts = 0
  IDBObjectStore.prototype.put = function (...args: Parameters<typeof put>) {
    if (++puts === 2)
      throw new DOMException(
        'The quota has been exceeded.',
        'QuotaExceededError',
      )
    return put.apply(this, args)
  }
  try {
    await expect(store.commit(rooms(2))).rejects.toThrow(/quota/)
  } finally {
    IDBObjectStore.prototype.put = put
  }
  expect(puts).toBe(2)
  expect((await store.load())?.tables).toEqual({
    rooms: [{ id: 1, n: 1 }],
    bookings: [{ id: 1, n: 1 }],
  })
  store.close()
})
