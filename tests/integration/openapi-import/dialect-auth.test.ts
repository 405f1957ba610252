import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

/**
 * A team API in a style unlike ours: `Authorization: Token token=<key>` (an apiKey scheme), 400 for
 * every invalid write, a tenant header on every operation, and PATCH described as plain JSON.
 */
const team = (security: Record<string, unknown>) => ({
  openapi: '3.0.3',
  info: { title: 'Teams', version: '1' },
  servers: [{ url: 'https://teams.example/api' }],
  security: [{ token: [] }],
  components: {
    securitySchemes: { token: security },
    parameters: {
      Tenant: {
        name: 'X-Tenant-Id',
        in: 'header',
        required: true,
        schema: { type: 'string' },
      },
    },
    schemas: {
      Team: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'size'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', minLength: 1 },
          size: { type: 'integer', minimum: 1 },
        },
      },
      TeamInput: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'size'],
        properties: {
          name: { type: 'string', minLength: 1 },
          size: { type: 'integer', minimum: 1 },
        },
      },
    },
  },
  paths: {
    '/teams': {
      parameters: [{ $ref: '#/components/parameters/Tenant' }],
      get: {
        responses: {
          '200': {
            description: 'The teams',
            content: {
              'application/json': {
                schema: {
                  type: 'array',
                  items: { $ref: '#/components/schemas/Team' },
                },
              },
            },
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/TeamInput' },
            },
          },
        },
        responses: {
          '201': {
            description: 'Created',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Team' },
              },
            },
          },
          '400': { description: 'Invalid' },
        },
      },
    },
    '/teams/{id}': {
      parameters: [
        { $ref: '#/components/parameters/Tenant' },
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
      ],
      get: {
        responses: {
          '200': {
            description: 'A team',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Team' },
              },
            },
          },
        },
      },
      put: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/TeamInput' },
            },
          },
        },
        responses: {
          '200': {
            description: 'Replaced',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Team' },
              },
            },
          },
          '400': { description: 'Invalid' },
        },
      },
      patch: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/TeamInput' },
            },
          },
        },
        responses: {
          '200': {
            description: 'Updated',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Team' },
              },
            },
          },
          '400': { description: 'Invalid' },
        },
      },
    },
  },
})

const tokenScheme = {
  type: 'apiKey',
  in: 'header',
  name: 'Authorization',
  description: 'Send `Authorization: Token token=<your key>`.',
}
const base = 'https://teams.example/api'
const headers = (more: Record<string, string> = {}) => ({
  Authorization: 'Token token=k1',
  'X-Tenant-Id': 'acme',
  ...more,
})

describe('an imported description in its own dialect', () => {
  it('takes the credential the way its security scheme says, not as Bearer', async () => {
    const api = createOpenApiMock({ openapi: team(tokenScheme) })
    const ok = await api.fetch(
      new Request(`${base}/teams`, { headers: headers() }),
    )
    expect(ok.status).toBe(200)
    const bearer = await api.fetch(
      new Request(`${base}/teams`, {
        headers: headers({ Authorization: 'Bearer k1' }),
      }),
    )
    expect(bearer.status).toBe(401)
    expect(bearer.headers.get('WWW-Authenticate')).toMatch(/^Token realm=/)
    const { report } = importOpenApi(team(tokenScheme))
    expect(report.auth).toMatch(/^Authorization: Token token=<token>/)
  })

  it('takes HTTP Basic where the description says so', async () => {
    const api = createOpenApiMock({
      openapi: team({ type: 'http', scheme: 'basic' }),
    })
    const response = await api.fetch(
      new Request(`${base}/teams`, {
        headers: headers({ Authorization: `Basic ${btoa('me:pw')}` }),
      }),
    )
    expect(response.status).toBe(200)
    const none = await api.fetch(
      new Request(`${base}/teams`, { headers: { 'X-Tenant-Id': 'acme' } }),
    )
    expect(none.headers.get('WWW-Authenticate')).toMatch(/^Basic realm=/)
  })

  it('answers invalid writes 400, as every write documents, listing each field', async () => {
    const api = createOpenApiMock({ openapi: team(tokenScheme) })
    const response = await api.fetch(
      new Request(`${base}/teams`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify({ name: '', size: 0 }),
      }),
    )
    expect(response.status).toBe(400)
    const problem = (await response.json()) as { errors: { field: string }[] }
    expect(problem.errors.map((e) => e.field).sort()).toEqual(['name', 'size'])
  })

  it('requires the tenant header every operation requires, naming it', async () => {
    const api = createOpenApiMock({ openapi: team(tokenScheme) })
    const response = await api.fetch(
      new Request(`${base}/teams`, {
        headers: { Authorization: 'Token token=k1' },
      }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      missingHeaders: ['X-Tenant-Id'],
    })
  })

  it('takes a PATCH sent as application/json, as the description lists it', async () => {
    const api = createOpenApiMock({ openapi: team(tokenScheme) })
    const created = await api.fetch(
      new Request(`${base}/teams`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify({ name: 'Core', size: 3 }),
      }),
    )
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    const patched = await api.fetch(
      new Request(`${base}/teams/${id}`, {
        method: 'PATCH',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify({ size: 4 }),
      }),
    )
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({ name: 'Core', size: 4 })
  })
})
