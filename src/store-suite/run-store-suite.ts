import { createMockApi } from '../mock-server/create-mock-api.ts'
import type { AnyRecord } from '../mock-server/declare/types.ts'
import type { FaultRule } from '../mock-server/faults/fault-rule.ts'
import { emptyChangeSet } from '../mock-server/store/change-set.ts'
import { EXPIRED_KEYS_PER_WRITE } from '../mock-server/store/database.ts'
import type { ChangeSet, MockStore } from '../mock-server/store/mock-store.ts'
import type { IdempotencyRecord } from '../mock-server/store/types.ts'
import type { StoredEvent } from '../mock-server/store/state-event.ts'
import { limits } from '../mock-server/limits.ts'
import type { StoreFactory } from './store-at.ts'
import { suiteHotelApi } from './suite-hotel-api.ts'

/** The matchers the suite asserts with: Vitest's `expect` and Jest's both have them. */
export interface StoreSuiteAssertion {
  toBe(expected: unknown): void
  toEqual(expected: unknown): void
  toBeNull(): void
  toMatchObject(expected: object): void
  toHaveLength(length: number): void
  toBeGreaterThanOrEqual(expected: number): void
  /** The matchers on a promise's rejection. */
  readonly rejects: { toThrow(): Promise<void> }
}

/**
 * The test runner the suite registers its tests with: pass Vitest's or Jest's own functions
 * (`import { afterEach, describe, expect, test } from 'vitest'`, or `'@jest/globals'`).
 */
export interface StoreSuiteRunner {
  describe(name: string, body: () => void): unknown
  test(name: string, body: () => Promise<void>): unknown
  /** Closes every store a test opened, even one that failed midway. */
  afterEach(body: () => Promise<void>): unknown
  expect(actual: unknown): StoreSuiteAssertion
}

/** The store under test: its name in the test titles, and how to open it and open it again. */
export interface StoreSuiteOptions extends StoreFactory {
  /** Shown in the suite's title: `JSON files` gives `JSON files store`. */
  name: string
}

const key = (scope: string, body: string): IdempotencyRecord => ({
  scope,
  key: scope,
  method: 'POST',
  path: '/api/bookings',
  principal: 'guest',
  fingerprint: '{}',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  state: 'completed',
  response: {
    status: 201,
    body,
    headers: { 'Content-Type': 'application/json', Location: '/api/x/1' },
  },
})

function changes(build: (c: ChangeSet) => void): ChangeSet {
  const c = emptyChangeSet()
  build(c)
  return c
}

const auth = { Authorization: 'Bearer guest-token' }

function request(path: string, init: RequestInit = {}) {
  return new Request(`http://localhost/api${path}`, {
    ...init,
    headers: { ...auth, ...(init.headers as Record<string, string>) },
  })
}

function post(path: string, body: unknown, idempotencyKey?: string) {
  return request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }),
    },
    body: JSON.stringify(body),
  })
}

/**
 * The behaviour every store shares, registered as tests with the runner you pass: what a change
 * set commits and loads back (rows member for member and in their order, replaced tables,
 * idempotency keys byte for byte, settings and fault counters), that a commit is all or nothing,
 * `clear` and `close`, and a mock resuming its rows, keys, faults, settings and clock from the
 * store after a restart. The repository's own stores (memory, SQLite, IndexedDB, PostgreSQL) run
 * this same suite.
 *
 * `open` must give a fresh, empty store each time; `reopen(store)` closes it and opens another on
 * the same data (`storeAt` builds both from an address).
 *
 * @example
 * import { afterEach, describe, expect, test } from 'vitest' // or from '@jest/globals'
 * import { runStoreSuite, storeAt } from 'hypermock-api/store'
 *
 * runStoreSuite(
 *   { describe, test, expect, afterEach },
 *   { name: 'Redis', ...storeAt(() => `test-${crypto.randomUUID()}`, (prefix) => RedisStore.open(prefix)) },
 * )
 */
