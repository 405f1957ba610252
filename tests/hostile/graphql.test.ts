import { describe, expect, it } from 'vitest'
import {
  ADMIN,
  ANSWER_WITHIN_MS,
  JSON_HEADERS,
  mock,
  within,
} from './support.ts'

interface Answer {
  data?: unknown
  errors?: { message: string; extensions?: Record<string, unknown> }[]
}

function graphqlMock() {
  const { api, json } = mock()
  const send = async (query: string) => {
    const response = await json('POST', '/api/graphql', { query }, ADMIN)
    return { status: response.status, body: (await response.json()) as Answer }
  }
  return { api, send }
}

/** GraphQL's code loads on the first GraphQL request: timings start after it. */
async function warm(send: (query: string) => Promise<unknown>) {
  await send('{ __typename }')
}

describe('GraphQL requests that would make the mock compute without end', () => {
  it('refuses nested connections past 10,000 edges in all, quickly', async () => {
    const { api, send } = graphqlMock()
    await warm(send)
    for (let i = 0; i < 120; i++)
      api.data.orders.insert({
        customerId: 1,
        total: 10,
        currency: 'eur',
        status: 'pending',
      })
    const { status, body } = await within(ANSWER_WITHIN_MS, () =>
      send(
        '{ orders(first: 60) { edges { node { customer { a: orders(first: 100) { edges { node { id } } } b: orders(first: 100) { edges { node { id } } } } } } } }',
      ),
    )
    expect(status).toBe(200)
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'limit-exceeded',
      limit: 'graphqlEdges',
      max: 10_000,
    })
  })

  it('refuses more than 200 connections in one request', async () => {
    const { send } = graphqlMock()
    await warm(send)
    const aliases = Array.from(
      { length: 201 },
      (_, i) => `a${i}: orders(first: 0) { totalCount }`,
    ).join(' ')
    const { body } = await within(ANSWER_WITHIN_MS, () =>
      send(`{ ${aliases} }`),
    )
    expect(body.errors?.[0]?.extensions).toMatchObject({
      code: 'limit-exceeded',
      limit: 'graphqlConnections',
      max: 200,
    })
  })

  it('stops parsing a document past 5000 tokens with a 400', async () => {
    const { api, send } = graphqlMock()
    await warm(send)
    const query = `{ ${'__typename '.repeat(20_000)}}`
    const response = await within(ANSWER_WITHIN_MS, () =>
      api.fetch(
        new Request('http://hypermock.test/api/graphql', {
          method: 'POST',
          headers: {
            ...JSON_HEADERS,
            ...ADMIN,
            Accept: 'application/graphql-response+json',
          },
          body: JSON.stringify({ query }),
        }),
      ),
    )
    expect(response.status).toBe(400)
    expect(((await response.json()) as Answer).errors?.[0]?.message).toMatch(
      /more that 5000 tokens/,
    )
  })

  it('answers variables nested 100,000 levels with 400 invalid-json naming the depth limit', async () => {
    const { api, send } = graphqlMock()
    await warm(send)
    const variables = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const response = await within(ANSWER_WITHIN_MS, () =>
      api.fetch(
        new Request('http://hypermock.test/api/graphql', {
          method: 'POST',
          headers: { ...JSON_HEADERS, ...ADMIN, 'Idempotency-Key': 'deep-1' },
          body: `{"query":"{ __typename }","variables":{"deep":${variables}}}`,
        }),
      ),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ maxDepth: 32 })
  })
})
