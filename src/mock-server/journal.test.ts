import { expect, test } from 'vitest'
import { createMockApi } from './index.ts'

test('keeps only the newest journalLimit entries, newest last', async () => {
  const api = createMockApi({ journalLimit: 3 })
  for (let i = 1; i <= 8; i++)
    await api.fetch(new Request(`http://hypermock.test/api?i=${i}`))
  const entries = api.journal.list()
  expect(entries.map((entry) => entry.id)).toEqual([6, 7, 8])
})

test('does not journal the control API', async () => {
  const api = createMockApi()
  await api.fetch(new Request('http://hypermock.test/__mock/journal'))
  await api.fetch(new Request('http://hypermock.test/api'))
  expect(api.journal.list().map((entry) => entry.path)).toEqual(['/api'])
})
