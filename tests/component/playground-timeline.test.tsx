import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import type { ClientEvent } from '../../src/client/index.ts'
import { createMockApi } from '../../src/index.ts'
import { TimelineView } from '../../src/playground/features/timeline/timeline-view.tsx'
import type { ClientEventsStore } from '../../src/playground/services/client-events-store.ts'
import {
  PlaygroundProvider,
  usePlayground,
} from '../../src/playground/services/playground-context.tsx'

const base = 'http://localhost:3000/api'
const pay = {
  operationId: 'op-1',
  method: 'POST',
  url: `${base}/payments`,
  idempotencyKey: 'key-7f3a',
}
const missing = {
  operationId: 'op-2',
  method: 'GET',
  url: `${base}/orders/99`,
  idempotencyKey: null,
}
const list = {
  operationId: 'op-3',
  method: 'GET',
  url: `${base}/orders?page=2`,
  idempotencyKey: null,
}
const t0 = Date.UTC(2025, 0, 1, 12)

// Recorded from the reference client: a payment that loses its first response, meets a 503 with
// Retry-After, then gets its stored 201 replayed; a read of a missing order; a read still waiting.
const recorded: ClientEvent[] = [
  { type: 'attempt:start', ...pay, time: t0, attempt: 0 },
  {
    type: 'attempt:end',
    ...pay,
    time: t0 + 30,
    attempt: 0,
    durationMs: 30,
    status: null,
    error: 'network',
    replayed: false,
  },
  {
    type: 'retry:scheduled',
    ...pay,
    time: t0 + 30,
    attempt: 0,
    reason: 'backoff',
    baseDelayMs: 1000,
    jitterMs: 370,
    delayMs: 1370,
  },
  { type: 'attempt:start', ...pay, time: t0 + 1400, attempt: 1 },
  {
    type: 'attempt:end',
    ...pay,
    time: t0 + 1420,
    attempt: 1,
    durationMs: 20,
    status: 503,
    error: null,
    replayed: false,
  },
  {
    type: 'retry:scheduled',
    ...pay,
    time: t0 + 1420,
    attempt: 1,
    reason: 'retry-after',
    baseDelayMs: 2000,
    jitterMs: 0,
    delayMs: 2000,
  },
  { type: 'attempt:start', ...pay, time: t0 + 3420, attempt: 2 },
  {
    type: 'attempt:end',
    ...pay,
    time: t0 + 3440,
    attempt: 2,
    durationMs: 20,
    status: 201,
    error: null,
    replayed: true,
  },
  {
    type: 'request:end',
    ...pay,
    time: t0 + 3440,
    outcome: 'success',
    status: 201,
    error: null,
    attempts: 3,
  },
  { type: 'attempt:start', ...missing, time: t0 + 5000, attempt: 0 },
  {
    type: 'attempt:end',
    ...missing,
    time: t0 + 5012,
    attempt: 0,
    durationMs: 12,
    status: 404,
    error: null,
    replayed: false,
  },
  {
    type: 'request:end',
    ...missing,
    time: t0 + 5012,
    outcome: 'http-error',
    status: 404,
    error: null,
    attempts: 1,
  },
  { type: 'attempt:start', ...list, time: t0 + 6000, attempt: 0 },
  {
    type: 'attempt:end',
    ...list,
    time: t0 + 11_000,
    attempt: 0,
    durationMs: 5000,
    status: null,
    error: 'timeout',
    replayed: false,
  },
  {
    type: 'retry:scheduled',
    ...list,
    time: t0 + 11_000,
    attempt: 0,
    reason: 'backoff',
    baseDelayMs: 1000,
    jitterMs: 50,
    delayMs: 1050,
  },
]

function renderTimeline(events: readonly ClientEvent[] = recorded) {
  const api = createMockApi()
  let store: ClientEventsStore | undefined
  function Capture() {
    store = usePlayground().clientEvents
    return null
  }
  render(
    <PlaygroundProvider api={api} fetch={(request) => api.fetch(request)}>
      <Capture />
      <TimelineView />
    </PlaygroundProvider>,
  )
  act(() => {
    for (const event of events) store!.push(event)
  })
  return { api, store: store!, user: userEvent.setup() }
}

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Operations' })).getByRole(
    'listitem',
    { name },
  )
