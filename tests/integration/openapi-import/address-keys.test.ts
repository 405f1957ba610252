import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/**
 * A description of our own whose records are keyed by their address, each answer holding the
 * record in the member named as the item path's parameter, as DigitalOcean's reserved IPs do:
 * `GET /floating_ips/{floating_ip}` answers `{ "floating_ip": { "ip": … } }`, and
 * `/reserved_ipv6/{reserved_ipv6}` names an IPv6 record by its `ip` alone, of the same format.
 */
const record = (format: 'ipv4' | 'ipv6') => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    ip: { type: 'string', format, readOnly: true },
    region: { type: 'string', minLength: 1 },
  },
})
const answer = (status: string, schema: unknown) => ({
  [status]: {
    description: 'ok',
    content: { 'application/json': { schema } },
  },
})
const collection = (name: string, param: string, format: 'ipv4' | 'ipv6') => ({
  [`/${name}`]: {
    get: {
      responses: answer('200', {
        type: 'object',
        properties: { [name]: { type: 'array', items: record(format) } },
      }),
    },
    post: {
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              required: ['region'],
              properties: { region: { type: 'string', minLength: 1 } },
            },
          },
        },
      },
      responses: answer('201', {
        type: 'object',
        properties: { [param]: record(format) },
      }),
    },
  },
  [`/${name}/{${param}}`]: {
    parameters: [
      {
        name: param,
        in: 'path',
        required: true,
        schema: { type: 'string', format },
      },
    ],
    get: {
      responses: answer('200', {
        type: 'object',
        properties: { [param]: record(format) },
      }),
    },
    delete: { responses: { '204': { description: 'gone' } } },
  },
})
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Addresses', version: '1' },
  servers: [{ url: 'https://net.example/v2' }],
  paths: {
    ...collection('floating_ips', 'floating_ip', 'ipv4'),
    ...collection('reserved_ipv6', 'reserved_ipv6', 'ipv6'),
  },
}

describe('records keyed by their address, held in the member the item path names: served by the engine', () => {
  it('emits declared resources keyed by ip, in that member, with addresses for new keys', () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources['floating-ips']?.dialect).toEqual({
      keys: { member: 'ip', generate: 'ipv4', param: 'floating_ip' },
      item: { member: 'floating_ip' },
    })
    expect(api.resources['reserved-ipv6']?.dialect).toEqual({
      keys: { member: 'ip', generate: 'ipv6', param: 'reserved_ipv6' },
      item: { member: 'reserved_ipv6' },
    })
    expect(
      report.operations.filter((op) => op.servedAs === 'example only'),
    ).toEqual([])
  })

  it('creates, reads and deletes a record by the address it was given', async () => {
    const api = createOpenApiMock({ openapi, overrides: { count: 2 } })
    const send = async (method: string, url: string, json?: unknown) => {
      const response = await api.fetch(
        new Request(`https://net.example/v2${url}`, {
          method,
          headers: {
            Authorization: 'Bearer net',
            ...(json !== undefined && { 'Content-Type': 'application/json' }),
          },
          ...(json !== undefined && { body: JSON.stringify(json) }),
        }),
      )
      const text = await response.text()
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : undefined) as Json,
      }
    }
    for (const [name, param, pattern] of [
      ['floating_ips', 'floating_ip', /^198\.1[89]\.\d{1,3}\.\d{1,3}$/],
      ['reserved_ipv6', 'reserved_ipv6', /^2001:db8(:[0-9a-f]{1,4}){6}$/],
    ] as const) {
      const created = await send('POST', `/${name}`, { region: 'nyc3' })
      expect(created.status).toBe(201)
      const made = created.body[param] as Json
      expect(made).toEqual({
        ip: expect.stringMatching(pattern),
        region: 'nyc3',
      })
      const at = `/${name}/${encodeURIComponent(made.ip as string)}`
      expect(created.headers.get('Location')).toBe(`/v2${at}`)
      const read = await send('GET', at)
      expect(read.status).toBe(200)
      expect(read.body).toEqual({ [param]: made })
      const listed = await send('GET', `/${name}`)
      expect((listed.body[name] as Json[]).map((r) => r.ip)).toContain(made.ip)

      const refused = await send('POST', `/${name}`, { region: '' })
      expect(refused.status).toBe(422)
      expect(
        (refused.body.errors as { pointer: string }[]).map((e) => e.pointer),
      ).toEqual(['#/region'])

      expect((await send('DELETE', at)).status).toBe(204)
      expect((await send('GET', at)).status).toBe(404)
    }
  })
})
