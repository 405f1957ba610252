import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
  type OpenApiOverrides,
} from '../../../src/openapi-import/index.ts'

/** A small description of our own: cursor paging, an action, bearer security. */
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Rooms', version: '1' },
  servers: [{ url: 'https://rooms.example/v1' }],
  security: [{ bearer: [] }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    schemas: {
      Booking: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'room', 'status'],
        properties: {
          id: { type: 'string', format: 'uuid', readOnly: true },
          room: { type: 'string', minLength: 1 },
          guest: { type: 'string', format: 'email', nullable: true },
          status: {
            type: 'string',
            enum: ['held', 'confirmed', 'cancelled'],
            readOnly: true,
          },
        },
      },
    },
  },
  paths: {
    '/bookings': {
      get: {
        parameters: [
          { name: 'after', in: 'query', schema: { type: 'string' } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'room', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: {
                      type: 'array',
                      items: { $ref: '#/components/schemas/Booking' },
                    },
                    links: {
                      type: 'object',
                      properties: { next: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Booking' },
            },
          },
        },
        responses: {
          '201': {
            description: 'created',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Booking' },
              },
            },
          },
        },
      },
    },
    '/bookings/{id}': {
      get: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string', format: 'uuid' },
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Booking' },
              },
            },
          },
        },
      },
    },
    '/bookings/{id}/confirm': {
      post: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string', format: 'uuid' },
          },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Booking' },
              },
            },
          },
        },
      },
    },
  },
}

const overrides: OpenApiOverrides = {
  base: 'https://rooms.example/v1',
  count: 7,
  tokens: { 'front-desk': {}, auditor: { scopes: ['read'] } },
  resources: {
    bookings: {
      state: {
        field: 'status',
        initial: 'held',
        transitions: { confirm: { from: ['held'], to: 'confirmed' } },
      },
    },
  },
}

const base = 'https://rooms.example/v1'
const as = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: {
    Authorization: `Bearer ${token}`,
    'Content-Type': 'application/json',
    ...init.headers,
  },
})

describe('an imported description with an overlay', () => {
  it("pages by an opaque cursor under the description's own name", async () => {
    const api = createOpenApiMock({ openapi, overrides })
    const seen: string[] = []
    let next: string | undefined = `${base}/bookings?limit=3`
    while (next) {
      const response = await api.fetch(new Request(next, as('front-desk')))
      expect(response.status).toBe(200)
      const body = (await response.json()) as {
        data: { id: string }[]
        links: { next?: string }
      }
      seen.push(...body.data.map((b) => b.id))
      expect(body.data.length).toBeLessThanOrEqual(3)
      next = body.links.next
      if (next)
        expect(new URL(next).searchParams.get('after')).toMatch(/^[\w-]+$/)
    }
    expect(seen).toHaveLength(7)
    expect(new Set(seen).size).toBe(7)
    const bad = await api.fetch(
      new Request(`${base}/bookings?after=page-2`, as('front-desk')),
    )
    expect(bad.status).toBe(400)
  })

  it("gives the action the overlay's states: confirmed once, 409 the second time", async () => {
    const api = createOpenApiMock({ openapi, overrides })
    const created = await api.fetch(
      new Request(
        `${base}/bookings`,
        as('front-desk', {
          method: 'POST',
          body: JSON.stringify({ room: '101', guest: null }),
        }),
      ),
    )
    expect(created.status).toBe(201)
    const booking = (await created.json()) as { id: string; status: string }
    expect(booking.status).toBe('held')
    const confirm = () =>
      api.fetch(
        new Request(
          `${base}/bookings/${booking.id}/confirm`,
          as('front-desk', { method: 'POST' }),
        ),
      )
    const first = await confirm()
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ status: 'confirmed' })
    const again = await confirm()
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ currentStatus: 'confirmed' })
  })

  it('answers 403 insufficient_scope to a read-only token on a write', async () => {
    const api = createOpenApiMock({ openapi, overrides })
    const response = await api.fetch(
      new Request(
        `${base}/bookings`,
        as('auditor', {
          method: 'POST',
          body: JSON.stringify({ room: '102' }),
        }),
      ),
    )
    expect(response.status).toBe(403)
    expect(response.headers.get('WWW-Authenticate')).toContain(
      'error="insufficient_scope"',
    )
    const unknown = await api.fetch(
      new Request(`${base}/bookings`, as('stranger')),
    )
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get('WWW-Authenticate')).toContain(
      'error="invalid_token"',
    )
  })

  it("reports the action as the overlay's transition", () => {
    const { report } = importOpenApi(openapi, overrides)
    const action = report.operations.find(
      (o) => o.path === '/bookings/{id}/confirm',
    )
    expect(action).toMatchObject({ servedAs: 'action' })
    expect(action?.why).toContain('transition "confirm" of status')
  })
})
