import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import {
  asCustomer1,
  closeTabs,
  freshIndexedDb,
  openTab,
  startHub,
} from './test-harness.ts'

beforeEach(freshIndexedDb)
afterEach(closeTabs)

it('rebuilds operations in every tab from the shared journal', async () => {
  const hub = startHub()
  const [a, b] = [await openTab(hub), await openTab(hub)]
  a.faults.add({
    match: { method: 'GET', path: '/api/orders/1' },
    effect: { kind: 'status', status: 503 },
    times: 1,
  })
  await a.shared.settled()
  expect((await a.fetch(asCustomer1('/api/orders/1'))).status).toBe(503)
  expect((await b.fetch(asCustomer1('/api/orders/1'))).status).toBe(200)
  // Each tab learns of the other's requests from the hub's events, a moment later.
  for (const tab of [a, b])
    await vi.waitFor(() => {
      const [operation, ...rest] = tab.operations.list()
      expect(rest).toEqual([])
      expect(operation).toMatchObject({ grouping: 'inferred', status: 200 })
      expect(operation!.attempts.map((attempt) => attempt.status)).toEqual([
        503, 200,
      ])
    })
})
