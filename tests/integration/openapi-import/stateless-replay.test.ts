import { expect, it } from 'vitest'
import { createOpenApiMock } from '../../../src/openapi-import/index.ts'

/** An operation no resource explains: served from its example, marked stateless. */
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Quotes', version: '1' },
  paths: {
    '/quote': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { sku: { type: 'string' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'A price',
            content: {
              'application/json': {
                schema: { type: 'object' },
                example: { price: 12, currency: 'EUR' },
              },
            },
          },
        },
      },
    },
  },
}

it('answers a replayed Idempotency-Key with the headers of the first answer, Hypermock-Stateless too', async () => {
  const api = createOpenApiMock({ openapi })
  const send = () =>
    api.fetch(
      new Request('http://quotes.test/quote', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': 'quote-1',
        },
        body: JSON.stringify({ sku: 'A-1' }),
      }),
    )
  const first = await send()
  expect(first.status).toBe(200)
  expect(first.headers.get('Hypermock-Stateless')).toBe('example')
  const again = await send()
  expect(again.headers.get('Idempotent-Replayed')).toBe('true')
  expect(again.status).toBe(first.status)
  expect(again.headers.get('Hypermock-Stateless')).toBe('example')
  expect(again.headers.get('Content-Type')).toBe(
    first.headers.get('Content-Type'),
  )
  expect(await again.json()).toEqual(await first.json())
})
