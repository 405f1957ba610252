import { expect, it } from 'vitest'
import { createMockApi } from '../../../src/index.ts'
import {
  importOpenApi,
  loadOpenApi,
} from '../../../src/openapi-import/index.ts'

const description = new URL(
  '../../fixtures/openapi/petstore-expanded.yaml',
  import.meta.url,
).pathname

it('answers GraphQL for an imported description, over the state its REST face serves', async () => {
  const { api: declaration } = importOpenApi(await loadOpenApi(description), {})
  const api = createMockApi({ api: declaration })
  const send = (path: string, init: RequestInit = {}) =>
    api.fetch(
      new Request(`http://localhost/api${path}`, {
        ...init,
        headers: {
          Authorization: 'Bearer any-token',
          'Content-Type': 'application/json',
        },
      }),
    )
  const created = await send('/graphql', {
    method: 'POST',
    body: JSON.stringify({
      query:
        'mutation { createPet(input: { name: "Rex", tag: "dog" }) { id name tag } }',
    }),
  })
  const { data } = (await created.json()) as {
    data: { createPet: { id: string; name: string; tag: string } }
  }
  expect(data.createPet).toMatchObject({ name: 'Rex', tag: 'dog' })
  const rest = await send(`/pets/${data.createPet.id}`)
  expect(rest.status).toBe(200)
  expect(await rest.json()).toMatchObject({ name: 'Rex', tag: 'dog' })
  const listed = await send('/graphql', {
    method: 'POST',
    body: JSON.stringify({
      query: '{ pets(last: 1) { totalCount edges { node { name } } } }',
    }),
  })
  const restList = (await (await send('/pets')).json()) as unknown[]
  expect(await listed.json()).toEqual({
    data: {
      pets: { totalCount: restList.length, edges: [{ node: { name: 'Rex' } }] },
    },
  })
})
