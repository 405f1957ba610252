import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

type Json = Record<string, unknown>

const json = (schema: unknown) => ({ 'application/json': { schema } })
const pet = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['available', 'sold'] },
  },
}
const petId = {
  name: 'petId',
  in: 'path',
  required: true,
  schema: { type: 'integer' },
}

// Swagger Petstore's `POST /pet/{petId}`: an update whose members come in the query.
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pet': {
      post: {
        requestBody: { content: json(pet) },
        responses: { '200': { description: 'made', content: json(pet) } },
      },
    },
    '/pet/findByStatus': {
      get: {
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: json({
              type: 'array',
              items: { $ref: '#/components/schemas/Pet' },
            }),
          },
        },
      },
    },
    '/pet/{petId}': {
      get: {
        parameters: [petId],
        responses: {
          '200': {
            description: 'ok',
            content: json({ $ref: '#/components/schemas/Pet' }),
          },
        },
      },
      post: {
        parameters: [
          petId,
          { name: 'name', in: 'query', schema: { type: 'string' } },
          { name: 'status', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'updated',
            content: json({ $ref: '#/components/schemas/Pet' }),
          },
        },
      },
    },
  },
  components: { schemas: { Pet: pet } },
}

async function send(
  api: { fetch(request: Request): Promise<Response> },
  method: string,
  path: string,
) {
  const response = await api.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { Authorization: 'Bearer own' },
    }),
  )
  const text = await response.text()
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as Json,
  }
}

describe('an update by POST whose members come in query parameters', () => {
  it('sets the members the query names, and a read gives them back', async () => {
    const { report } = importOpenApi(openapi)
    expect(
      report.operations.find(
        (op) => op.method === 'POST' && op.path === '/pet/{petId}',
      ),
    ).toMatchObject({ servedAs: 'merge patch', resource: 'pet' })
    const api = createOpenApiMock({ openapi })
    api.config.update({ rateLimit: false })
    const updated = await send(api, 'POST', '/pet/1?name=Rex&status=sold')
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ id: 1, name: 'Rex', status: 'sold' })
    expect((await send(api, 'GET', '/pet/1')).body).toMatchObject({
      name: 'Rex',
      status: 'sold',
    })
  })

  it('refuses a member the record cannot hold, and changes nothing', async () => {
    const api = createOpenApiMock({ openapi })
    api.config.update({ rateLimit: false })
    const before = (await send(api, 'GET', '/pet/1')).body
    const refused = await send(api, 'POST', '/pet/1?status=lost')
    expect(refused.status).toBe(422)
    expect((refused.body.errors as Json[]).map((e) => e.pointer)).toEqual([
      '?status',
    ])
    expect((await send(api, 'GET', '/pet/1')).body).toEqual(before)
    expect((await send(api, 'POST', '/pet/999?name=x')).status).toBe(404)
  })

  it('answers every operation as the description allows', async () => {
    const { report } = importOpenApi(openapi)
    const api = createOpenApiMock({
      openapi,
      overrides: { errors: 'description' },
    })
    api.config.update({ rateLimit: false })
    const { disallowed } = await everyAnswer(openapi, report, api)
    expect(disallowed).toEqual([])
  })
})
