import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
} from '../../src/mock-server/index.ts'
import { MemoryStore } from '../../src/mock-server/store/memory-store.ts'
import type { MockStore } from '../../src/mock-server/store/mock-store.ts'
import { PostgresStore } from '../../src/server/postgres-store.ts'
import { SqliteStore } from '../../src/server/sqlite-store.ts'
import { IndexedDbStore } from '../../src/shared-mock/indexeddb-store.ts'
import { findPostgresBin } from '../integration/postgres/postgres-cluster.ts'
import {
  sharedDatabase,
  startSharedPostgres,
} from '../support/shared-postgres.ts'
import { storeAt, type StoreFactory } from 'hypermock-api/store'

/**
 * Over generated declarations (a few resources, some owned by a field or by their own id, some
 * referring to an earlier one, some with a state and an action, some whose create chooses an id),
 * generated tokens and requests, on every store: a create never changes a row that existed, a
 * refused request changes nothing, and every acknowledged write reads back, from the mock and
 * from the store opened again.
 */

type Row = Record<string, unknown>

interface ResourceShape {
  owned: 'none' | 'field' | 'id'
  /** The index of an earlier resource its `refId` names, if any. */
  refersTo: number | null
  onDelete: 'refuse' | 'cascade'
  state: boolean
  patch: boolean
  /** Its create's `prepare` picks id 1 for a body with `n: 0`. */
  choosesId: boolean
  seed: number
}

const resourceArb = fc.record({
  owned: fc.constantFrom('none', 'field', 'id'),
  refers: fc.boolean(),
  onDelete: fc.constantFrom('refuse', 'cascade'),
  state: fc.boolean(),
  patch: fc.boolean(),
  choosesId: fc.boolean(),
  seed: fc.integer({ min: 1, max: 3 }),
})

const shapesArb = fc
  .array(resourceArb, { minLength: 1, maxLength: 3 })
  .map((list): ResourceShape[] =>
    list.map(({ refers, ...shape }, i) => ({
      ...shape,
      refersTo: refers && i > 0 ? i - 1 : null,
    })),
  )

const nameOf = (i: number) => `things${i}`

function declarationOf(shapes: readonly ResourceShape[]) {
  const resources: Record<string, unknown> = {}
  shapes.forEach((shape, i) => {
    const target = shape.refersTo === null ? null : shapes[shape.refersTo]!
    const schema = z.strictObject({
      id: z.number().int(),
      name: z.string(),
      n: z.number().int().min(0),
      ...(shape.owned === 'field' && { ownerId: z.number().int().optional() }),
      ...(target && { refId: z.number().int().optional() }),
      ...(shape.state && { status: z.enum(['open', 'closed']) }),
    })
    const seed = Array.from({ length: shape.seed }, (_, k) => ({
      name: `seed ${k}`,
      n: k,
      ...(shape.owned === 'field' && { ownerId: (k % 2) + 1 }),
      ...(target && target.seed > 0 && { refId: (k % target.seed) + 1 }),
    }))
    resources[nameOf(i)] = defineResource({
      schema,
      ...(shape.owned === 'field' && { owner: 'ownerId' }),
      ...(shape.owned === 'id' && { owner: 'id' }),
      ...(target && {
        relations: {
          ref: {
            field: 'refId',
            to: nameOf(shape.refersTo!),
            onDelete: shape.onDelete,
          },
        },
      }),
      ...(shape.state && {
        state: {
          field: 'status',
          initial: 'open',
          transitions: { close: { from: ['open'], to: 'closed' } },
        },
      }),
      patch: shape.patch,
      ...(shape.choosesId && {
        create: {
          prepare: (ctx: { input: Row }) =>
            ctx.input.n === 0 ? { id: 1 } : {},
        },
      }),
      seed,
    } as never)
  })
  return defineApi({
    name: 'Generated',
    resources: resources as never,
    tokens: {
      'one-token': { owns: [1] },
      'two-token': { owns: [2] },
      'admin-token': { owns: 'all' },
      'reader-token': { owns: 'all', scopes: ['read'] },
    },
  })
}

/** Mostly `usual`, once in `weight + 1` times `rare`. */
const sometimes = <T, U>(
  usual: fc.Arbitrary<T>,
  weight: number,
  rare: fc.Arbitrary<U>,
) =>
  fc.oneof(
    { weight, arbitrary: usual as fc.Arbitrary<T | U> },
    { weight: 1, arbitrary: rare as fc.Arbitrary<T | U> },
  )

const requestArb = fc.record({
  kind: fc.constantFrom(
    'create',
    'create',
    'replace',
    'patch',
    'delete',
    'action',
  ),
  resource: fc.nat({ max: 2 }),
  id: fc.integer({ min: 1, max: 4 }),
  token: fc.constantFrom(
    'one-token',
    'two-token',
    'admin-token',
    'reader-token',
  ),
  body: fc.record({
    name: sometimes(fc.string({ maxLength: 4 }), 8, fc.constant(7)),
    n: sometimes(fc.integer({ min: 0, max: 3 }), 8, fc.constant(-1)),
    refId: sometimes(fc.constant(undefined), 2, fc.integer({ min: 1, max: 4 })),
    // Members a caller may not send (the owner, without an admin token; the id, ever): rarely.
    ownerId: sometimes(fc.constant(undefined), 6, fc.constantFrom(1, 2)),
    id: sometimes(fc.constant(undefined), 8, fc.integer({ min: 1, max: 4 })),
  }),
})

type Sent = typeof requestArb extends fc.Arbitrary<infer T> ? T : never

