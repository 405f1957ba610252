import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const playlist = z.object({
  id: z.number().int(),
  name: z.string(),
  public: z.boolean(),
})
const input = z.object({ name: z.string(), public: z.boolean() })

const api = defineApi({
  name: 'Playlists',
  base: '/v1',
  auth: false,
  resources: {
    playlists: {
      schema: playlist,
      create: false,
      seed: [{ name: 'Morning', public: true }],
      searches: [{ path: '/me/playlists' }],
      creates: [{ path: '/me/playlists', input }],
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
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

describe('creates of a resource’s records at paths of their own (creates)', () => {
  it('creates a record at the other path that the resource’s item reads back, with one ETag', async () => {
    const send = serve()
    const created = await send('POST', '/me/playlists', {
      name: 'Evening',
      public: false,
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBe('/v1/playlists/2')
    const read = await send('GET', '/playlists/2')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ name: 'Evening', public: false })
    expect(read.headers.get('ETag')).toBe(created.headers.get('ETag'))
    // The search at the same path lists it; the resource's own collection creates nothing.
    const listed = await send('GET', '/me/playlists')
    expect((listed.body.items as Json[]).map((p) => p.name)).toEqual([
      'Morning',
      'Evening',
    ])
    expect((await send('POST', '/playlists', { name: 'x' })).status).toBe(405)
  })

  it('lists every invalid field of its body in one 422, and keeps nothing', async () => {
    const send = serve()
    const refused = await send('POST', '/me/playlists', { name: 7 })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[])
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['#/name', '#/public'])
    expect(
      ((await send('GET', '/me/playlists')).body.items as Json[]).length,
    ).toBe(1)
  })

  it('refuses a create with no body to take, or below parents, naming each', () => {
    let error: unknown
    try {
      createMockApi({
        api: {
          name: 'Wrong',
          resources: {
            playlists: {
              schema: playlist,
              create: false,
              creates: [{ path: '/me/playlists' }, { path: '/playlists' }],
            },
            tracks: {
              schema: z.object({
                id: z.number().int(),
                playlistId: z.number().int(),
              }),
              path: '/playlists/{playlist}/tracks',
              parents: { playlist: { field: 'playlistId', to: 'playlists' } },
              creates: [{ path: '/me/tracks' }],
            },
          },
        },
      })
    } catch (caught) {
      error = caught
    }
    expect(isInvalidDeclarationError(error)).toBe(true)
    const message = (error as Error).message
    expect(message).toContain('resources.playlists.creates[0].input')
    expect(message).toContain('resources.playlists.creates[1].path')
    expect(message).toContain('resources.tracks.creates[0]')
  })
})
