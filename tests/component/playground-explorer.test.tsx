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
})

describe('Explorer', () => {
  test('pays a pending order by its link and shows the new state', async () => {
    const user = userEvent.setup()
    renderAt('?view=explorer&href=/api/orders/1')
    expect(
      await screen.findByRole('img', {
        name: 'Order states: current state pending; transitions on offer: cancel (to cancelled), pay (to paid)',
      }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'pay' }))
    expect(
      await screen.findByRole('img', { name: /current state paid/ }),
    ).toBeInTheDocument()
    const links = screen.getByRole('table', { name: 'Links' })
    expect(
      within(links).getByRole('link', { name: 'payment' }),
    ).toHaveAttribute('href', '?view=explorer&href=%2Fapi%2Fpayments%2F2')
    expect(
      screen.queryByRole('button', { name: 'cancel' }),
    ).not.toBeInTheDocument()
    const [post] = api.journal.list().filter((e) => e.method === 'POST')
    expect(post).toMatchObject({ path: '/api/orders/1/payment', status: 201 })
    expect(post?.idempotencyKey).toBeTruthy()
  })

  test('shows a stale action refused as a problem card', async () => {
    const user = userEvent.setup()
    renderAt('?view=explorer&href=/api/orders/1')
    await screen.findByRole('button', { name: 'cancel' })
    // Someone else pays the order meanwhile: the cancel link on screen is stale.
    await api.fetch(
      new Request('http://hypermock.test/api/orders/1/payment', {
        method: 'POST',
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    await user.click(screen.getByRole('button', { name: 'cancel' }))
    const alert = await screen.findByRole('alert')
    expect(
      within(alert).getByRole('heading', {
        name: '409 Action not allowed in the current state',
      }),
    ).toBeInTheDocument()
  })

  test('reads the resource again when the credential changes', async () => {
    const user = userEvent.setup()
    renderAt('?view=explorer&href=/api/orders/1')
    await screen.findByRole('heading', { name: 'Order 1' })
    await user.selectOptions(
      screen.getByLabelText('Credential'),
      'customer-2-token (owner 2)',
    )
    const alert = await screen.findByRole('alert')
    expect(
      await within(alert).findByRole('heading', {
        name: '404 Resource not found',
      }),
    ).toBeInTheDocument()
    expect(
      screen.queryByRole('heading', { name: 'Order 1' }),
    ).not.toBeInTheDocument()
  })

  test('lists a collection with its items and paging links', async () => {
    renderAt('?view=explorer&href=/api/orders')
    const items = await screen.findByRole('table', {
      name: 'Items 1–20 of 25 (page 1)',
    })
    expect(within(items).getAllByRole('row')).toHaveLength(21)
    expect(
      within(items).getByRole('link', { name: '/api/orders/1' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled()
  })
})
