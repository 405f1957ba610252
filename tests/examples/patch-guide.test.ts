import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
// docs/guide/patch.md: declare PATCH
import { createMockApi, defineApi, defineResource } from 'hypermock-api'
import { z } from 'zod'

const rooms = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    name: z.string().min(1),
    beds: z.number().int().min(1).max(6),
    view: z.object({ side: z.enum(['sea', 'garden']), floor: z.number() }),
    notes: z.string().optional(),
    createdAt: z.iso.datetime(),
  }),
  // PATCH with a JSON Merge Patch, checked like a PUT body (replace is on by default).
  patch: true,
  seed: [
    {
      name: 'Sea One',
      beds: 2,
      view: { side: 'sea', floor: 3 },
      notes: 'Quiet',
    },
  ],
})

export const hotel = defineApi({
  name: 'Hotel',
  base: '/api',
  resources: { rooms },
})
// end of the declaration

const api = createMockApi({ api: hotel })
const auth = { Authorization: 'Bearer any-token' }

it('merges a patch, removes a member sent as null, and says what else it takes', async () => {
  // docs/guide/patch.md: send a merge patch
  const response = await api.fetch(
    new Request('http://localhost/api/rooms/1', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ beds: 3, view: { floor: 4 }, notes: null }),
    }),
  )
  const room = await response.json()
  // 200: { id: 1, name: 'Sea One', beds: 3, view: { side: 'sea', floor: 4 }, ... } without notes
  expect(response.status).toBe(200)
  expect(room).toMatchObject({ beds: 3, view: { side: 'sea', floor: 4 } })
  expect(room).not.toHaveProperty('notes')

  const invalid = await api.fetch(
    new Request('http://localhost/api/rooms/1', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ id: 7, beds: 9, view: { side: 'moon' } }),
    }),
  )
  // 422: one error per field, #/id (server-set), #/beds, #/view/side
  expect(invalid.status).toBe(422)
  const problem = await invalid.json()
  expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
    '#/id',
    '#/beds',
    '#/view/side',
  ])

  const json = await api.fetch(
    new Request('http://localhost/api/rooms/1', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ beds: 3 }),
    }),
  )
  // 415, with Accept-Patch: application/merge-patch+json
  expect(json.status).toBe(415)
  expect(json.headers.get('Accept-Patch')).toBe('application/merge-patch+json')
  // end of sending
})

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

it('docs/guide/patch.md copies its code from this file', () => {
  const root = new URL('../../', import.meta.url)
  const guide = readFileSync(new URL('docs/guide/patch.md', root), 'utf8')
  const self = lines(readFileSync(new URL(import.meta.url), 'utf8')).join('\n')
  const copied = [
    ...guide.matchAll(
      /<!-- from tests\/examples\/patch-guide\.test\.ts -->\n+```ts\n([\s\S]*?)\n```/g,
    ),
  ]
  expect(copied.length).toBe(2)
  for (const [, code] of copied) expect(self).toContain(lines(code!).join('\n'))
})
