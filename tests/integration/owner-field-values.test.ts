import { expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
} from '../../src/mock-server/index.ts'

/**
 * A resource's `owner` field decides who reads an item: a key, or a list of keys (a row several
 * callers share). Anything else names no one, and the item answers 404 as an unknown one does.
 */
const notes = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    text: z.string(),
    owners: z.union([
      z.number().int(),
      z.string(),
      z.array(z.union([z.number().int(), z.string()])),
      z.null(),
    ]),
  }),
  owner: 'owners',
  seed: [
    { text: 'one owner', owners: 1 },
    { text: 'shared', owners: [1, 'team-b'] },
    { text: 'nobody', owners: null },
    { text: 'a key as text', owners: '1' },
  ],
})

const api = createMockApi({
  api: defineApi({
    name: 'Notes',
    resources: { notes },
    tokens: {
      'one-token': { owns: [1] },
      'team-token': { owns: ['team-b'] },
      'admin-token': { owns: 'all' },
    },
  }),
})

const read = async (id: number, token: string) =>
  (
    await api.fetch(
      new Request(`http://localhost/api/notes/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    )
  ).status

it.each([
  ['one-token', [200, 200, 404, 404]],
  ['team-token', [404, 200, 404, 404]],
  ['admin-token', [200, 200, 200, 200]],
])('%s reads the notes it owns, and none other', async (token, statuses) => {
  expect(await Promise.all([1, 2, 3, 4].map((id) => read(id, token)))).toEqual(
    statuses,
  )
})

it('lists what each item read lets through', async () => {
  const response = await api.fetch(
    new Request('http://localhost/api/notes', {
      headers: { Authorization: 'Bearer team-token' },
    }),
  )
  const body = (await response.json()) as { items: { text: string }[] }
  expect(body.items.map((note) => note.text)).toEqual(['shared'])
})
