import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
  type ApiDeclaration,
  type OpenApiDocument,
} from '../../src/mock-server/index.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'

const pets = defineResource({
  schema: z.object({
    id: z.number().int(),
    name: z.string().min(1),
    age: z.number().int().min(0),
    ownerId: z.number().int(),
  }),
  owner: 'ownerId',
  create: z.object({ name: z.string().min(1), age: z.number().int().min(0) }),
  replace: z.object({ name: z.string().min(1), age: z.number().int().min(0) }),
  seed: [
    { id: 1, name: 'Rex', age: 3, ownerId: 1 },
    { id: 2, name: 'Tom', age: 5, ownerId: 2 },
  ],
})

const clinic = (more: Partial<ApiDeclaration>) =>
  defineApi({
    name: 'Clinic',
    base: '/api',
    resources: { pets },
    ...more,
  })

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

async function serve(api: ApiDeclaration) {
  const server = await startServer({ api, port: 0 })
  servers.push(server)
  return (path: string, init: RequestInit = {}) =>
    fetch(server.url + path, init)
}

const basic = (pair: string) => `Basic ${btoa(pair)}`
const json = (
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
  type = 'application/json',
): RequestInit => ({
  method,
  headers: { 'Content-Type': type, ...headers },
  body: JSON.stringify(body),
})

describe('HTTP Basic', () => {
  const api = clinic({
    auth: 'basic',
    tokens: { 'vet:secret': { owns: 'all' }, 'ann:pw': { owns: [1] } },
  })

  it('challenges with Basic (RFC 7617) and refuses a Bearer token', async () => {
    const call = await serve(api)
    const none = await call('/api/pets')
    expect(none.status).toBe(401)
    expect(none.headers.get('WWW-Authenticate')).toBe(
      'Basic realm="hypermock", charset="UTF-8"',
    )
    expect((await none.json()).detail).toMatch(/Authorization: Basic/)
    const bearer = await call('/api/pets', {
      headers: { Authorization: 'Bearer vet:secret' },
    })
    expect(bearer.status).toBe(401)
    expect((await bearer.json()).detail).toMatch(/must use the Basic scheme/)
    const wrong = await call('/api/pets', {
      headers: { Authorization: basic('vet:wrong') },
    })
    expect(wrong.status).toBe(401)
  })

  it('maps user:password to the declared principal and its rows', async () => {
    const call = await serve(api)
    const ann = await call('/api/pets', {
      headers: { Authorization: basic('ann:pw') },
    })
    expect(ann.status).toBe(200)
    const body = (await ann.json()) as { items: { name: string }[] }
    expect(body.items.map((p) => p.name)).toEqual(['Rex'])
    const vet = await call('/api/pets/2', {
      headers: { Authorization: basic('vet:secret') },
    })
    expect(vet.status).toBe(200)
  })
})

describe('several schemes (authAlso)', () => {
  it('takes the credential in any scheme the API offers, and challenges in its own', async () => {
    const call = await serve(
      clinic({
        auth: 'basic',
        authAlso: ['bearer', { type: 'apiKey', in: 'header', name: 'X-Key' }],
        tokens: { 'vet:secret': { owns: 'all' }, 'ann-token': { owns: [1] } },
      }),
    )
    const none = await call('/api/pets')
    expect(none.status).toBe(401)
    expect(none.headers.get('WWW-Authenticate')).toMatch(/^Basic /)
    const bearer = await call('/api/pets', {
      headers: { Authorization: 'Bearer ann-token' },
    })
    expect(bearer.status).toBe(200)
    const rows = (await bearer.json()) as { items: { name: string }[] }
    expect(rows.items.map((p) => p.name)).toEqual(['Rex'])
    const key = await call('/api/pets/2', {
      headers: { 'X-Key': 'vet:secret' },
    })
    expect(key.status).toBe(200)
    const unknown = await call('/api/pets', {
      headers: { Authorization: 'Bearer nobody' },
    })
    expect(unknown.status).toBe(401)
  })

  it('lists a mistake in an extra scheme with its path', () => {
    let error: unknown
    try {
      createMockApi({
        api: clinic({
          authAlso: [{ type: 'apiKey', in: 'body', name: 'k' } as never],
        }),
      })
    } catch (caught) {
      error = caught
    }
    expect(isInvalidDeclarationError(error)).toBe(true)
    const fields = (error as { errors: { field: string }[] }).errors.map(
      (e) => e.field,
    )
    expect(fields).toContain('authAlso[0].in')
  })
})

