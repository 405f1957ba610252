import { expect, it } from 'vitest'
import { createOpenApiMock } from '../../../src/openapi-import/index.ts'

const user = { $ref: '#/components/schemas/User' }
const json = (schema: unknown) => ({
  content: { 'application/json': { schema } },
})

/** Users keyed by a username, as Petstore 3 keys them; `.json` paths as Discourse writes them. */
const described = (suffix: string) => ({
  openapi: '3.1.0',
  info: { title: 'Users', version: '1' },
  paths: {
    [`/user${suffix}`]: {
      post: {
        requestBody: json(user),
        responses: { '200': { description: 'Created', ...json(user) } },
      },
    },
    [`/user/{username}${suffix}`]: {
      parameters: [
        {
          name: 'username',
          in: 'path',
          required: true,
          schema: { type: 'string' },
        },
      ],
      get: {
        responses: {
          '200': { description: 'The user', ...json(user) },
          '404': { description: 'No such user' },
        },
      },
      delete: {
        responses: {
          '204': { description: 'Deleted' },
          '404': { description: 'No such user' },
        },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        required: ['username'],
        properties: { username: { type: 'string' }, name: { type: 'string' } },
      },
    },
  },
})

it.each([
  { suffix: '', served: 'by the engine' },
  { suffix: '.json', served: 'from the description' },
])(
  'finds the record keyed "ann smith" at its percent-encoded path (served $served)',
  async ({ suffix }) => {
    const openapi = described(suffix)
    // No generated rows: only the record this test makes is keyed by a username.
    const api = createOpenApiMock({ openapi, overrides: { count: 0 } })
    const send = (method: string, path: string, body?: unknown) =>
      api.fetch(
        new Request(`http://users.test${path}${suffix}`, {
          method,
          ...(body !== undefined && {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          }),
        }),
      )
    const created = await send('POST', '/user', {
      username: 'ann smith',
      name: 'Ann',
    })
    expect(created.status).toBe(200)
    const read = await send('GET', `/user/${encodeURIComponent('ann smith')}`)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({
      username: 'ann smith',
      name: 'Ann',
    })
    expect((await send('GET', '/user/ann%2Fsmith')).status).toBe(404)
    expect((await send('GET', '/user/ann%zz')).status).toBe(404)
    expect((await send('DELETE', '/user/ann%20smith')).status).toBe(204)
    expect((await send('GET', '/user/ann%20smith')).status).toBe(404)
  },
)

it('draws seed users whose usernames differ, so the first request finds a table, not a 500', async () => {
  // The generator draws usernames from a small word list: two alike would name one row twice.
  const api = createOpenApiMock({ openapi: described('') })
  const read = await api.fetch(new Request('http://users.test/user/nobody'))
  expect(read.status).toBe(404)
  const rows =
    (api.state.snapshot() as Record<string, { username: string }[]>).user ?? []
  const usernames = rows.map((row) => row.username)
  expect(usernames.length).toBeGreaterThan(1)
  expect(new Set(usernames).size).toBe(usernames.length)
})
