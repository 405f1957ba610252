import { describe, expect, it } from 'vitest'
import { descriptionValidator } from '../../../src/openapi-import/ajv-standard-schema.ts'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/**
 * A description of our own shaped like PagerDuty's: a create that documents `202 Accepted` alone,
 * a list whose `next_cursor` is a string with no room for null ("only present when more is
 * true"), and an answer whose example matches more than one variant of a `oneOf`.
 */
const alert = {
  type: 'object',
  required: ['id', 'summary'],
  properties: {
    id: { type: 'string', readOnly: true },
    summary: { type: 'string', minLength: 1 },
  },
}
const alertList = {
  type: 'object',
  required: ['alerts', 'limit', 'more'],
  properties: {
    alerts: { type: 'array', items: { $ref: '#/components/schemas/Alert' } },
    limit: { type: 'integer' },
    more: { type: 'boolean' },
    next_cursor: { type: 'string' },
  },
}
/** Two contact kinds that overlap: `{ type: "email", address }` is either; a phone has a `country`. */
const contact = {
  oneOf: [
    {
      title: 'EmailContact',
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: { type: { type: 'string' }, address: { type: 'string' } },
    },
    {
      title: 'PhoneContact',
      type: 'object',
      required: ['type'],
      properties: {
        type: { type: 'string' },
        address: { type: 'string' },
        country: { type: 'string' },
      },
    },
  ],
}
const log = {
  type: 'object',
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string' },
          contact: { $ref: '#/components/schemas/Contact' },
        },
      },
    },
  },
}
const json = (schema: unknown, example?: unknown) => ({
  'application/json': {
    schema,
    ...(example !== undefined && { example }),
  },
})
const openapi = {
  openapi: '3.0.3',
  info: { title: 'Alerts', version: '1' },
  servers: [{ url: 'https://alerts.example' }],
  components: { schemas: { Alert: alert, Contact: contact } },
  paths: {
    '/alerts': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'cursor', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'a page', content: json(alertList) },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['summary'],
            properties: { summary: { type: 'string', minLength: 1 } },
          }),
        },
        responses: {
          '202': {
            description: 'accepted',
            content: json({ $ref: '#/components/schemas/Alert' }),
          },
        },
      },
    },
    '/alerts/{id}': {
      get: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'the alert',
            content: json({ $ref: '#/components/schemas/Alert' }),
          },
        },
      },
    },
    '/incidents/{id}/log': {
      get: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': {
            description: 'the log',
            content: json(log, {
              entries: [
                { id: 'L1', contact: { type: 'email', address: 'a@b.test' } },
              ],
            }),
          },
        },
      },
    },
  },
}

const validator = descriptionValidator(openapi)

function client() {
  const api = createOpenApiMock({ openapi, overrides: { count: 5 } })
  return async (method: string, url: string, body?: unknown) => {
    const response = await api.fetch(
      new Request(`https://alerts.example${url}`, {
        method,
        headers: {
          Authorization: 'Bearer alerts',
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    return { status: response.status, body: (await response.json()) as Json }
  }
}

describe('answers as the description lists them', () => {
  it('answers a create documented as 202 Accepted with 202, and keeps the record', async () => {
    const { api } = importOpenApi(openapi)
    expect(api.resources.alerts?.status).toMatchObject({ create: 202 })
    const send = client()
    const made = await send('POST', '/alerts', { summary: 'disk full' })
    expect(made.status).toBe(202)
    expect(validator(alert)(made.body)).toBe(true)
    const read = await send('GET', `/alerts/${String(made.body.id)}`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ summary: 'disk full' })
  })

  it('leaves out a next cursor whose schema has no room for null on the last page, and carries it before', async () => {
    const send = client()
    const pages: Json[] = []
    let url: string | undefined = '/alerts?limit=2'
    while (url && pages.length < 10) {
      const page = await send('GET', url)
      expect(page.status).toBe(200)
      expect(validator(alertList)(page.body), JSON.stringify(page.body)).toBe(
        true,
      )
      pages.push(page.body)
      url =
        page.body.next_cursor === undefined
          ? undefined
          : `/alerts?limit=2&cursor=${encodeURIComponent(String(page.body.next_cursor))}`
    }
    expect(pages.map((p) => p.more)).toEqual([true, true, false])
    expect(pages.map((p) => typeof p.next_cursor)).toEqual([
      'string',
      'string',
      'undefined',
    ])
    expect(pages.flatMap((p) => p.alerts as Json[])).toHaveLength(5)
  })

  it('answers an example whose oneOf variants overlap with a body that matches exactly one', async () => {
    const send = client()
    const { report } = importOpenApi(openapi)
    expect(
      report.operations.find((op) => op.path === '/incidents/{id}/log')
        ?.servedAs,
    ).toBe('example only')
    const answer = await send('GET', '/incidents/P1/log')
    expect(answer.status).toBe(200)
    expect(validator(log)(answer.body), JSON.stringify(answer.body)).toBe(true)
    const entry = (answer.body.entries as Json[])[0]!
    expect(entry.id).toBe('L1')
    const variants = contact.oneOf.filter((variant) =>
      validator(variant)(entry.contact),
    )
    expect(variants).toHaveLength(1)
    // What the example says is kept: the members it gave, only one more drawn beside them.
    expect(entry.contact).toMatchObject({ type: 'email', address: 'a@b.test' })
  })
})
