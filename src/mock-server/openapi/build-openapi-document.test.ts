import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { compileApi } from '../declare/compile-api.ts'
import { readingRoom } from '../declare/reading-room.fixture.ts'
import { metaRoutes } from '../routes.ts'
import { buildOpenApiDocument } from './build-openapi-document.ts'

interface OperationObject {
  operationId: string
  tags: string[]
  summary: string
  parameters?: { name?: string; $ref?: string; schema?: unknown }[]
  requestBody?: { content: Record<string, unknown> }
  responses: Record<string, { $ref?: string; headers?: object }>
  security?: unknown[]
  'x-hypermock-not-allowed'?: boolean
}

const api = compileApi(readingRoom, metaRoutes)
const doc = buildOpenApiDocument(api, '/api')
const op = (path: string, method: string) =>
  doc.paths[path]![method] as OperationObject
const statuses = (path: string, method: string) =>
  Object.keys(op(path, method).responses)

describe('the description of a small declaration', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(doc) as never)
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true)
    expect(doc.openapi).toBe('3.1.1')
    expect(doc.info.title).toBe('Reading room')
  })

  it('has a path for the root, the description, the problems, each resource, action and route', () => {
    expect(Object.keys(doc.paths)).toEqual([
      '/api',
      '/api/openapi.json',
      '/api/asyncapi.json',
      '/api/problems',
      '/api/problems/{slug}',
      '/api/events',
      '/api/shelves',
      '/api/shelves/{id}',
      '/api/shelves/{id}/books',
      '/api/books',
      '/api/books/{id}',
      '/api/books/{id}/lend',
      '/api/books/{id}/give-back',
      '/api/opening-hours',
    ])
  })

  it('describes every method on every path: HEAD with GET, OPTIONS, and 405 for the others', () => {
    const item = doc.paths['/api/books/{id}']!
    expect(Object.keys(item).sort()).toEqual(
      ['delete', 'get', 'head', 'options', 'patch', 'post', 'put'].sort(),
    )
    expect(op('/api/books/{id}', 'post')['x-hypermock-not-allowed']).toBe(true)
    expect(statuses('/api/books/{id}', 'post')).toContain('405')
    expect(statuses('/api/books/{id}', 'options')).toContain('204')
    // Shelves declare no patch: their PATCH is a 405 too.
    expect(op('/api/shelves/{id}', 'patch')['x-hypermock-not-allowed']).toBe(
      true,
    )
  })

  it('says what each convention answers: 201 with Location, 304, 412, 409 where a state or relation refuses', () => {
    expect(statuses('/api/books', 'post')).toEqual(
      expect.arrayContaining(['201', '400', '415', '422']),
    )
    expect(op('/api/books', 'post').responses['201']!.headers).toHaveProperty(
      'Location',
    )
    expect(statuses('/api/books/{id}', 'get')).toEqual(
      expect.arrayContaining(['200', '304', '404']),
    )
    expect(statuses('/api/books/{id}', 'put')).toEqual(
      expect.arrayContaining(['200', '409', '412', '422']),
    )
    // A state refuses an action out of turn; a shelf a book names refuses its delete.
    expect(statuses('/api/books/{id}/lend', 'post')).toContain('409')
    expect(statuses('/api/shelves/{id}', 'delete')).toContain('409')
    // Shelves have no state: nothing makes their replace conflict.
    expect(statuses('/api/shelves/{id}', 'put')).not.toContain('409')
  })

  it('takes a merge patch in its own media type, with If-Match', () => {
    const patch = op('/api/books/{id}', 'patch')
    expect(Object.keys(patch.requestBody!.content)).toEqual([
      'application/merge-patch+json',
    ])
    expect(patch.parameters).toContainEqual({
      $ref: '#/components/parameters/IfMatch',
    })
    expect(doc.components.schemas).toHaveProperty('BookMergePatch')
  })

  it('types each path id by its resource’s id kind', () => {
    const id = (path: string) =>
      op(path, 'get').parameters!.find((p) => p.name === 'id')!.schema
    expect(id('/api/shelves/{id}')).toEqual({ type: 'string', format: 'uuid' })
    expect(id('/api/books/{id}')).toEqual({ type: 'integer', minimum: 1 })
  })

  it('has the schemas of records per state, inputs, and the declared problem', () => {
    expect(Object.keys(doc.components.schemas!)).toEqual(
      expect.arrayContaining([
        'Shelf',
        'ShelfCollection',
        'ShelfCreate',
        'Book',
        'InBook',
        'OutBook',
        'LostBook',
        'BookCreate',
        'BookReplace',
        'RoomClosedProblem',
      ]),
    )
  })

  it('describes a declared route with its own words, under its own tag', () => {
    const route = op('/api/opening-hours', 'get')
    expect(route).toMatchObject({
      operationId: 'getOpeningHours',
      summary: 'When the room is open',
      tags: ['Routes'],
    })
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'Routes' }))
  })

  it('gives every endpoint its own operationId', () => {
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((o) => (o as OperationObject).operationId),
    )
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('lives where the API lives: at the origin for a path, at the host for a URL', () => {
    expect(doc.servers).toEqual([
      { url: '/', description: 'The origin the mock answers on' },
    ])
    const hosted = buildOpenApiDocument(api, 'https://reading.example/v1')
    expect(hosted.servers).toEqual([
      {
        url: 'https://reading.example',
        description: 'The host the API lives on',
      },
    ])
    expect(Object.keys(hosted.paths)).toContain('/v1/books/{id}')
  })
})
