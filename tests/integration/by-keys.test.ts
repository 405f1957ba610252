import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const saved = z.object({
  id: z.string(),
  title: z.string(),
  addedAt: z.string(),
})

// A library of saved albums: listed, saved and removed by their keys, never read one by one.
const api = defineApi({
  name: 'Library',
  base: '/v1',
  auth: false,
  resources: {
    albums: {
      schema: saved,
      id: 'string',
      path: '/me/albums',
      items: false,
      create: false,
      seed: [{ id: 'a1', title: 'First', addedAt: '2026-01-01T00:00:00Z' }],
      byKeys: {
        member: 'ids',
        query: 'ids',
        status: 200,
        prepare: (ctx) => ({
          title: `Album ${String(ctx.input.id)}`,
          addedAt: ctx.now(),
        }),
      },
    },
  },
})

function serve(declaration: ApiDeclaration = api) {
  const mock = createMockApi({ api: declaration })
  return async (method: string, path: string, body?: unknown) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
        method,
        ...(body !== undefined && {
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

const keys = async (send: ReturnType<typeof serve>) =>
  ((await send('GET', '/me/albums')).body.items as Json[])
    .map((r) => r.id)
    .sort()

describe('writes on a collection that name records by their keys (byKeys)', () => {
  it('adds the records the query names, keeping the others, each filled by prepare', async () => {
    const send = serve()
    const added = await send('PUT', '/me/albums?ids=b2,c3')
    expect(added).toEqual({ status: 200, body: null })
    expect(await keys(send)).toEqual(['a1', 'b2', 'c3'])
    const items = (await send('GET', '/me/albums')).body.items as Json[]
    expect(items.find((r) => r.id === 'b2')).toMatchObject({
      title: 'Album b2',
    })
  })

  it('takes the keys from the body member, and adds a named record once', async () => {
    const send = serve()
    expect(
      (await send('PUT', '/me/albums', { ids: ['a1', 'd4'] })).status,
    ).toBe(200)
    expect(await keys(send)).toEqual(['a1', 'd4'])
    // The first album kept what it had: adding a record that is there changes nothing.
    const items = (await send('GET', '/me/albums')).body.items as Json[]
    expect(items.find((r) => r.id === 'a1')).toMatchObject({ title: 'First' })
  })

  it('removes the records a DELETE names, and only those', async () => {
    const send = serve()
    await send('PUT', '/me/albums?ids=b2,c3')
    expect(
      (await send('DELETE', '/me/albums', { ids: ['a1', 'c3'] })).status,
    ).toBe(200)
    expect(await keys(send)).toEqual(['b2'])
    expect((await send('DELETE', '/me/albums?ids=zz')).status).toBe(200)
    expect(await keys(send)).toEqual(['b2'])
  })

  it('removes by the relations’ rules: a record still named is refused and nothing goes', async () => {
    // Plays name the album they were played from (`refuse`, the default): the albums are read
    // one by one here, so a play can link to one.
    const withPlays = defineApi({
      ...api,
      resources: {
        albums: { ...api.resources.albums!, items: true },
        plays: {
          schema: z.object({ id: z.number().int(), albumId: z.string() }),
          relations: { album: { field: 'albumId', to: 'albums' } },
        },
      },
    })
    const send = serve(withPlays)
    await send('PUT', '/me/albums?ids=b2')
    expect((await send('POST', '/plays', { albumId: 'a1' })).status).toBe(201)
    const refused = await send('DELETE', '/me/albums?ids=b2,a1')
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      referencedBy: { resource: 'plays', id: 1, field: 'albumId' },
    })
    expect(await keys(send)).toEqual(['a1', 'b2'])
  })

  it('lists every bad key in one 422 and changes nothing', async () => {
    const send = serve()
    const refused = await send('PUT', '/me/albums', { ids: ['ok', '', 7] })
    expect(refused.status).toBe(422)
    expect((refused.body.errors as Json[]).map((e) => e.pointer)).toEqual([
      '#/ids/1',
      '#/ids/2',
    ])
    const missing = await send('PUT', '/me/albums')
    expect(missing.status).toBe(422)
    expect(JSON.stringify(missing.body)).toContain(
      'the query parameter ids or the body member ids',
    )
    expect(await keys(send)).toEqual(['a1'])
  })

  it('answers no item path: the records are never read one by one', async () => {
    const send = serve()
    expect((await send('GET', '/me/albums/a1')).status).toBe(404)
  })

  it('is checked by the declaration check', () => {
    const bad = {
      ...api,
      resources: {
        albums: {
          ...api.resources.albums,
          create: { method: 'PUT' as const },
          byKeys: { member: 'two words', add: 'PATCH' },
        },
      },
    } as unknown as ApiDeclaration
    let message = ''
    try {
      createMockApi({ api: bad })
    } catch (error) {
      expect(isInvalidDeclarationError(error)).toBe(true)
      message = (error as Error).message
    }
    expect(message).toContain('resources.albums.byKeys.member')
    expect(message).toContain(
      "resources.albums.byKeys.add: must be 'PUT' or 'POST'",
    )
    const none = {
      ...api,
      resources: {
        albums: { ...api.resources.albums, byKeys: {} },
      },
    } as unknown as ApiDeclaration
    expect(() => createMockApi({ api: none })).toThrow(
      'must name where the keys come',
    )
  })
})
