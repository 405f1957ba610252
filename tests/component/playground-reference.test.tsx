import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { App } from '../../src/playground/app.tsx'

let api: MockApi

function renderAt(search: string) {
  window.history.replaceState(null, '', `/${search}`)
  return render(<App api={api} fetch={(request) => api.fetch(request)} />)
}

beforeEach(() => {
  api = createMockApi()
  window.localStorage.clear()
})

describe('Reference', () => {
  test('lists the operations of the served description, found through the root’s service-desc link', async () => {
    renderAt('?view=reference')
    const orders = await screen.findByRole('table', {
      name: 'Orders operations',
    })
    expect(
      within(orders)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'GET /api/orders',
      'POST /api/orders',
      'GET /api/orders/{id}',
      'PUT /api/orders/{id}',
      'PATCH /api/orders/{id}',
      'DELETE /api/orders/{id}',
      'POST /api/orders/{id}/cancel',
      'POST /api/orders/{id}/payment',
    ])
    expect(
      api.journal.list().map((entry) => `${entry.method} ${entry.path}`),
    ).toEqual(['GET /api', 'GET /api/openapi.json'])
    expect(
      screen.getByRole('link', { name: '/api/openapi.json' }),
    ).toHaveAttribute('href', '/api/openapi.json')
  })

  test('filters the operations, and shows HEAD and OPTIONS on request', async () => {
    const user = userEvent.setup()
    renderAt('?view=reference')
    await screen.findByRole('table', { name: 'Orders operations' })
    const options = { name: 'Details of OPTIONS /api/orders', exact: true }
    expect(screen.queryByRole('button', options)).not.toBeInTheDocument()
    await user.click(
      screen.getByRole('checkbox', { name: 'Show HEAD and OPTIONS' }),
    )
    expect(screen.getByRole('button', options)).toBeInTheDocument()
    await user.type(
      screen.getByRole('searchbox', { name: 'Filter' }),
      'transfers',
    )
    expect(
      screen.queryByRole('table', { name: 'Orders operations' }),
    ).not.toBeInTheDocument()
    expect(
      screen.getByRole('table', { name: 'Transfers operations' }),
    ).toBeInTheDocument()
    await user.clear(screen.getByRole('searchbox', { name: 'Filter' }))
    await user.type(
      screen.getByRole('searchbox', { name: 'Filter' }),
      'nothing like it',
    )
    expect(
      screen.getByText('No operation matches “nothing like it”.'),
    ).toBeInTheDocument()
  })

  test('opens an operation in the console, prefilled, and the request it sends succeeds', async () => {
    const user = userEvent.setup()
    renderAt('?view=reference')
    await user.click(
      await screen.findByRole('link', {
        name: 'Open in the console: POST /api/transfers',
      }),
    )
    expect(
      await screen.findByRole('heading', { name: 'Console' }),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Method')).toHaveValue('POST')
    expect(screen.getByLabelText('Path')).toHaveValue('/api/transfers')
    expect(
      JSON.parse(
        (screen.getByLabelText('Body (JSON)') as HTMLTextAreaElement).value,
      ),
    ).toEqual({
      fromAccountId: 1,
      toAccountId: 3,
      amount: 2500,
      currency: 'usd',
    })
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText(/^Answered 201 Created after 1 attempt/),
    ).toBeInTheDocument()
  })

  test('says so when the root offers no description', async () => {
    api = createMockApi()
    const fetch = async (request: Request) => {
      const response = await api.fetch(request)
      if (new URL(request.url).pathname !== '/api') return response
      return Response.json({
        name: 'elsewhere',
        _links: { self: { href: '/api' } },
      })
    }
    window.history.replaceState(null, '', '/?view=reference')
    render(<App api={api} fetch={fetch} />)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The root offers no service-desc link.',
    )
  })
})