function requestOf(sent: Sent, shapes: readonly ResourceShape[]): Request {
  const name = nameOf(sent.resource % shapes.length)
  const item = `/api/${name}/${sent.id}`
  const [method, path, type] = {
    create: ['POST', `/api/${name}`, 'application/json'],
    replace: ['PUT', item, 'application/json'],
    patch: ['PATCH', item, 'application/merge-patch+json'],
    delete: ['DELETE', item, undefined],
    action: ['POST', `${item}/close`, undefined],
  }[sent.kind] as [string, string, string | undefined]
  return new Request(`http://localhost${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${sent.token}`,
      ...(type && { 'Content-Type': type }),
    },
    ...(type && { body: JSON.stringify(sent.body) }),
  })
}

type Tables = Record<string, Row[]>

function tablesOf(mock: ReturnType<typeof createMockApi>): Tables {
  const {
    idempotencyKeys: _keys,
    schemaVersion: _v,
    ...tables
  } = mock.state.snapshot() as unknown as Record<string, unknown>
  return tables as Tables
}

const byId = (rows: readonly Row[]) =>
  new Map(rows.map((row) => [String(row.id), row]))

const admin = { Authorization: 'Bearer admin-token' }

/** Answers by request kind and status, to show what the runs exercised. */
const answered = new Map<string, number>()

/** One generated API, its requests, on one fresh store: checks every request, then reopens. */
async function runOn(
  factory: StoreFactory,
  shapes: readonly ResourceShape[],
  requests: readonly Sent[],
) {
  const api = declarationOf(shapes)
  const store = await factory.open()
  const mock = createMockApi({ api, config: { rateLimit: false }, store })
  const attached = mock.store
  try {
    await attached.ready
    for (const sent of requests) {
      const before = tablesOf(mock)
      const response = await mock.fetch(requestOf(sent, shapes))
      const text = await response.text()
      const after = tablesOf(mock)
      const what = `${sent.kind} ${JSON.stringify(sent)} → ${response.status} ${text}`
      const key = `${sent.kind} ${response.status}`
      answered.set(key, (answered.get(key) ?? 0) + 1)
      expect(response.status, what).toBeLessThan(500)
      if (response.status >= 400) {
        expect(after, `a refused request changed nothing: ${what}`).toEqual(
          before,
        )
        continue
      }
      if (sent.kind === 'create') {
        for (const [table, rows] of Object.entries(before)) {
          const now = byId(after[table] ?? [])
          for (const row of rows)
            expect(
              now.get(String(row.id)),
              `a create left ${table} ${String(row.id)} as it was: ${what}`,
            ).toEqual(row)
        }
      }
      // An acknowledged write reads back: the record it answered is the one a read answers.
      const self =
        sent.kind === 'create'
          ? response.headers.get('Location')
          : `/api/${nameOf(sent.resource % shapes.length)}/${sent.id}`
      expect(self, what).toBeTruthy()
      const read = await mock.fetch(
        new Request(`http://localhost${self}`, { headers: admin }),
      )
      if (sent.kind === 'delete') expect(read.status, what).toBe(404)
      else {
        expect(read.status, what).toBe(200)
        expect(await read.json(), what).toEqual(JSON.parse(text))
      }
    }
    const final = tablesOf(mock)
    await attached.flush()
    // Opened again, the store holds every acknowledged write, and a new mock resumes from it.
    const again = await factory.reopen(store)
    const resumed = createMockApi({
      api,
      config: { rateLimit: false },
      store: again,
    })
    const reattached = resumed.store
    expect((await reattached.ready).started).toBe('loaded')
    expect(tablesOf(resumed)).toEqual(final)
    await reattached.close()
  } catch (error) {
    await attached.close().catch(() => {})
    throw error
  }
}

const runs = Number(process.env.PROPERTY_RUNS ?? 15)
const property = (factory: () => StoreFactory) =>
  fc.asyncProperty(
    shapesArb,
    fc.array(requestArb, { minLength: 1, maxLength: 12 }),
    (shapes, requests) => runOn(factory(), shapes, requests),
  )
const options = { numRuns: runs, seed: 41, endOnFailure: true }

const dir = mkdtempSync(join(tmpdir(), 'hypermock-writes-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
  const counts = [...answered].sort().map(([k, n]) => `${k}: ${n}`)
  console.log(`[property] writes-across-stores: ${counts.join(', ')}`)
})
let opened = 0

describe('writes on every store', { timeout: 120_000 }, () => {
  it('memory', async () => {
    const memory: StoreFactory = {
      open: async () => new MemoryStore(),
      reopen: async (store) => store,
    }
    await fc.assert(
      property(() => memory),
      options,
    )
  })

  it('SQLite', async () => {
    const sqlite = storeAt(
      () => join(dir, `store-${++opened}.db`),
      (file) => SqliteStore.open(file),
    )
    await fc.assert(
      property(() => sqlite),
      options,
    )
  })

  it('IndexedDB', async () => {
    const indexedDb = storeAt(
      () => `writes-${++opened}`,
      (name) => IndexedDbStore.open(name),
    )
    await fc.assert(
      property(() => indexedDb),
      options,
    )
  })

  describe.skipIf(!findPostgresBin())('on PostgreSQL', () => {
    beforeAll(startSharedPostgres, 60_000)
    it('PostgreSQL', async () => {
      const urls = new WeakMap<MockStore, string>()
      const postgres: StoreFactory = {
        async open() {
          const { url } = await sharedDatabase('writes')
          const store = await PostgresStore.open(url)
          urls.set(store, url)
          return store
        },
        async reopen(store) {
          await store.close()
          const url = urls.get(store)!
          const again = await PostgresStore.open(url)
          urls.set(again, url)
          return again
        },
      }
      await fc.assert(
        property(() => postgres),
        options,
      )
    })
  })
})
