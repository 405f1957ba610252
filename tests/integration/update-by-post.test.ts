import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

/**
 * Customers updated as Stripe updates them: `POST` on the item, a body whose `source` is a token
 * where the stored record holds the source object it names.
 */
const api = defineApi({
  name: 'Updates by POST',
  base: '/v1',
  auth: false,
  resources: {
    customers: defineResource({
      schema: z.object({
        id: z.number().int(),
        name: z.string(),
        balance: z.number().int(),
        source: z.object({ id: z.string(), brand: z.string() }),
        metadata: z.record(z.string(), z.string()),
      }),
      replace: {
        input: z
          .object({
            name: z.string().min(1),
            balance: z.number().int(),
            source: z.string().startsWith('tok_'),
            metadata: z.record(z.string(), z.string()),
          })
          .partial()
          .strict(),
        put: false,
      },
      patch: { method: 'POST', accepts: ['application/json'] },
      seed: [
        {
          name: 'Ada',
          balance: 12,
          source: { id: 'card_1', brand: 'visa' },
          metadata: { plan: 'pro' },
        },
      ],
    }),
  },
})

function serve() {
  const mock = createMockApi({ api })
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      etag: response.headers.get('ETag'),
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

describe('an update by POST on the item whose body draws a member otherwise than the record', () => {
  it('merges the members sent, keeps a stored member the body would draw otherwise, and takes the ETag a read gave', async () => {
    const send = serve()
    const read = await send('GET', '/customers/1')
    const updated = await send(
      'POST',
      '/customers/1',
      { name: 'Grace', metadata: { team: 'engines' } },
      { 'If-Match': read.etag! },
    )
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({
      name: 'Grace',
      balance: 12,
      source: { id: 'card_1', brand: 'visa' },
      metadata: { plan: 'pro', team: 'engines' },
    })
    expect((await send('GET', '/customers/1')).body).toMatchObject({
      name: 'Grace',
      source: { id: 'card_1', brand: 'visa' },
    })
    // The first read's ETag is stale now.
    const stale = await send(
      'POST',
      '/customers/1',
      { name: 'Stale' },
      { 'If-Match': read.etag! },
    )
    expect(stale.status).toBe(412)
  })

  it('still refuses every invalid member the body sends, in one 422, and changes nothing', async () => {
    const send = serve()
    const refused = await send('POST', '/customers/1', {
      name: '',
      balance: 'lots',
      source: 'card_9',
    })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[])
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['#/balance', '#/name', '#/source'])
    expect((await send('GET', '/customers/1')).body).toMatchObject({
      name: 'Ada',
      balance: 12,
    })
  })
})