const steps = (name: string) =>
  within(row(name))
    .getByRole('list', { name: `Attempts and waits of ${name}` })
    .querySelectorAll(':scope > li')

describe('retry timeline', () => {
  test('draws one row per operation, newest first', () => {
    renderTimeline()
    const rows = within(
      screen.getByRole('list', { name: 'Operations' }),
    ).getAllByRole('listitem', { name: /^(GET|POST) / })
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'GET /api/orders?page=2',
      'GET /api/orders/99',
      'POST /api/payments',
    ])
    expect(screen.getByText('3 operations, 1 running.')).toHaveRole('status')
  })

  test('labels each attempt with its status and each wait with its reason', () => {
    renderTimeline()
    const payment = row('POST /api/payments')
    expect(payment).toHaveTextContent('201 Created, succeeded after 3 attempts')
    expect(
      [...steps('POST /api/payments')].map((li) => li.textContent),
    ).toEqual([
      'Attempt 1: network error (30 ms)',
      'Wait 1.37 s: backoff 2^0 s + 0.37 s jitter',
      'Attempt 2: 503 Service Unavailable (20 ms)',
      'Wait 2 s: Retry-After 2 s',
      'Attempt 3: 201 Created (20 ms) replayed',
    ])
    expect(row('GET /api/orders/99')).toHaveTextContent(
      '404 Not Found, failed, not retriable after 1 attempt',
    )
  })

  test('shows the idempotency key once per operation and marks the replayed attempt', () => {
    renderTimeline()
    const payment = row('POST /api/payments')
    expect(within(payment).getAllByText('key-7f3a')).toHaveLength(1)
    expect(within(payment).getByText('Idempotency-Key')).toBeInTheDocument()
    expect(within(payment).getAllByText('replayed')).toHaveLength(1)
    expect(
      within(row('GET /api/orders/99')).queryByText('Idempotency-Key'),
    ).toBeNull()
  })

  test('a running operation shows its time-out and its wait in progress', () => {
    renderTimeline()
    const running = row('GET /api/orders?page=2')
    expect(running).toHaveTextContent('running…')
    const items = [...steps('GET /api/orders?page=2')].map(
      (li) => li.textContent,
    )
    expect(items[0]).toBe('Attempt 1: timed out (5 s)')
    expect(items[1]).toMatch(
      /^Wait 1\.05 s: backoff 2\^0 s \+ 0\.05 s jitter \(waiting… \d+ ms so far\)$/,
    )
  })

  test('rows update as events arrive', () => {
    const { store } = renderTimeline()
    act(() => {
      store.push({
        type: 'attempt:start',
        ...list,
        time: t0 + 12_050,
        attempt: 1,
      })
      store.push({
        type: 'attempt:end',
        ...list,
        time: t0 + 12_060,
        attempt: 1,
        durationMs: 10,
        status: 200,
        error: null,
        replayed: false,
      })
      store.push({
        type: 'request:end',
        ...list,
        time: t0 + 12_060,
        outcome: 'success',
        status: 200,
        error: null,
        attempts: 2,
      })
    })
    expect(row('GET /api/orders?page=2')).toHaveTextContent(
      '200 OK, succeeded after 2 attempts',
    )
    expect(steps('GET /api/orders?page=2')[1]).toHaveTextContent(
      'Wait 1.05 s: backoff 2^0 s + 0.05 s jitter',
    )
    expect(screen.getByText('3 operations.')).toHaveRole('status')
  })

  test('zooms in, out and back to fit, and clears', async () => {
    // Finished operations only: a running one grows, and "fit" follows it.
    const { user } = renderTimeline(
      recorded.filter((event) => event.operationId !== list.operationId),
    )
    const zoom = screen.getByRole('group', { name: 'Zoom' })
    const fit = within(zoom).getByRole('button', { name: 'Fit' })
    expect(fit).toHaveAttribute('aria-pressed', 'true')
    const scale = () =>
      within(zoom).getByText(/^Scale: 1 s = \d+ px/).textContent
    const fitted = scale()
    await user.click(within(zoom).getByRole('button', { name: 'Zoom in' }))
    expect(fit).toHaveAttribute('aria-pressed', 'false')
    expect(scale()).not.toBe(fitted)
    await user.click(within(zoom).getByRole('button', { name: 'Zoom out' }))
    await user.click(within(zoom).getByRole('button', { name: 'Zoom out' }))
    await user.click(fit)
    expect(scale()).toBe(fitted)

    await user.click(screen.getByRole('button', { name: 'Clear timeline' }))
    expect(screen.queryByRole('list', { name: 'Operations' })).toBeNull()
    expect(screen.getByText('No operations yet.')).toBeInTheDocument()
  })

  test('the speed control is the playground setting, with its note', async () => {
    const { user } = renderTimeline([])
    const speed = screen.getByRole('group', { name: 'Demo speed' })
    expect(within(speed).getByRole('radio', { name: '1×' })).toBeChecked()
    await user.click(within(speed).getByRole('radio', { name: '16×' }))
    expect(within(speed).getByRole('radio', { name: '16×' })).toBeChecked()
    expect(speed).toHaveTextContent('The mock and the client share one clock')
    expect(speed).toHaveTextContent('passes 16× faster in real time')
    expect(speed).toHaveTextContent('a 1.5 s delay is drawn as 1.5 s')
  })
})

