import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/** Events keyed by a uuid `eventId`, changed by a PATCH with no PUT beside it (as the museum's). */
const event = {
  type: 'object',
  required: ['eventId', 'name', 'price'],
  properties: {
    eventId: { type: 'string', format: 'uuid', readOnly: true },
    name: { type: 'string', minLength: 1 },
    price: { type: 'number', minimum: 0 },
  },
}
const json = (schema: unknown) => ({
  content: { 'application/json': { schema } },
})
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Events', version: '1' },
  components: { schemas: { Event: event } },
  paths: {
    '/events': {
      post: {
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            additionalProperties: false,
            required: ['name', 'price'],
            properties: {
              name: { type: 'string', minLength: 1 },
              price: { type: 'number', minimum: 0 },
            },
          }),
        },
        responses: {
          '201': {
            description: 'made',
            ...json({ $ref: '#/components/schemas/Event' }),
          },
        },
      },
    },
    '/events/{eventId}': {
      parameters: [
        {
          name: 'eventId',
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        },
      ],
      get: {
        responses: {
          '200': {
            description: 'one',
            ...json({ $ref: '#/components/schemas/Event' }),
          },
        },
      },
      patch: {
        requestBody: {
          required: true,
          ...json({
            type: 'object',
            additionalProperties: false,
            properties: {
              name: { type: 'string', minLength: 1 },
              price: { type: 'number', minimum: 0 },
            },
          }),
        },
        responses: {
          '200': {
            description: 'changed',
            ...json({ $ref: '#/components/schemas/Event' }),
          },
        },
      },
    },
  },
}

describe('an imported PATCH with no PUT beside it', () => {
  it('is served by the engine as a merge, checked by its own body schema', async () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    expect(report.operations.find((o) => o.method === 'PATCH')?.servedAs).toBe(
      'merge patch',
    )
    const mock = createOpenApiMock({ openapi })
    const send = async (method: string, path: string, body?: Json) => {
      const response = await mock.fetch(
        new Request(`http://localhost${path}`, {
          method,
          headers: body ? { 'Content-Type': 'application/json' } : {},
          ...(body && { body: JSON.stringify(body) }),
        }),
      )
      return { status: response.status, body: (await response.json()) as Json }
    }
    const created = await send('POST', '/events', {
      name: 'Lanterns',
      price: 12,
    })
    expect(created.status).toBe(201)
    const id = created.body.eventId as string
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const patched = await send('PATCH', `/events/${id}`, { price: 15 })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({
      eventId: id,
      name: 'Lanterns',
      price: 15,
    })
    const refused = await send('PATCH', `/events/${id}`, {
      name: '',
      price: -1,
    })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[]).map((e) => e.pointer),
    ).toEqual(['#/name', '#/price'])
    expect((await send('GET', `/events/${id}`)).body).toEqual(patched.body)
  })
})
