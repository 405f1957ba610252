import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { sseReader } from '../../tests/support/sse-frames.ts'
import {
  asCustomer1,
  closeTabs,
  freshIndexedDb,
  openTab,
  startHub,
} from './test-harness.ts'

beforeEach(freshIndexedDb)
afterEach(closeTabs)

const pay = (key: string) =>
  asCustomer1('/api/payments', {
    method: 'POST',
    headers: { 'Idempotency-Key': key },
    body: JSON.stringify({ amount: 990, currency: 'eur' }),
  })

const events = () =>
  asCustomer1('/api/events', { headers: { Accept: 'text/event-stream' } })

it("streams a tab's event stream as the events come: the answer does not wait for the end", async () => {
  const hub = startHub()
  const tab = await openTab(hub)
  const response = await tab.fetch(events())
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
  const stream = sseReader(response.body!)
  expect((await tab.fetch(pay('k-1'))).status).toBe(201)
  expect((await tab.fetch(pay('k-2'))).status).toBe(201)
  const first = await stream.nextEvent()
  const second = await stream.nextEvent()
  expect([first?.id, first?.event, second?.id]).toEqual([
    '1',
    'payments.created',
    '2',
  ])
  await stream.cancel()
})

it("ends the tab's stream when the mock closes it, and a tab that stops reading releases the mock's", async () => {
  const hub = startHub()
  const tab = await openTab(hub)
  const stream = sseReader((await tab.fetch(events())).body!)
  tab.faults.add({
    target: 'events',
    effect: { kind: 'disconnect' },
    times: 1,
  })
  expect((await tab.fetch(pay('k-1'))).status).toBe(201)
  expect(await stream.nextEvent()).toBeNull()
  expect(hub.api!.faults.list()).toEqual([])

  // A stream the tab cancels: the mock stops delivering to it. An events fault counts only the
  // events something listens to, so one left unmatched shows that nothing listens any more.
  const read = sseReader((await tab.fetch(events())).body!)
  expect((await tab.fetch(pay('k-2'))).status).toBe(201)
  expect((await read.nextEvent())?.id).toBe('2')
  await read.cancel()
  const idle = tab.faults.add({
    target: 'events',
    effect: { kind: 'drop' },
    times: 1,
  })
  expect((await tab.fetch(pay('k-3'))).status).toBe(201)
  await tab.shared.settled()
  expect(hub.api!.faults.list()).toEqual([
    expect.objectContaining({ id: idle.id, matched: 0 }),
  ])
})

it('cancels the streams of a page that goes away: the hub, which outlives it, stops feeding them', async () => {
  // A page's window, for the transport to hear its pagehide.
  const page = new EventTarget()
  vi.stubGlobal('window', page)
  try {
    const hub = startHub()
    const tab = await openTab(hub)
    const stream = sseReader((await tab.fetch(events())).body!)
    expect((await tab.fetch(pay('k-1'))).status).toBe(201)
    expect((await stream.nextEvent())?.id).toBe('1')
    page.dispatchEvent(new Event('pagehide'))
    const other = await openTab(hub)
    const idle = other.faults.add({
      target: 'events',
      effect: { kind: 'drop' },
      times: 1,
    })
    expect((await other.fetch(pay('k-2'))).status).toBe(201)
    await other.shared.settled()
    expect(hub.api!.faults.list()).toEqual([
      expect.objectContaining({ id: idle.id, matched: 0 }),
    ])
  } finally {
    vi.unstubAllGlobals()
  }
})