describe('an API key', () => {
  it('in the Authorization header with a prefix, as `Token token=`', async () => {
    const call = await serve(
      clinic({
        auth: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          prefix: 'Token token=',
        },
        tokens: { abc123: { owns: 'all' } },
      }),
    )
    const bearer = await call('/api/pets', {
      headers: { Authorization: 'Bearer abc123' },
    })
    expect(bearer.status).toBe(401)
    expect(bearer.headers.get('WWW-Authenticate')).toBe(
      'Token realm="hypermock"',
    )
    for (const value of ['Token token=abc123', 'Token token="abc123"']) {
      const ok = await call('/api/pets/1', {
        headers: { Authorization: value },
      })
      expect(ok.status).toBe(200)
    }
  })

  it('in a query parameter, which the list does not read as a filter', async () => {
    const call = await serve(
      clinic({ auth: { type: 'apiKey', in: 'query', name: 'api_key' } }),
    )
    expect((await call('/api/pets')).status).toBe(401)
    const list = await call('/api/pets?api_key=anything&name=Rex')
    expect(list.status).toBe(200)
    expect(
      ((await list.json()) as { items: { name: string }[] }).items,
    ).toMatchObject([{ name: 'Rex' }])
  })

  it('in a cookie, with the 401 naming where the key goes', async () => {
    const call = await serve(
      clinic({
        auth: { type: 'apiKey', in: 'cookie', name: 'sid' },
        tokens: { s3cr3t: { owns: [2] } },
      }),
    )
    const none = await call('/api/pets')
    expect(none.status).toBe(401)
    expect(none.headers.get('WWW-Authenticate')).toBe(
      'ApiKey realm="hypermock", in="cookie", name="sid"',
    )
    expect((await none.json()).detail).toMatch(/sid cookie/)
    const ok = await call('/api/pets', {
      headers: { Cookie: 'theme=dark; sid=s3cr3t' },
    })
    expect(ok.status).toBe(200)
    expect(
      ((await ok.json()) as { items: { name: string }[] }).items,
    ).toMatchObject([{ name: 'Tom' }])
  })

  it('is what the served description names', async () => {
    const call = await serve(
      clinic({ auth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } }),
    )
    const doc = (await (
      await call('/api/openapi.json')
    ).json()) as OpenApiDocument & {
      components: { securitySchemes: Record<string, unknown> }
    }
    expect(doc.security).toEqual([{ apiKeyAuth: [] }])
    expect(doc.components.securitySchemes).toEqual({
      apiKeyAuth: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
      }),
    })
  })
})

