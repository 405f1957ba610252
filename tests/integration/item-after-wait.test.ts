import { expect, it } from 'vitest'
import { createMockApi } from '../../src/index.ts'

/**
 * The 404 check finds the item before the stages that may wait (latency, a key in flight); the
 * operation then acts on the item as it is once they are done, never on the one found before.
 */
const ORIGIN = 'http://hypermock.test'
const ADMIN = { Authorization: 'Bearer admin-token' }

/** A mock whose waits end only when the test lets them, in the order it chooses. */
function mockWithHeldWaits() {
  const held: (() => void)[] = []
  const api = createMockApi({
    config: { latencyMs: 100, rateLimit: false },
    sleep: () => new Promise<void>((resolve) => held.push(resolve)),
  })
  const waiting = async (count: number) => {
    while (held.length < count) await new Promise((r) => setImmediate(r))
  }
  return { api, held, waiting }
}

it('reads the item as a delete that ended during its wait left it: 404', async () => {
  const { api, held, waiting } = mockWithHeldWaits()
  const read = api.fetch(
    new Request(`${ORIGIN}/api/orders/1`, { headers: ADMIN }),
  )
  await waiting(1) // the read found order 1, and waits
  const removed = api.fetch(
    new Request(`${ORIGIN}/api/orders/1`, { method: 'DELETE', headers: ADMIN }),
  )
  await waiting(2)
  held[1]!() // the delete goes first
  expect((await removed).status).toBe(204)
  held[0]!()
  const answer = await read
  expect(answer.status).toBe(404)
  expect(await answer.json()).toMatchObject({ status: 404 })
})

it('reads the item as a change that ended during its wait left it', async () => {
  const { api, held, waiting } = mockWithHeldWaits()
  const before = await (async () => {
    const first = api.fetch(
      new Request(`${ORIGIN}/api/orders/1`, { headers: ADMIN }),
    )
    await waiting(1)
    held[0]!()
    return (await first).headers.get('ETag')
  })()
  const read = api.fetch(
    new Request(`${ORIGIN}/api/orders/1`, { headers: ADMIN }),
  )
  await waiting(2)
  const changed = api.fetch(
    new Request(`${ORIGIN}/api/orders/1`, {
      method: 'PATCH',
      headers: { ...ADMIN, 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ note: 'changed while the read waited' }),
    }),
  )
  await waiting(3)
  held[2]!()
  const patched = await changed
  expect(patched.status).toBe(200)
  held[1]!()
  const answer = await read
  expect(answer.status).toBe(200)
  expect(answer.headers.get('ETag')).toBe(patched.headers.get('ETag'))
  expect(answer.headers.get('ETag')).not.toBe(before)
  expect(await answer.json()).toMatchObject({
    note: 'changed while the read waited',
  })
})
