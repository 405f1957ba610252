import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { EventsView } from '../../src/playground/features/events/events-view.tsx'
import { PlaygroundProvider } from '../../src/playground/services/playground-context.tsx'

function renderEvents(api = createMockApi() as unknown as MockApi) {
  render(
    <PlaygroundProvider
      api={api}
      initialToken="admin-token"
      fetch={(request) => api.fetch(request)}
    >
      <EventsView />
    </PlaygroundProvider>,
  )
  return { api, user: userEvent.setup() }
}

const pay = (api: MockApi, key: string) =>
  api.fetch(
    new Request(new URL('/api/payments', window.location.href), {
      method: 'POST',
      headers: {
        Authorization: 'Bearer customer-1-token',
        'Content-Type': 'application/json',
        'Idempotency-Key': key,
      },
      body: JSON.stringify({ amount: 990, currency: 'eur' }),
    }),
  )

const control = (api: MockApi, method: string, path: string, body: unknown) =>
  api.fetch(
    new Request(new URL(`/__mock${path}`, window.location.href), {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
  )

const eventsTable = () =>
  screen.getByRole('table', { name: 'Events received, newest first' })

describe('events view', () => {
  test('shows a change made over REST as it comes: id, type, subject, time, and its data on demand', async () => {
    const { api, user } = renderEvents()
    await screen.findByText(/Connected: no events yet/)
    expect((await pay(api, 'k-1')).status).toBe(201)
    expect((await pay(api, 'k-2')).status).toBe(201)
    await waitFor(() =>
      expect(within(eventsTable()).getAllByRole('row')).toHaveLength(3),
    )
    const rows = within(eventsTable()).getAllByRole('row').slice(1)
    // Newest first.
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /^2payments\.created\/api\/payments\/3\d\d:\d\d:\d\d\.\d{3}Show$/,
      ),
      expect.stringMatching(/^1payments\.created\/api\/payments\/2/),
    ])
    expect(screen.getByText(/Connected: 2 events received/)).toHaveAttribute(
      'role',
      'status',
    )
    const show = screen.getByRole('button', {
      name: 'Data of event 1 (payments.created)',
    })
    await user.click(show)
    expect(show).toHaveAttribute('aria-expanded', 'true')
    const details = document.getElementById(
      show.getAttribute('aria-controls')!,
    )!
    expect(details.textContent).toContain('990')
    expect(details.textContent).toContain('eur')
  })

  test('adds an events fault (a mistake told first), lists it and removes it', async () => {
    const { api, user } = renderEvents()
    const form = screen.getByRole('form', { name: 'Add an events fault' })
    await user.selectOptions(within(form).getByLabelText('Effect'), 'delay')
    const ms = within(form).getByLabelText('Delay (ms of the mock clock)')
    await user.clear(ms)
    await user.type(ms, '600001')
    await user.click(
      within(form).getByRole('button', { name: 'Add events fault' }),
    )
    expect(within(form).getByRole('alert')).toHaveTextContent(
      /The events fault was not added: .*ms/,
    )
    expect(api.faults.list()).toEqual([])
    await user.clear(ms)
    await user.type(ms, '30000')
    await user.clear(within(form).getByLabelText('Times (events)'))
    await user.type(within(form).getByLabelText('Times (events)'), '2')
    await user.click(
      within(form).getByRole('button', { name: 'Add events fault' }),
    )
    expect(within(form).queryByRole('alert')).toBeNull()
    expect(api.faults.list()).toEqual([
      expect.objectContaining({
        target: 'events',
        effect: { kind: 'delay', ms: 30000 },
        times: 2,
      }),
    ])
    const table = screen.getByRole('table', {
      name: 'Events faults in evaluation order',
    })
    const [row] = within(table).getAllByRole('row').slice(1)
    expect(row).toHaveTextContent('delay 30000 ms')
    expect(row).toHaveTextContent('the next 2 events')
    const id = api.faults.list()[0]!.id
    await user.click(screen.getByRole('button', { name: `Remove ${id}` }))
    expect(api.faults.list()).toEqual([])
    expect(
      screen.getByText('No events faults: every event is delivered as it is.'),
    ).toBeDefined()
  })

  test('lists the webhook deliveries and the consumer verdicts', async () => {
    const { api } = renderEvents()
    await screen.findByText('No webhook deliveries yet.')
    await screen.findByText(/No verdicts/)
    // A dropped delivery: recorded, and no request leaves for the endpoint.
    expect(
      (
        await control(api, 'POST', '/webhooks', {
          url: 'http://127.0.0.1:9/hooks',
        })
      ).status,
    ).toBe(201)
    api.faults.add({ target: 'events', effect: { kind: 'drop' }, times: 1 })
    expect((await pay(api, 'k-1')).status).toBe(201)
    const deliveries = await screen.findByRole('table', {
      name: 'Webhook deliveries, newest first',
    })
    expect(within(deliveries).getAllByRole('row')[1]).toHaveTextContent(
      /dropped/,
    )
    // A consumer (here customer 1) that comes back without Last-Event-ID after a disconnect.
    const open = () =>
      api.fetch(
        new Request(new URL('/api/events', window.location.href), {
          headers: { Authorization: 'Bearer customer-1-token' },
        }),
      )
    const first = await open()
    api.faults.add({
      target: 'events',
      effect: { kind: 'disconnect' },
      times: 1,
    })
    expect((await pay(api, 'k-2')).status).toBe(201)
    await first.text()
    const again = await open()
    const verdict = await screen.findByText('reconnected-without-last-event-id')
    expect(verdict.closest('li')).toHaveTextContent(
      /\(sse, customer:1, after fault-\d+\): After fault-\d+ closed its event stream/,
    )
    await again.body!.cancel()
  })
})
