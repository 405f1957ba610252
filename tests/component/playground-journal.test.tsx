import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { JournalView } from '../../src/playground/features/journal/journal-view.tsx'
import { exchangeLog } from '../../src/playground/services/exchange-log.ts'
import { PlaygroundProvider } from '../../src/playground/services/playground-context.tsx'

const auth = { Authorization: 'Bearer customer-1-token' }

async function renderJournal() {
  const api = createMockApi()
  exchangeLog.attach(api)
  render(
    <PlaygroundProvider api={api} fetch={(request) => api.fetch(request)}>
      <JournalView />
    </PlaygroundProvider>,
  )
  const send = (path: string, init: RequestInit = {}) =>
    act(async () => {
      await api.fetch(
        new Request(`http://localhost/api${path}`, {
          ...init,
          headers: { ...auth, ...init.headers },
        }),
      )
    })
  return { api, send, user: userEvent.setup() }
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Requests served by the mock' }))
    .getAllByRole<HTMLTableRowElement>('row')
    .slice(1)

describe('journal', () => {
  test('lists every request live, newest first, and filters them', async () => {
    const { api, send, user } = await renderJournal()
    expect(screen.getByRole('status')).toHaveTextContent('No requests yet.')
    api.faults.add({
      match: { method: 'POST' },
      effect: { kind: 'status', status: 503 },
      times: 1,
    })
    const payment = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' },
      body: JSON.stringify({ amount: 100, currency: 'usd' }),
    }
    await send('/payments', payment)
    await send('/payments', payment)
    await send('/payments', payment)
    await send('/orders/1')
    await send('/orders/999')

    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing 5 of 5 requests, newest first.',
    )
    expect(bodyRows().map((row) => row.cells[0]?.textContent)).toEqual([
      '5',
      '4',
      '3',
      '2',
      '1',
    ])
    expect(bodyRows()[2]).toHaveTextContent('replayed')
    expect(bodyRows()[4]).toHaveTextContent('fault-1 status')

    const filters = screen.getByRole('search', { name: 'Filter the journal' })
    await user.selectOptions(within(filters).getByLabelText('Method'), 'GET')
    expect(bodyRows()).toHaveLength(2)
    await user.selectOptions(within(filters).getByLabelText('Status'), '4xx')
    expect(bodyRows().map((row) => row.cells[3]?.textContent)).toEqual([
      '/api/orders/999',
    ])
    await user.click(
      within(filters).getByRole('button', { name: 'Reset filters' }),
    )
    await user.click(within(filters).getByLabelText('Faults only'))
    expect(bodyRows()).toHaveLength(1)
    await user.click(within(filters).getByLabelText('Faults only'))
    await user.type(within(filters).getByLabelText('Path contains'), 'PAY')
    expect(bodyRows()).toHaveLength(3)
  })

  test('shows every field of an entry in an expandable row, and clears', async () => {
    const { send, user } = await renderJournal()
    await send('/payments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-9' },
      body: JSON.stringify({ amount: 100, currency: 'usd' }),
    })
    const toggle = screen.getByRole('button', { name: 'Details of request 1' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    // The row the toggle controls.
    const details = document.getElementById(
      toggle.getAttribute('aria-controls')!,
    )!
    const terms = within(details)
      .getAllByRole('term')
      .map((term) => term.textContent)
    expect(terms).toEqual([
      'Entry',
      'Time (mock clock, UTC)',
      'Method',
      'Path',
      'Status',
      'Duration',
      'Fault',
      'Idempotency-Key',
      'Replayed',
      'Request headers',
      'Request body',
      'Response headers',
      'Response body',
    ])
    expect(details).toHaveTextContent('k-9')
    // The credential is shown redacted; the bodies as JSON.
    expect(details).toHaveTextContent('authorization: Bearer ••••••••')
    expect(details).not.toHaveTextContent('customer-1-token')
    expect(details).toHaveTextContent('"amount": 100')
    expect(details).toHaveTextContent(/location: \/api\/payments\/\d+/)
    expect(
      within(details).getByRole('button', { name: 'Copy as curl' }),
    ).toBeInTheDocument()
    expect(details).toHaveTextContent('201 (2xx success)')
    await user.click(toggle)
    expect(screen.queryByText('k-9')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Clear journal' }))
    expect(screen.getByRole('status')).toHaveTextContent('No requests yet.')
    expect(screen.queryByRole('table')).toBeNull()
  })
})
