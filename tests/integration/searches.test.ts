import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const pet = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['available', 'sold']),
  tags: z.array(z.string()),
})

const api = defineApi({
  name: 'Searches',
  base: '/v1',
  auth: false,
  resources: {
    pets: defineResource({
      schema: pet,
      seed: [
        { name: 'rex', status: 'available', tags: ['dog'] },
        { name: 'tom', status: 'sold', tags: ['cat'] },
        { name: 'fido', status: 'available', tags: [] },
      ],
      searches: [
        {
          path: '/pet/findByStatus',
          list: { envelope: 'array', paging: 'none', ignore: ['tags'] },
          summary: 'Find pets by status',
        },
        {
          path: '/owners/{owner}/pets',
          answer: (body) => ({ found: body }),
        },
        { path: '/pets/by-name', filters: ['name'] },
      ],
    }),
  },
})

function serve() {
  const mock = createMockApi({ api })
  return async (method: string, path: string) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, { method }),
    )
    const text = await response.text()
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as unknown,
    }
  }
}

describe("a resource's searches: read-only lists of its records at paths of their own", () => {
  it('lists the records its query filters choose, in its own envelope, ignoring what it is told to', async () => {
    const send = serve()
    const found = await send('GET', '/pet/findByStatus?status=available&tags=x')
    expect(found.status).toBe(200)
    expect((found.body as Json[]).map((p) => p.name)).toEqual(['rex', 'fido'])
    // The same table: a record sold since is found by its new status.
    expect(
      ((await send('GET', '/pet/findByStatus?status=sold')).body as Json[]).map(
        (p) => p.name,
      ),
    ).toEqual(['tom'])
    expect((await send('GET', '/pet/findByStatus?colour=red')).status).toBe(400)
    expect((await send('POST', '/pet/findByStatus')).status).toBe(405)
  })

  it("answers in the resource's list envelope where it names none, shaped by its answer", async () => {
    const send = serve()
    const found = await send('GET', '/owners/7/pets?status=sold')
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({ found: { items: [{ name: 'tom' }] } })
  })

  it('filters on the fields it names, and on no other', async () => {
    const send = serve()
    const found = await send('GET', '/pets/by-name?name=tom')
    expect(found.body).toMatchObject({ items: [{ name: 'tom' }] })
    expect((found.body as { items: unknown[] }).items).toHaveLength(1)
    expect((await send('GET', '/pets/by-name?status=sold')).status).toBe(400)
  })

  it('is matched before the item path it looks like, for every method: one it lacks is its 405', async () => {
    const send = serve()
    // `/pets/by-name` is also `/pets/{id}` with the id "by-name": the concrete path wins.
    const deleted = await send('DELETE', '/pets/by-name')
    expect(deleted.status).toBe(405)
    expect(deleted.body).toMatchObject({ allowed: ['GET', 'HEAD', 'OPTIONS'] })
    expect((await send('GET', '/pets/by-name?name=rex')).status).toBe(200)
    expect((await send('DELETE', '/pets/1')).status).toBe(204)
  })

  it('is described, a valid OpenAPI document', async () => {
    const send = serve()
    const document = (await send('GET', '/openapi.json')).body as Json
    const paths = document.paths as Record<string, { get?: Json }>
    expect(paths['/v1/pet/findByStatus']?.get?.summary).toBe(
      'Find pets by status',
    )
    expect(paths['/v1/owners/{owner}/pets']?.get).toBeDefined()
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : compileErrors(result)).toEqual([])
  })

  it("refuses a search at a path that is no path, or the collection's own", () => {
    const bad = (path: string) => {
      try {
        createMockApi({
          api: defineApi({
            name: 'Bad',
            auth: false,
            resources: {
              pets: defineResource({ schema: pet, searches: [{ path }] }),
            },
          }),
        })
      } catch (error) {
        if (isInvalidDeclarationError(error)) return error.message
        throw error
      }
      return ''
    }
    expect(bad('pet/find')).toMatch(/searches\[0\]\.path/)
    expect(bad('/pet/../x')).toMatch(/searches\[0\]\.path/)
    expect(bad('/pets')).toMatch(/collection's own path/)
    expect(bad('/pets/search')).toBe('')
  })

  it('is served at a path of up to 12 segments, and refuses a deeper one naming the limit', async () => {
    // GitHub's jobs of a run attempt: nine segments.
    const deep =
      '/repos/{owner}/{repo}/actions/runs/{run_id}/attempts/{attempt}/jobs'
    const declared = (path: string) =>
      defineApi({
        name: 'Deep',
        base: '/v1',
        auth: false,
        resources: {
          pets: defineResource({
            schema: pet,
            seed: [{ name: 'rex', status: 'available', tags: [] }],
            searches: [{ path }],
          }),
        },
      })
    const mock = createMockApi({ api: declared(deep) })
    const found = await mock.fetch(
      new Request(
        'http://api.test/v1/repos/o/r/actions/runs/1/attempts/2/jobs?status=available',
      ),
    )
    expect(found.status).toBe(200)
    expect(
      ((await found.json()) as { items: Json[] }).items.map((p) => p.name),
    ).toEqual(['rex'])
    expect(() => createMockApi({ api: declared(`/a/b/c/d${deep}`) })).toThrow(
      /searches\[0\]\.path: must be .*up to 12 of them/,
    )
  })
})