describe('the timeline: dense rows and other traffic', () => {
  test('a row is one line; its steps open below it on demand', async () => {
    const { user } = renderTimeline()
    const toggle = screen.getByRole('button', {
      name: 'Steps of POST /api/payments',
    })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(steps('POST /api/payments')[0]).toHaveTextContent('Attempt 1')
  })

  test('other traffic is rebuilt from what the mock sees, labelled, with its verdicts', async () => {
    const { api, user } = renderTimeline([])
    expect(screen.getByText('No other traffic yet.')).toBeInTheDocument()
    // A raw fetch that reads the failed transfer twice: a 422 retried unchanged.
    await act(async () => {
      for (let i = 0; i < 2; i++)
        await api.fetch(
          new Request('http://localhost:3000/api/transfers/2', {
            headers: { Authorization: 'Bearer customer-1-token' },
          }),
        )
    })
    const section = screen.getByRole('region', {
      name: 'Other traffic rebuilt from what the mock sees',
    })
    const row = within(section).getByRole('listitem', {
      name: 'GET /api/transfers/2',
    })
    expect(row).toHaveTextContent('422')
    expect(row).toHaveTextContent('2 attempts')
    expect(row).toHaveTextContent('1 violation')
    await user.click(within(row).getByText('/api/transfers/2'))
    expect(
      within(row).getByRole('list', {
        name: 'Verdicts on GET /api/transfers/2',
      }),
    ).toHaveTextContent('Violation (retried-non-retriable)')
  })
})

describe('Other traffic after a reload', () => {
  test('leaves out what this playground’s own client sent, even once a reload forgot its events', async () => {
    window.localStorage.clear()
    const api = createMockApi()
    const page = () => (
      <PlaygroundProvider api={api} fetch={(request) => api.fetch(request)}>
        <TimelineView />
      </PlaygroundProvider>
    )
    const user = userEvent.setup()
    const first = render(page())
    const run = screen.getByRole('form', { name: 'Run a request' })
    await within(run).findByRole('button', { name: 'GET /api/orders' })
    await user.click(
      within(run).getByRole('button', { name: 'GET /api/orders' }),
    )
    await user.click(within(run).getByRole('button', { name: 'Run' }))
    expect(await within(run).findByRole('status')).toHaveTextContent(
      'GET /api/orders: 200 OK',
    )
    first.unmount()

    // The page loads again: a new client with no events, the same mock with its journal.
    for (let load = 0; load < 3; load++) {
      const again = render(page())
      expect(api.operations.list().length).toBeGreaterThan(0)
      expect(screen.getByText('No other traffic yet.')).toBeInTheDocument()
      again.unmount()
    }

    // What another client sends still shows.
    await api.fetch(
      new Request('http://localhost:3000/api/orders', {
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    render(page())
    const section = screen.getByRole('region', {
      name: 'Other traffic rebuilt from what the mock sees',
    })
    const list = within(section).getByRole('list', { name: 'Other traffic' })
    expect(list.querySelectorAll(':scope > li')).toHaveLength(1)
    expect(list).toHaveTextContent('GET /api/orders')
  })
})