describe('validation status', () => {
  it('answers 400 where the API says so, still listing every invalid field', async () => {
    const call = await serve(clinic({ auth: false, validationStatus: 400 }))
    const response = await call(
      '/api/pets',
      json('POST', { name: '', age: -1 }),
    )
    expect(response.status).toBe(400)
    const problem = (await response.json()) as {
      status: number
      errors: { field: string }[]
    }
    expect(problem.status).toBe(400)
    expect(problem.errors.map((e) => e.field).sort()).toEqual(['age', 'name'])
    const doc = (await (await call('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: object }>>
    }
    const responses = doc.paths['/api/pets']!.post!.responses as Record<
      string,
      unknown
    >
    expect(JSON.stringify(responses['400'])).toMatch(/ValidationFailed/)
    expect(JSON.stringify(responses['422'] ?? '')).not.toMatch(
      /ValidationFailed/,
    )
  })
})

describe('required request headers', () => {
  it('answers 400 naming each missing header, and lets a request with them in', async () => {
    const call = await serve(
      clinic({
        auth: false,
        requiredHeaders: ['X-Tenant-Id', 'X-Api-Version'],
      }),
    )
    const response = await call('/api/pets', {
      headers: { 'X-Api-Version': '2' },
    })
    expect(response.status).toBe(400)
    const problem = await response.json()
    expect(problem).toMatchObject({
      type: '/api/problems/missing-header',
      missingHeaders: ['X-Tenant-Id'],
    })
    expect(problem.detail).toMatch(/X-Tenant-Id/)
    const ok = await call('/api/pets', {
      headers: { 'X-Tenant-Id': 't1', 'X-Api-Version': '2' },
    })
    expect(ok.status).toBe(200)
    // The entry point stays public.
    expect((await call('/api')).status).toBe(200)
    const doc = (await (await call('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string; in: string; required?: boolean }[] }
        >
      >
    }
    expect(doc.paths['/api/pets']!.get!.parameters).toContainEqual(
      expect.objectContaining({
        name: 'X-Tenant-Id',
        in: 'header',
        required: true,
      }),
    )
  })
})

describe('PATCH media types', () => {
  const api = (accepts: readonly string[]) =>
    defineApi({
      name: 'Clinic',
      base: '/api',
      auth: false,
      resources: {
        pets: defineResource({
          schema: z.object({
            id: z.number().int(),
            name: z.string().min(1),
            age: z.number().int().min(0),
            tags: z.array(z.string()),
          }),
          create: z.object({ name: z.string(), age: z.number().int() }),
          replace: z.object({
            name: z.string().min(1),
            age: z.number().int().min(0),
            tags: z.array(z.string()),
          }),
          patch: { accepts: accepts as never },
          seed: [{ id: 1, name: 'Rex', age: 3, tags: ['dog'] }],
        }),
      },
    })

  it('reads application/json as a merge patch where the API takes it', async () => {
    const call = await serve(
      api(['application/merge-patch+json', 'application/json']),
    )
    const response = await call('/api/pets/1', json('PATCH', { age: 4 }))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ name: 'Rex', age: 4 })
    const merge = await call(
      '/api/pets/1',
      json('PATCH', { name: 'Max' }, {}, 'application/merge-patch+json'),
    )
    expect(merge.status).toBe(200)
  })

  it('applies a JSON Patch (RFC 6902) where the API says so', async () => {
    const call = await serve(api(['application/json-patch+json']))
    const type = 'application/json-patch+json'
    const response = await call(
      '/api/pets/1',
      json(
        'PATCH',
        [
          { op: 'test', path: '/name', value: 'Rex' },
          { op: 'replace', path: '/age', value: 9 },
          { op: 'add', path: '/tags/-', value: 'old' },
        ],
        {},
        type,
      ),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      age: 9,
      tags: ['dog', 'old'],
    })
    const failed = await call(
      '/api/pets/1',
      json(
        'PATCH',
        [
          { op: 'replace', path: '/age', value: 1 },
          { op: 'test', path: '/name', value: 'Max' },
        ],
        {},
        type,
      ),
    )
    expect(failed.status).toBe(422)
    expect((await failed.json()).errors).toMatchObject([{ pointer: '#/1' }])
    // The patch applied whole or not at all.
    expect(await (await call('/api/pets/1')).json()).toMatchObject({ age: 9 })
    const invalid = await call(
      '/api/pets/1',
      json('PATCH', [{ op: 'replace', path: '/age', value: -2 }], {}, type),
    )
    expect(invalid.status).toBe(422)
    expect((await invalid.json()).errors).toMatchObject([{ field: 'age' }])
    const merge = await call(
      '/api/pets/1',
      json('PATCH', { age: 1 }, {}, 'application/merge-patch+json'),
    )
    expect(merge.status).toBe(415)
    expect(merge.headers.get('Accept-Patch')).toBe(type)
  })

  it('still refuses application/json by default, as hypermock always has', async () => {
    const call = await serve(api(['application/merge-patch+json']))
    const response = await call('/api/pets/1', json('PATCH', { age: 4 }))
    expect(response.status).toBe(415)
  })
})

it('lists every mistake in the dialect at once', () => {
  let caught: unknown
  try {
    createMockApi({
      api: clinic({
        auth: { type: 'apiKey', in: 'body', name: '' } as never,
        validationStatus: 418 as never,
        requiredHeaders: ['X Tenant'],
      }),
    })
  } catch (error) {
    caught = error
  }
  expect(isInvalidDeclarationError(caught)).toBe(true)
  const fields = (caught as { errors: { field: string }[] }).errors.map(
    (e) => e.field,
  )
  expect(fields).toEqual(
    expect.arrayContaining([
      'auth.in',
      'auth.name',
      'validationStatus',
      'requiredHeaders[0]',
    ]),
  )
})
