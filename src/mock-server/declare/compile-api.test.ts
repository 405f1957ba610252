import { describe, expect, it } from 'vitest'
import { metaRoutes } from '../routes.ts'
import { compileApi } from './compile-api.ts'
import { readingRoom } from './reading-room.fixture.ts'

const api = compileApi(readingRoom, metaRoutes)
const resource = (name: string) => api.resources.get(name)!

/** `GET,POST /books`: each route by its methods and path, in the order they are matched. */
const routeLines = () =>
  api.routes.map((r) => `${Object.keys(r.methods).join(',')} ${r.path}`)

describe('a compiled declaration', () => {
  it('serves the root, the descriptions and the problem pages beside its resources', () => {
    expect(routeLines().slice(0, 5)).toEqual([
      'GET ',
      'GET /openapi.json',
      'GET /asyncapi.json',
      'GET /problems',
      'GET /problems/:slug',
    ])
  })

  it('gives each resource a collection and an item route, with the methods it declares', () => {
    expect(routeLines()).toEqual(
      expect.arrayContaining([
        'GET,POST /shelves',
        'GET,PUT,DELETE /shelves/:id',
        'GET,POST /books',
        'GET,PUT,PATCH,DELETE /books/:id',
      ]),
    )
  })

  it('takes a merge patch only where patch is declared, in its own media type', () => {
    const item = api.routes.find((r) => r.path === '/books/:id')!
    expect(item.accepts).toEqual({ PATCH: 'application/merge-patch+json' })
    expect(resource('books').patch).toBe(true)
    expect(resource('shelves').patch).toBe(false)
  })

  it('turns each transition of the state into an action route, and its initial state into the default', () => {
    expect(
      api.routes
        .filter((r) => r.kind === 'action')
        .map((r) => [r.path, r.action]),
    ).toEqual([
      ['/books/:id/lend', 'lend'],
      ['/books/:id/give-back', 'give-back'],
    ])
    const state = resource('books').state!
    expect(state.field).toBe('status')
    expect(state.initial).toBe('in')
    expect(state.deleteIn).toEqual(['in', 'lost'])
    expect(
      state.transitions.map(({ name, from, to, title }) => ({
        name,
        from,
        to,
        title,
      })),
    ).toEqual([
      { name: 'lend', from: ['in'], to: 'out', title: 'Lend it' },
      { name: 'give-back', from: ['out'], to: 'in', title: undefined },
    ])
  })

  it('links a relation both ways: the field on one side, a nested list on the other', () => {
    expect(resource('books').relations).toEqual([
      expect.objectContaining({
        name: 'shelf',
        field: 'shelfId',
        to: 'shelves',
        nested: 'books',
        onDelete: 'refuse',
      }),
    ])
    expect(resource('shelves').nested).toEqual([
      expect.objectContaining({ name: 'books', of: 'books' }),
    ])
    const nested = api.routes.find((r) => r.kind === 'nested')!
    expect(nested).toMatchObject({
      path: '/shelves/:id/books',
      resource: 'books',
      parent: 'shelves',
    })
  })

  it('knows each id kind, the server-set fields and the success statuses', () => {
    expect(resource('shelves').idKind).toBe('uuid')
    expect(resource('books').idKind).toBe('integer')
    expect(resource('books').has).toEqual({
      version: true,
      createdAt: true,
      updatedAt: true,
    })
    expect(resource('shelves').has).toEqual({
      version: false,
      createdAt: false,
      updatedAt: false,
    })
    expect(resource('books').status).toEqual({
      read: 200,
      create: 201,
      replace: 200,
      upsert: 201,
      delete: 204,
    })
    expect(resource('shelves').singular).toBe('shelf')
    expect(resource('books').singular).toBe('book')
  })

  it('adds the declared problems to the built-in ones, and the declared routes after the resources', () => {
    expect(api.problems.get('room-closed')).toMatchObject({
      status: 503,
      declared: true,
    })
    expect(api.problems.get('not-found')).toMatchObject({
      status: 404,
      declared: false,
    })
    expect(routeLines().at(-1)).toBe('GET /opening-hours')
    expect(api.routes.at(-1)!.declared).toEqual({
      summary: 'When the room is open',
    })
  })

  it('reads its tokens into principals', () => {
    expect(api.tokens).toEqual({
      'reader-token': { id: 'admin', owns: 'all', scopes: ['read', 'write'] },
    })
  })

  it('matches only the paths it serves', () => {
    expect(api.matches('/books/1')).toBe(true)
    expect(api.matches('/books/1/lend')).toBe(true)
    expect(api.matches('/opening-hours')).toBe(true)
    expect(api.matches('/films')).toBe(false)
  })
})
