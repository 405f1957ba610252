import 'fake-indexeddb/auto'
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
import type { MockStore } from '../../src/mock-server/store/mock-store.ts'
import { PostgresStore } from '../../src/server/postgres-store.ts'
import { SqliteStore } from '../../src/server/sqlite-store.ts'
import { IndexedDbStore } from '../../src/shared-mock/indexeddb-store.ts'
import { findPostgresBin } from './postgres/postgres-cluster.ts'
import {
  sharedDatabase,
  startSharedPostgres,
} from '../support/shared-postgres.ts'

type Json = Record<string, unknown>

const users = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    username: z.string().min(1).max(40),
    name: z.string(),
  }),
  dialect: { keys: { member: 'username', generate: 'string' } },
  patch: true,
  seed: [
    { id: 10, username: 'grace', name: 'Grace' },
    { username: 'alan', name: 'Alan' },
  ],
})

const api = defineApi({
  name: 'Users',
  base: '/api',
  auth: false,
  resources: { users },
})

function serve(store?: MockStore) {
  const mock = createMockApi({
    api,
    config: { rateLimit: false },
    ...(store && { store }),
  })
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await mock.fetch(
      new Request(`http://api.test/api${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Json,
      mock,
    }
  }
}

describe('a record keyed by another member beside an id of its own', () => {
  it('reads seeds by the key, each with its own id as written or drawn', async () => {
    const send = serve()
    const grace = await send('GET', '/users/grace')
    expect(grace.status).toBe(200)
    expect(grace.body).toMatchObject({ id: 10, username: 'grace' })
    expect(grace.body._links).toEqual({ self: { href: '/api/users/grace' } })
    const alan = await send('GET', '/users/alan')
    expect(alan.body).toMatchObject({ id: 11, username: 'alan' })
    expect(Object.keys(alan.body)).not.toContain('~id')
    expect((await send('GET', '/users/10')).status).toBe(404)
    // `id` filters by the record's own id, the key by its member.
    const byId = await send('GET', '/users?id=10')
    expect((byId.body.items as Json[]).map((u) => u.username)).toEqual([
      'grace',
    ])
    const byKey = await send('GET', '/users?username=alan')
    expect((byKey.body.items as Json[]).map((u) => u.id)).toEqual([11])
    const list = await send('GET', '/users')
    expect((list.body.items as Json[]).map((u) => [u.id, u.username])).toEqual([
      [11, 'alan'],
      [10, 'grace'],
    ])
    // `sort=id` orders by the own id too; the plain list keeps the key's order.
    const byOwnId = await send('GET', '/users?sort=id')
    expect((byOwnId.body.items as Json[]).map((u) => u.username)).toEqual([
      'grace',
      'alan',
    ])
    const descending = await send('GET', '/users?sort=-id')
    expect((descending.body.items as Json[]).map((u) => u.username)).toEqual([
      'alan',
      'grace',
    ])
  })

  it('creates at the key, keeping the id the body gives, and draws one when it gives none', async () => {
    const send = serve()
    const created = await send('POST', '/users', {
      id: 7,
      username: 'ann smith',
      name: 'Ann',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBe('/api/users/ann%20smith')
    expect(created.body).toMatchObject({ id: 7, username: 'ann smith' })
    const read = await send('GET', '/users/ann%20smith')
    expect(read.body).toMatchObject({
      id: 7,
      username: 'ann smith',
      name: 'Ann',
    })
    expect(read.headers.get('ETag')).toBe(created.headers.get('ETag'))
    const drawn = await send('POST', '/users', { username: 'bo', name: 'Bo' })
    expect(drawn.status).toBe(201)
    expect(drawn.body).toMatchObject({ id: 12, username: 'bo' })
  })

  it('names an absent key in the 404 as the key, not as the path spells it', async () => {
    const send = serve()
    const missing = await send('GET', '/users/zo%C3%AB%20q')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({
      detail: 'No user zoë q exists for this credential.',
    })
  })

  it('refuses a second record of a key, and an own id of the wrong type', async () => {
    const send = serve()
    const taken = await send('POST', '/users', {
      id: 99,
      username: 'grace',
      name: 'Other',
    })
    // As for any key a body gives, a taken one is refused with the other invalid fields.
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual([
      expect.objectContaining({ field: 'username' }),
    ])
    expect((await send('GET', '/users/grace')).body).toMatchObject({
      id: 10,
      name: 'Grace',
    })
    const wrong = await send('POST', '/users', {
      id: 'seven',
      username: 'cy',
      name: 'Cy',
    })
    expect(wrong.status).toBe(422)
    expect(JSON.stringify(wrong.body)).toContain('id')
    expect((await send('GET', '/users/cy')).status).toBe(404)
  })

  it('replaces and patches by the key, with its own id an ordinary member and the key fixed', async () => {
    const send = serve()
    const read = await send('GET', '/users/grace')
    const etag = read.headers.get('ETag')!
    const stale = await send(
      'PUT',
      '/users/grace',
      { id: 10, username: 'grace', name: 'G' },
      { 'If-Match': '"nope"' },
    )
    expect(stale.status).toBe(412)
    const put = await send(
      'PUT',
      '/users/grace',
      { id: 20, username: 'grace', name: 'G' },
      { 'If-Match': etag },
    )
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ id: 20, username: 'grace', name: 'G' })
    const merge = { 'Content-Type': 'application/merge-patch+json' }
    const patched = await send(
      'PATCH',
      '/users/grace',
      { name: 'Grace H' },
      merge,
    )
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ id: 20, name: 'Grace H' })
    const moved = await send('PATCH', '/users/grace', { username: 'gh' }, merge)
    expect(moved.status).toBe(422)
    expect(JSON.stringify(moved.body)).toContain('username')
    expect((await send('GET', '/users/gh')).status).toBe(404)
    expect((await send('GET', '/users/grace')).body).toMatchObject({
      id: 20,
      name: 'Grace H',
    })
  })

  it('deletes by the key', async () => {
    const send = serve()
    expect((await send('DELETE', '/users/alan')).status).toBe(204)
    expect((await send('GET', '/users/alan')).status).toBe(404)
    expect((await send('DELETE', '/users/alan')).status).toBe(404)
  })

  it('describes the record with its own id', async () => {
    const send = serve()
    const doc = await send('GET', '/openapi.json')
    const paths = doc.body.paths as Json
    expect(Object.keys(paths)).toContain('/api/users/{username}')
    const schemas = (doc.body.components as { schemas: Record<string, Json> })
      .schemas
    expect(Object.keys(schemas.User!.properties as Json)).toEqual([
      'id',
      'username',
      'name',
      '_links',
    ])
    // A create may give its own id and its key, or leave them to the server.
    expect(schemas.UserCreate!.required).toEqual(['name'])
  })
})

const dir = mkdtempSync(join(tmpdir(), 'hypermock-key-beside-id-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let postgresUrl: string | undefined
const postgres = async () => {
  postgresUrl ??= (await sharedDatabase('keybesideid')).url
  return PostgresStore.open(postgresUrl)
}

const stores: [string, () => Promise<MockStore>][] = [
  ['SQLite', () => SqliteStore.open(join(dir, 'users.db'))],
  ['IndexedDB', () => IndexedDbStore.open('key-beside-id')],
  ...(findPostgresBin()
    ? [['PostgreSQL', postgres] as [string, () => Promise<MockStore>]]
    : []),
]

describe.each(stores)('on %s', (name, open) => {
  beforeAll(async () => {
    if (name === 'PostgreSQL') await startSharedPostgres()
  }, 60_000)

  it('keeps the key and the own id of every write when opened again', async () => {
    const first = await open()
    const send = serve(first)
    const created = await send('POST', '/users', {
      id: 7,
      username: 'ann',
      name: 'Ann',
    })
    expect(created.status).toBe(201)
    const drawn = await send('POST', '/users', { username: 'bo', name: 'Bo' })
    expect(drawn.body).toMatchObject({ id: 12, username: 'bo' })
    const put = await send('PUT', '/users/grace', {
      id: 20,
      username: 'grace',
      name: 'G',
    })
    expect(put.status).toBe(200)
    await created.mock.store!.flush()
    await created.mock.store!.close()

    const again = serve(await open())
    const ann = await again('GET', '/users/ann')
    expect(ann.body).toMatchObject({ id: 7, username: 'ann', name: 'Ann' })
    expect(ann.headers.get('ETag')).toBe(created.headers.get('ETag'))
    expect((await again('GET', '/users/grace')).body).toMatchObject({
      id: 20,
      name: 'G',
    })
    // Own ids drawn after a reopen follow those stored.
    const next = await again('POST', '/users', { username: 'cy', name: 'Cy' })
    expect(next.body).toMatchObject({ id: 21, username: 'cy' })
    await again('GET', '/users').then((r) => r.mock.store!.close())
  })
})
