import { expect, test } from 'vitest'
import { createMockApi } from '../../index.ts'
import { RetiredRules } from './retired-rules.ts'

/** A `Storage` in memory, as two tabs of one origin share `localStorage`. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

const read = (api: ReturnType<typeof createMockApi>) =>
  api.fetch(
    new Request('http://hypermock.test/api/orders', {
      headers: { Authorization: 'Bearer customer-1-token' },
    }),
  )

test('a retired rule counts every match up to its last firing, and is kept for the next page', async () => {
  const api = createMockApi()
  const storage = memoryStorage()
  const retired = new RetiredRules(api, storage)
  const stop = retired.start()
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 503 },
    times: 2,
    skip: 1,
  })
  for (let i = 0; i < 4; i++) await read(api)
  expect(retired.getSnapshot()).toMatchObject([{ matched: 3, fired: 2 }])
  stop()

  // A reload: a new page reads the list back.
  expect(new RetiredRules(api, storage).getSnapshot()).toMatchObject([
    { matched: 3, fired: 2, times: 2 },
  ])
  const again = new RetiredRules(api, storage)
  again.clear()
  expect(new RetiredRules(api, storage).getSnapshot()).toEqual([])
})

test('a reset forgets the retired rules', async () => {
  const api = createMockApi()
  const storage = memoryStorage()
  const retired = new RetiredRules(api, storage)
  const stop = retired.start()
  api.faults.add({
    match: { path: '/api/orders' },
    effect: { kind: 'status', status: 500 },
    times: 1,
  })
  await read(api)
  expect(retired.getSnapshot()).toHaveLength(1)
  api.reset()
  expect(retired.getSnapshot()).toEqual([])
  expect(new RetiredRules(api, storage).getSnapshot()).toEqual([])
  stop()
})
