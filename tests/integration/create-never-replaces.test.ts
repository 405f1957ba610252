import { expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
} from '../../src/mock-server/index.ts'
import { ProblemError } from '../../src/mock-server/problems/problem-error.ts'
import { MemoryStore } from '../../src/mock-server/store/memory-store.ts'
import { expectProblem } from '../support/expect-problem.ts'

const owners = defineResource({
  schema: z.strictObject({ id: z.number().int(), name: z.string() }),
  // A profile that belongs to itself: a token that owns [1] is owner 1.
  owner: 'id',
  seed: [{ name: 'Ann' }, { name: 'Bob' }],
})

const pets = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string(),
    ownerId: z.number().int(),
  }),
  owner: 'ownerId',
  relations: { owner: { field: 'ownerId', to: 'owners', nested: 'pets' } },
  create: {
    // A hook that chooses the id, as custom code may: it must never name a record that exists.
    prepare: (ctx) => (ctx.input.name === 'Clash' ? { id: 1 } : {}),
  },
  seed: [{ name: 'Rex', ownerId: 1 }],
})

const clinic = defineApi({
  name: 'Clinic',
  resources: { owners, pets },
  tokens: { 'ann-token': { owns: [1] }, 'admin-token': { owns: 'all' } },
})

const post = (path: string, body: unknown, token = 'ann-token') =>
  new Request(`http://localhost/api${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  })

it("a create on a resource that is its own owner gets a fresh id, and leaves the token's own row as it was", async () => {
  const store = new MemoryStore()
  const mock = createMockApi({ api: clinic, store })
  const attached = mock.store
  const created = await mock.fetch(post('/owners', { name: 'Eve' }))
  expect(created.status).toBe(201)
  expect(created.headers.get('Location')).toBe('/api/owners/3')
  expect(await created.json()).toMatchObject({ id: 3, name: 'Eve' })
  expect(mock.data.owners.get(1)).toEqual({ id: 1, name: 'Ann' })
  expect(mock.data.pets.get(1)).toMatchObject({ ownerId: 1 })
  await attached.flush()
  expect((await store.load())?.tables.owners).toEqual([
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Bob' },
    { id: 3, name: 'Eve' },
  ])
  await attached.close()
})

it('answers 409 already-exists for a create whose key a record has, and changes nothing', async () => {
  const mock = createMockApi({ api: clinic })
  const before = JSON.stringify(mock.state.snapshot())
  const refused = await mock.fetch(
    post('/pets', { name: 'Clash', ownerId: 2 }, 'admin-token'),
  )
  const problem = await expectProblem(refused, 409, 'already-exists')
  expect(problem.existing).toEqual({ resource: 'pets', id: 1 })
  expect(JSON.stringify(mock.state.snapshot())).toBe(before)
  // The description says so: this create has a hook that may choose the id.
  const doc = await (
    await mock.fetch(new Request('http://localhost/api/openapi.json'))
  ).json()
  expect(Object.keys(doc.paths['/api/pets'].post.responses)).toContain('409')
})

it('refuses an insert through the data handles that names an existing id', () => {
  const mock = createMockApi({ api: clinic })
  let thrown: unknown
  try {
    mock.data.owners.insert({ id: 2, name: 'Mallory' })
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(ProblemError)
  expect((thrown as ProblemError).slug).toBe('already-exists')
  expect(mock.data.owners.get(2)).toEqual({ id: 2, name: 'Bob' })
})
