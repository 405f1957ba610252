import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

const json = (schema: unknown) => ({ 'application/json': { schema } })
const response = {
  type: 'object',
  required: ['id', 'model'],
  properties: { id: { type: 'string' }, model: { type: 'string' } },
}
const created = {
  requestBody: {
    content: json({
      type: 'object',
      properties: { model: { type: 'string' } },
    }),
  },
  responses: { '200': { description: 'made', content: json(response) } },
}
const read = {
  parameters: [
    { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
  ],
  responses: { '200': { description: 'ok', content: json(response) } },
}

// OpenAI's description writes a query string into some paths (`/responses?beta=true`).
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Responses', version: '1' },
  paths: {
    '/responses': { post: created },
    '/responses?beta=true': { post: { ...created, operationId: 'createBeta' } },
    '/responses/{id}': { get: read },
    '/responses/{id}?beta=true': { get: read },
  },
}

describe('a path with a query string written into it', () => {
  it('is served as its twin without the query', () => {
    const { report, api } = importOpenApi(openapi)
    const beta = report.operations.find(
      (op) => op.method === 'POST' && op.path === '/responses?beta=true',
    )
    expect(beta).toMatchObject({
      servedAs: 'create',
      resource: 'responses',
      operationId: 'createBeta',
    })
    expect(
      report.operations.find(
        (op) => op.method === 'GET' && op.path === '/responses/{id}?beta=true',
      ),
    ).toMatchObject({ servedAs: 'read', resource: 'responses' })
    expect(api.routes ?? []).toEqual([])
  })

  it('keeps what a request at that URL creates, as the path without it does', async () => {
    const api = createOpenApiMock({ openapi })
    api.config.update({ rateLimit: false })
    const headers = {
      Authorization: 'Bearer own',
      'Content-Type': 'application/json',
    }
    const made = await api.fetch(
      new Request('http://localhost/responses?beta=true', {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: 'm1' }),
      }),
    )
    expect(made.status).toBe(200)
    const { id } = (await made.json()) as { id: string }
    const again = await api.fetch(
      new Request(`http://localhost/responses/${id}?beta=true`, { headers }),
    )
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ id, model: 'm1' })
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
