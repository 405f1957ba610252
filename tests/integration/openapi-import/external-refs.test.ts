import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  InvalidOpenApiError,
  loadOpenApi,
} from '../../../src/openapi-import/index.ts'

/** A description split over files, as teams keep them: the paths and the schemas in their own. */
const files = {
  'openapi.yaml': `openapi: 3.1.0
info: { title: Bookings, version: '1' }
servers: [{ url: 'https://bookings.example.test/v1' }]
paths:
  /bookings:
    $ref: './paths/bookings.yaml'
  /bookings/{bookingId}:
    $ref: './paths/booking.yaml'
`,
  'paths/bookings.yaml': `get:
  parameters:
    - { name: page, in: query, schema: { type: integer, minimum: 1 } }
    - { name: per_page, in: query, schema: { type: integer, maximum: 100 } }
  responses:
    '200':
      description: A page of bookings
      content:
        application/json:
          schema:
            type: object
            required: [bookings]
            properties:
              bookings: { type: array, items: { $ref: '../schemas/booking.yaml' } }
              total: { type: integer }
post:
  requestBody:
    required: true
    content:
      application/json:
        schema: { $ref: '../schemas/booking.yaml' }
  responses:
    '201':
      description: Booked
      content:
        application/json:
          schema: { $ref: '../schemas/booking.yaml' }
`,
  'paths/booking.yaml': `parameters:
  - { name: bookingId, in: path, required: true, schema: { type: string, format: uuid } }
get:
  responses:
    '200':
      description: A booking
      content:
        application/json:
          schema: { $ref: '../schemas/booking.yaml' }
put:
  requestBody:
    required: true
    content:
      application/json:
        schema: { $ref: '../schemas/booking.yaml' }
  responses:
    '200':
      description: Replaced
      content:
        application/json:
          schema: { $ref: '../schemas/booking.yaml' }
delete:
  responses:
    '204': { description: Cancelled }
`,
  'schemas/booking.yaml': `type: object
required: [guest, nights]
properties:
  id: { type: string, format: uuid, readOnly: true }
  guest: { $ref: './guest.yaml' }
  nights: { type: integer, minimum: 1, maximum: 30 }
`,
  'schemas/guest.yaml': `type: object
required: [name, email]
properties:
  name: { type: string, minLength: 1 }
  email: { type: string, format: email }
`,
}

describe('a description whose $refs name other files', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'hypermock-refs-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
    writeFileSync(path.join(root, name), text)
  }

  it('is bundled by the parser and served with state, its schemas from every file', async () => {
    const openapi = await loadOpenApi(path.join(root, 'openapi.yaml'))
    const api = createOpenApiMock({ openapi, overrides: { count: 3 } })
    const send = (method: string, url: string, body?: unknown) =>
      api.fetch(
        new Request(`https://bookings.example.test/v1${url}`, {
          method,
          ...(body !== undefined && {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }),
        }),
      )
    const created = await send('POST', '/bookings', {
      guest: { name: 'Ada', email: 'ada@example.test' },
      nights: 2,
    })
    expect(created.status).toBe(201)
    const booking = (await created.json()) as { id: string }
    expect(booking.id).toMatch(/^[0-9a-f-]{36}$/)
    type Page = { bookings: { id: string }[]; total: number }
    const page = async (n: number) =>
      (await (
        await send('GET', `/bookings?per_page=2&page=${n}`)
      ).json()) as Page
    const [first, second] = [await page(1), await page(2)]
    expect(first.total).toBe(4)
    const ids = [...first.bookings, ...second.bookings].map((b) => b.id)
    expect(new Set(ids).size).toBe(4)
    expect(ids).toContain(booking.id)
    // A rule of guest.yaml, two files away from the operation.
    const invalid = await send('POST', '/bookings', {
      guest: { name: '', email: 'nobody' },
      nights: 31,
    })
    expect(invalid.status).toBe(422)
    const problem = (await invalid.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/guest/email',
      '#/guest/name',
      '#/nights',
    ])
  })

  it('keeps one copy of each file: path items written out in place are not kept twice', async () => {
    const openapi = await loadOpenApi(path.join(root, 'openapi.yaml'))
    expect(Object.keys(openapi['x-hypermock-files'] as object).sort()).toEqual([
      'schemas/booking.yaml',
      'schemas/guest.yaml',
    ])
    const paths = openapi.paths as Record<string, Record<string, unknown>>
    expect(Object.keys(paths['/bookings/{bookingId}']!).sort()).toEqual([
      'delete',
      'get',
      'parameters',
      'put',
    ])
  })

  it('refuses a $ref to a file that is not there, naming the file', async () => {
    const broken = path.join(root, 'broken.yaml')
    writeFileSync(
      broken,
      files['openapi.yaml'].replace(
        './paths/booking.yaml',
        './paths/missing.yaml',
      ),
    )
    const error = await loadOpenApi(broken).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidOpenApiError)
    expect((error as Error).message).toContain(broken)
    expect((error as Error).message).toContain('missing.yaml')
  })
})
