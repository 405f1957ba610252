import { expect, test } from 'vitest'
import { createMockApi } from '../index.ts'
import { Journal, type JournalRecord } from './journal.ts'

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

/** A Request whose `body` getter counts its reads, as a server adapter's lazy Request would pay for. */
function countingBodyReads(request: Request) {
  const reads = { count: 0 }
  const body = request.body
  Object.defineProperty(request, 'body', {
    get() {
      reads.count += 1
      return body
    },
  })
  return reads
}

test('journals a GET or HEAD without asking the request for its body', async () => {
  const api = createMockApi()
  for (const method of ['GET', 'HEAD']) {
    const request = new Request('http://hypermock.test/api/orders/1', {
      method,
      headers: { Authorization: 'Bearer customer-1-token' },
    })
    const reads = countingBodyReads(request)
    expect((await api.fetch(request)).status).toBe(200)
    expect(reads.count).toBe(0)
  }
  expect(api.journal.list().map((entry) => entry.bodyFingerprint)).toEqual([
    null,
    null,
  ])
})

test('fingerprints the body of a POST a fault answered before any stage read it', async () => {
  const api = createMockApi()
  api.faults.add({ effect: { kind: 'status', status: 503 }, times: 1 })
  const send = () =>
    api.fetch(
      new Request('http://hypermock.test/api/payments', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer customer-1-token',
          'Content-Type': 'application/json',
          'Idempotency-Key': 'k-1',
        },
        body: '{"amount":5,"currency":"usd"}',
      }),
    )
  expect((await send()).status).toBe(503)
  expect((await send()).status).toBe(201)
  const [faulted, retried] = api.journal.list()
  expect(faulted?.fault).not.toBeNull()
  expect(faulted?.bodyFingerprint).toMatch(/^\d+:[0-9a-f]{8}$/)
  expect(faulted?.bodyFingerprint).toBe(retried?.bodyFingerprint)
})

test('keeps the newest entries in order through many trims, those recorded and those adopted', () => {
  const journal = new Journal(4)
  const entry = (id = 0) =>
    ({ id, requestId: `req-${id}`, at: 0 }) as unknown as JournalRecord
  for (let i = 0; i < 21; i++) journal.record(entry())
  expect(journal.list().map((e) => e.id)).toEqual([18, 19, 20, 21])
  expect(journal.recordedAfter(18).map((e) => e.id)).toEqual([19, 20, 21])
  journal.adopt([22, 23, 24, 25, 26, 27, 28].map(entry), 28)
  expect(journal.list().map((e) => e.id)).toEqual([25, 26, 27, 28])
  journal.record(entry())
  expect(journal.list().map((e) => e.id)).toEqual([26, 27, 28, 29])
})
