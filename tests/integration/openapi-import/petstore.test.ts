import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createMockApi,
  type ApiDeclaration,
  type MockApi,
} from '../../../src/index.ts'
import {
  formatReport,
  formatSummary,
  importOpenApi,
  type ImportedApi,
  loadOpenApi,
} from '../../../src/openapi-import/index.ts'
import { describedCaller } from '../../support/imported-conformance.ts'
import { openApiFixtures } from '../../support/openapi-fixtures.ts'

const file = openApiFixtures['petstore-expanded']
const origin = 'http://petstore.test'

let api: MockApi<ApiDeclaration>
let call: ReturnType<typeof describedCaller>
let report: string
let imported: ImportedApi

beforeAll(async () => {
  const document = await loadOpenApi(file)
  imported = importOpenApi(document)
  report = formatReport(imported.report)
  api = createMockApi({ api: imported.api })
  call = describedCaller(api, document, { origin, base: '/api' })
})

describe('OAI petstore-expanded (OpenAPI 3.0), imported', () => {
  it('reports how each operation is served and where its errors disagree', () => {
    expect(report).toContain('GET /pets          list (pets)')
    expect(report).toContain('POST /pets         create (pets)')
    expect(report).toContain('a bare array, page paging (limit)')
    expect(report).toContain('accepts tags without filtering on it')
    expect(report).toMatch(
      /describe application\/json with Error \(no type, title, status, detail\)/,
    )
  })

  it('sums the report up in one line for inspect --summary', () => {
    expect(formatSummary(imported.report)).toBe(
      'Swagger Petstore (3.0.0): 4 of 4 operations served with state (100%)',
    )
  })

  it('is the report the OpenAPI guide shows', () => {
    const readme = readFileSync(
      new URL('../../../docs/guide/openapi-description.md', import.meta.url),
      'utf8',
    )
    const shown =
      /<!-- inspect petstore-expanded -->\n+```text\n([\s\S]*?)\n```/.exec(
        readme,
      )
    expect(shown?.[1]).toBe(report)
  })

  it("lists a bare array of seeded pets, paged by the description's limit", async () => {
    const response = await call('GET', '/pets?limit=3')
    expect(response.status).toBe(200)
    const pets = (await response.json()) as { id: number; name: string }[]
    expect(pets).toHaveLength(3)
    expect(pets.map((p) => p.id)).toEqual([1, 2, 3])
    expect(response.headers.get('Link')).toContain('rel="next"')
    const next = await call('GET', '/pets?limit=3&page=2')
    expect(((await next.json()) as { id: number }[]).map((p) => p.id)).toEqual([
      4, 5, 6,
    ])
    // The description names `tags`: accepted, not an error.
    expect((await call('GET', '/pets?tags=dog')).status).toBe(200)
  })

  it('creates (200, as described), reads, and deletes with ETags and 412', async () => {
    const created = await call('POST', '/pets', { name: 'Rex', tag: 'dog' })
    expect(created.status).toBe(200)
    const pet = (await created.json()) as { id: number; name: string }
    expect(pet).toMatchObject({ id: 11, name: 'Rex', tag: 'dog' })
    expect(created.headers.get('Location')).toBe('/api/pets/11')
    const read = await call('GET', '/pets/11')
    const etag = read.headers.get('ETag')!
    expect(etag).toMatch(/^"pet-11-/)
    expect(
      (await call('GET', '/pets/11', undefined, { 'If-None-Match': etag }))
        .status,
    ).toBe(304)
    const listed = (await (await call('GET', '/pets?limit=100')).json()) as {
      id: number
    }[]
    expect(listed.map((p) => p.id)).toContain(11)

    const stale = await call('DELETE', '/pets/11', undefined, {
      'If-Match': '"pet-11-stale"',
    })
    expect(stale.status).toBe(412)
    expect(stale.headers.get('Content-Type')).toBe('application/problem+json')
    expect(
      (await call('DELETE', '/pets/11', undefined, { 'If-Match': etag }))
        .status,
    ).toBe(204)
    expect((await call('GET', '/pets/11')).status).toBe(404)
  })

  it('has no replace in the description, so PUT is 405 with Allow', async () => {
    const response = await call('PUT', '/pets/1', { name: 'Rex' })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toBe('GET, HEAD, DELETE, OPTIONS')
  })

  it('answers a body with every invalid field in one 422, server-set id included', async () => {
    const response = await call('POST', '/pets', { tag: 5, id: 3 })
    expect(response.status).toBe(422)
    const problem = (await response.json()) as {
      errors: { pointer: string; message: string }[]
    }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/id',
      '#/name',
      '#/tag',
    ])
    expect(problem.errors.find((e) => e.pointer === '#/id')?.message).toMatch(
      /set by the server/,
    )
  })

  it('replays a repeated Idempotency-Key', async () => {
    const key = { 'Idempotency-Key': 'pet-create-1' }
    const first = await call('POST', '/pets', { name: 'Tom' }, key)
    const again = await call('POST', '/pets', { name: 'Tom' }, key)
    expect(again.status).toBe(first.status)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    const list = (await (await call('GET', '/pets?limit=100')).json()) as {
      name: string
    }[]
    expect(list.filter((p) => p.name === 'Tom')).toHaveLength(1)
  })
})