export function runStoreSuite(
  runner: StoreSuiteRunner,
  options: StoreSuiteOptions,
): void {
  const { describe, test, expect, afterEach } = runner
  const opened = new Set<MockStore>()
  const factory: StoreFactory = {
    async open() {
      const store = await options.open()
      opened.add(store)
      return store
    },
    async reopen(store) {
      const again = await options.reopen(store)
      opened.add(again)
      return again
    },
  }
  describe(`${options.name} store`, () => {
    afterEach(async () => {
      const stores = [...opened]
      opened.clear()
      // Closing twice is harmless (the suite checks it): a test that passed closed its own.
      await Promise.allSettled(stores.map(async (store) => store.close()))
    })

    test('an empty store loads as nothing', async () => {
      const store = await factory.open()
      expect(await store.load()).toBeNull()
      await store.close()
    })

    test('commits rows and loads them back in their order, each row member for member', async () => {
      const store = await factory.open()
      await store.commit(
        changes((c) => {
          c.rows.set(
            'rooms',
            new Map([
              [2, { name: 'B', id: 2 }],
              [1, { id: 1, name: 'A' }],
            ]),
          )
        }),
      )
      await store.commit(
        changes((c) => {
          c.rows.set('rooms', new Map([[2, { name: 'B2', id: 2 }]]))
        }),
      )
      const loaded = await (await factory.reopen(store)).load()
      expect(JSON.stringify(loaded?.tables.rooms)).toBe(
        '[{"name":"B2","id":2},{"id":1,"name":"A"}]',
      )
    })

    test('a replaced table loses every row it held; deletes remove rows and keys', async () => {
      let store = await factory.open()
      await store.commit(
        changes((c) => {
          c.rows.set(
            'rooms',
            new Map([
              [1, { id: 1 }],
              [2, { id: 2 }],
            ]),
          )
          c.rows.set(
            'bookings',
            new Map<number | string, AnyRecord>([
              [1, { id: 1 }],
              ['x', { id: 'x' }],
            ]),
          )
          c.keys.set('a', key('a', '{"id":1}'))
          c.keys.set('b', key('b', '{"id":2}'))
        }),
      )
      await store.commit(
        changes((c) => {
          c.replaced.add('rooms')
          c.rows.set('rooms', new Map([[3, { id: 3 }]]))
          c.rows.set('bookings', new Map([[1, null]]))
          c.keys.set('a', null)
        }),
      )
      store = await factory.reopen(store)
      const loaded = await store.load()
      expect(loaded?.tables.rooms).toEqual([{ id: 3 }])
      expect(loaded?.tables.bookings).toEqual([{ id: 'x' }])
      expect(loaded?.idempotencyKeys.map((k) => k.scope)).toEqual(['b'])
      await store.close()
    })

    test('keeps a stored response byte for byte, and the settings, fault counters included', async () => {
      let store = await factory.open()
      const body = '{"z":1,"a":"é\\u0000\\n"}'
      const rule: FaultRule = {
        id: 'fault-3',
        match: { path: '/api/rooms' },
        effect: { kind: 'status', status: 503 },
        times: 2,
        matched: 5,
        fired: 1,
      }
      await store.commit(
        changes((c) => {
          c.keys.set('k', key('k', body))
          c.settings = {
            config: { seed: 7 } as never,
            clockOffsetMs: 86_400_000,
            faults: [rule],
            nextFault: 4,
          }
        }),
      )
      store = await factory.reopen(store)
      const loaded = await store.load()
      expect(loaded?.idempotencyKeys).toEqual([key('k', body)])
      expect(loaded?.idempotencyKeys[0]?.response?.body).toBe(body)
      expect(loaded?.settings).toEqual({
        config: { seed: 7 },
        clockOffsetMs: 86_400_000,
        faults: [rule],
        nextFault: 4,
      })
      // A later commit without settings keeps them.
      await store.commit(
        changes((c) => c.rows.set('rooms', new Map([[1, { id: 1 }]]))),
      )
      store = await factory.reopen(store)
      expect((await store.load())?.settings?.faults).toEqual([rule])
      await store.close()
    })

    test('a commit is all or nothing', async () => {
      let store = await factory.open()
      await store.commit(
        changes((c) => c.rows.set('rooms', new Map([[1, { id: 1, n: 1 }]]))),
      )
      const failing = changes((c) => {
        c.rows.set('rooms', new Map([[1, { id: 1, n: 2 }]]))
        // A value JSON cannot hold: the commit fails after its first row was written.
        c.rows.set('bookings', new Map([[1, { id: 1, n: 10n }]]))
      })
      await expect(
        Promise.resolve().then(() => store.commit(failing)),
      ).rejects.toThrow()
      store = await factory.reopen(store)
      expect((await store.load())?.tables).toEqual({ rooms: [{ id: 1, n: 1 }] })
      await store.close()
    })

    test('clear empties the store, rows, keys and settings, for good', async () => {
      let store = await factory.open()
      await store.commit(
        changes((c) => {
          c.rows.set('rooms', new Map([[1, { id: 1 }]]))
          c.keys.set('k', key('k', '{}'))
          c.settings = {
            config: { seed: 1 } as never,
            clockOffsetMs: 5,
            faults: [],
            nextFault: 1,
          }
        }),
      )
      await store.clear()
      expect(await store.load()).toBeNull()
      store = await factory.reopen(store)
      expect(await store.load()).toBeNull()
      // Written again after a clear, it holds only the new rows.
      await store.commit(
        changes((c) => c.rows.set('bookings', new Map([[2, { id: 2 }]]))),
      )
      expect(await store.load()).toMatchObject({
        tables: { bookings: [{ id: 2 }] },
        idempotencyKeys: [],
        settings: null,
      })
      await store.close()
    })

    test('a commit of settings alone makes an empty store non-empty', async () => {
      let store = await factory.open()
      await store.commit(
        changes((c) => {
          c.settings = {
            config: { seed: 2 } as never,
            clockOffsetMs: 0,
            faults: [],
            nextFault: 1,
          }
        }),
      )
      store = await factory.reopen(store)
      expect((await store.load())?.settings?.config).toEqual({ seed: 2 })
      await store.close()
    })

    test('close releases the store: closing twice is harmless, and the data opens again', async () => {
      const store = await factory.open()
      await store.commit(
        changes((c) => c.rows.set('rooms', new Map([[1, { id: 1 }]]))),
      )
      await store.close()
      const again = await factory.reopen(store)
      expect((await again.load())?.tables.rooms).toEqual([{ id: 1 }])
      await again.close()
    })

    test('a restored snapshot replaces every table and round-trips byte for byte, member order kept', async () => {
      const store = await factory.open()
      const first = createMockApi({ api: suiteHotelApi(), store })
      await first.store.ready
      const at = '2026-01-01T00:00:00.000Z'
      const snapshot = {
        schemaVersion: 1 as const,
        // Rows in no id order, members in no schema order.
        rooms: [
          { beds: 3, createdAt: at, id: 9, name: 'Annex' },
          { name: 'Loft', id: 4, createdAt: at, beds: 1 },
        ],
        bookings: [
          {
            status: 'held' as const,
            guest: 'Ada',
            id: 2,
            roomId: 9,
            nights: 1,
            version: 1,
            updatedAt: at,
            createdAt: at,
          },
        ],
        idempotencyKeys: [key('after-restore', '{"id":2}')],
      }
      first.state.restore(snapshot)
      const before = JSON.stringify(first.state.snapshot())
      await first.store.close()

      const second = createMockApi({
        api: suiteHotelApi(),
        store: await factory.reopen(store),
      })
      expect((await second.store.ready).started).toBe('loaded')
      const restored = second.state.snapshot()
      expect(JSON.stringify(restored)).toBe(before)
      expect(JSON.stringify([restored.rooms, restored.bookings])).toBe(
        JSON.stringify([snapshot.rooms, snapshot.bookings]),
      )
      // The seed's rooms are gone: the restore replaced the table.
      expect(second.data.rooms.list().map((room) => room.id)).toEqual([9, 4])
      await second.store.close()
    })

    test('a mock resumes its rows, keys, fault rules, settings and clock from the store', async () => {
      const store = await factory.open()
      const first = createMockApi({ api: suiteHotelApi(), store })
      expect((await first.store.ready).started).toBe('empty')
      const created = await first.fetch(
        post('/bookings', { roomId: 1, guest: 'Ada', nights: 2 }, 'key-1'),
      )
      expect(created.status).toBe(201)
      const createdBytes = await created.text()
      first.faults.add({
        match: { path: '/api/rooms' },
        effect: { kind: 'status', status: 503 },
        times: 2,
      })
      expect((await first.fetch(request('/rooms'))).status).toBe(503)
      first.clock.advance(3_600_000)
      first.config.update({ requireIdempotencyKey: true })
      const clockBefore = first.clock.now()
      const faultsBefore = first.faults.list()
      await first.store.close()

      const second = createMockApi({
        api: suiteHotelApi(),
        store: await factory.reopen(store),
      })
      expect((await second.store.ready).started).toBe('loaded')
      const replay = await second.fetch(
        post('/bookings', { roomId: 1, guest: 'Ada', nights: 2 }, 'key-1'),
      )
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true')
      expect(await replay.text()).toBe(createdBytes)
      const read = await second.fetch(
        request(`/bookings/${(JSON.parse(createdBytes) as { id: number }).id}`),
      )
      expect(read.status).toBe(200)
      expect(second.faults.list()).toEqual(faultsBefore)
      // The rule fired once of its two times: it fires once more, then never.
      expect((await second.fetch(request('/rooms'))).status).toBe(503)
      expect((await second.fetch(request('/rooms'))).status).toBe(200)
      expect(Date.parse(second.clock.now())).toBeGreaterThanOrEqual(
        Date.parse(clockBefore),
      )
      expect(second.config.get()).toEqual(first.config.get())
      await second.store.close()
    })

    test('keeps the event log: events load back in order, member for member, the last limits.events only', async () => {
      const store = await factory.open()
      const event = (seq: number): StoredEvent => ({
        seq,
        owners: seq % 2 === 0 ? [seq, 'team-a'] : null,
        event: {
          specversion: '1.0',
          id: `event-${seq}`,
          source: '/api',
          type: 'rooms.updated',
          time: '2026-01-01T00:00:00.000Z',
          subject: `/api/rooms/${seq}`,
          datacontenttype: 'application/json',
          data: { name: `Room ${seq}`, id: seq, beds: 2 },
        },
      })
      await store.commit(changes((c) => (c.events = [event(1), event(2)])))
      // A commit of events alone makes the store non-empty, and keeps them.
      const again = await factory.reopen(store)
      const first = await again.load()
      expect(JSON.stringify(first?.events)).toBe(
        JSON.stringify([event(1), event(2)]),
      )
      const many = Array.from({ length: limits.events + 5 }, (_, i) =>
        event(i + 3),
      )
      await again.commit(changes((c) => (c.events = many)))
      const loaded = (await (await factory.reopen(again)).load())!.events!
      expect(loaded).toHaveLength(limits.events)
      expect(loaded[0]).toEqual(event(8))
      expect(loaded.at(-1)).toEqual(event(limits.events + 7))
    })

    test('a mock resumes its event log from the store: numbers go on, nothing is told twice', async () => {
      const store = await factory.open()
      const first = createMockApi({ api: suiteHotelApi(), store })
      await first.store.ready
      const confirmed = await first.fetch(
        post('/bookings', { roomId: 1, guest: 'Ada', nights: 2 }),
      )
      expect(confirmed.status).toBe(201)
      await first.store.close()
      const second = createMockApi({
        api: suiteHotelApi(),
        store: await factory.reopen(store),
      })
      await second.store.ready
      expect(
        (
          await second.fetch(
            post('/bookings', { roomId: 2, guest: 'Bo', nights: 1 }),
          )
        ).status,
      ).toBe(201)
      const kept = second.store.store
      await second.store.close()
      const loaded = (await (await factory.reopen(kept)).load())!
      expect(
        loaded.events!.map((e) => [e.seq, e.event.type, e.event.subject]),
      ).toEqual([
        [1, 'bookings.created', '/api/bookings/1'],
        [2, 'bookings.created', '/api/bookings/2'],
      ])
    })

    test("onMismatch 'report' leaves the rows that do not fit stored, untouched, and no new row takes their ids", async () => {
      let store = await factory.open()
      const at = '2026-01-01T00:00:00.000Z'
      const booking = (id: number, status: string) => ({
        id,
        roomId: 1,
        guest: 'Ada',
        nights: 2,
        status,
        version: 1,
        createdAt: at,
        updatedAt: at,
      })
      await store.commit(
        changes((c) => {
          c.rows.set(
            'rooms',
            new Map([[1, { id: 1, name: 'Garden', beds: 2, createdAt: at }]]),
          )
          c.rows.set(
            'bookings',
            new Map([
              [1, booking(1, 'held')],
              [2, booking(2, 'cancelled')],
            ]),
          )
        }),
      )
      const mock = createMockApi({
        api: suiteHotelApi(),
        store,
        dataMismatch: 'report',
      })
      const { report } = await mock.store.ready
      expect(report?.problems.map((p) => [p.table, p.id])).toEqual([
        ['bookings', 2],
      ])
      expect(mock.data.bookings.list().map((b) => b.id)).toEqual([1])
      const created = await mock.fetch(
        post('/bookings', { roomId: 1, guest: 'Lin', nights: 1 }),
      )
      expect(created.status).toBe(201)
      expect(((await created.json()) as { id: number }).id).toBe(3)
      await mock.store.close()
      store = await factory.reopen(store)
      const bookings = (await store.load())?.tables.bookings
      expect(bookings?.map((b) => b.id)).toEqual([1, 2, 3])
      expect(bookings?.[1]).toEqual(booking(2, 'cancelled'))
      await store.close()
    })

    test('seed rows go into an empty store only', async () => {
      const store = await factory.open()
      const first = createMockApi({ api: suiteHotelApi(), store })
      const deleted = await first.fetch(
        request('/rooms/2', { method: 'DELETE' }),
      )
      expect(deleted.status).toBe(204)
      await first.store.close()
      const second = createMockApi({
        api: suiteHotelApi(),
        store: await factory.reopen(store),
      })
      await second.store.ready
      expect(second.data.rooms.list().map((room) => room.name)).toEqual([
        'Garden',
      ])
      await second.store.close()
    })

    test('expired idempotency keys leave the store with later writes, a bounded number per write, and after a restart', async () => {
      let now = Date.parse('2026-03-01T00:00:00.000Z')
      const options = {
        api: suiteHotelApi(),
        now: () => now,
        config: { rateLimit: false as const },
      }
      const book = (guest: string, key?: string) =>
        post('/bookings', { roomId: 1, guest, nights: 1 }, key)
      let store = await factory.open()
      const storedKeys = async () =>
        ((await store.load())?.idempotencyKeys ?? []).map((k) => k.key)
      const first = createMockApi({ ...options, store })
      const attached = first.store
      const made = EXPIRED_KEYS_PER_WRITE + 5
      for (let i = 0; i < made; i++)
        expect((await first.fetch(book(`Guest ${i}`, `old-${i}`))).status).toBe(
          201,
        )
      now += 60_000
      expect((await first.fetch(book('Lin', 'recent'))).status).toBe(201)
      await attached.flush()
      expect(await storedKeys()).toHaveLength(made + 1)

      // A day after the first keys: they have expired, the last one has not.
      now += 24 * 3_600_000 - 30_000
      expect((await first.fetch(book('Ada'))).status).toBe(201)
      await attached.flush()
      expect(await storedKeys()).toHaveLength(made + 1 - EXPIRED_KEYS_PER_WRITE)
      const deleted = await first.fetch(
        request('/rooms/2', { method: 'DELETE' }),
      )
      expect(deleted.status).toBe(204)
      await attached.flush()
      expect(await storedKeys()).toEqual(['recent'])
      await attached.close()

      // The last key expires while the mock is stopped: the first write after the restart drops it.
      now += 60_000
      store = await factory.reopen(store)
      const second = createMockApi({ ...options, store })
      const again = second.store
      await again.ready
      expect(await storedKeys()).toEqual(['recent'])
      expect((await second.fetch(book('Grace'))).status).toBe(201)
      await again.flush()
      expect(await storedKeys()).toEqual([])
      // Expired, the key is new again.
      const reused = await second.fetch(book('Lin', 'recent'))
      expect(reused.status).toBe(201)
      expect(reused.headers.get('Idempotent-Replayed')).toBeNull()
      await again.close()
    })

    test('a reset is stored: the next start has the seed rows and no fault rules', async () => {
      const store = await factory.open()
      const first = createMockApi({ api: suiteHotelApi(), store })
      await first.fetch(
        post('/bookings', { roomId: 1, guest: 'Ada', nights: 2 }, 'key-r'),
      )
      first.faults.add({ effect: { kind: 'status', status: 500 } })
      const reset = await first.fetch(
        new Request('http://localhost/__mock/reset', { method: 'POST' }),
      )
      expect(reset.status).toBe(204)
      await first.store.close()
      const second = createMockApi({
        api: suiteHotelApi(),
        store: await factory.reopen(store),
      })
      await second.store.ready
      expect(second.data.bookings.list()).toEqual([])
      expect(second.faults.list()).toEqual([])
      expect(second.state.snapshot().idempotencyKeys).toEqual([])
      await second.store.close()
    })
  })
}
