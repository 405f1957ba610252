import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { App } from '../../src/playground/app.tsx'
import { declaredCredentials } from '../../src/playground/services/declared-credentials.ts'
import { hotelApi } from '../fixtures/hotel/hotel-api.ts'

let api: MockApi

function renderAt(search: string) {
  window.history.replaceState(null, '', `/${search}`)
  return render(<App api={api} fetch={(request) => api.fetch(request)} />)
}

beforeEach(() => {
  api = createMockApi()
})

/** A fetch to the mock whose GETs of `path` wait, once `hold()` is called, until `release()`. */
function heldReads(path: string) {
  let held: Promise<void> | null = null
  let release = () => {}
  return {
    fetch: async (request: Request) => {
      if (
        held &&
        request.method === 'GET' &&
        new URL(request.url).pathname === path
      )
        await held
      return api.fetch(request)
    },
    hold: () => {
      held = new Promise((resolve) => (release = resolve))
    },
    release: () => release(),
  }
}

/** Goes to `href` with the Explorer's location field, as a user types it. */
async function goTo(user: ReturnType<typeof userEvent.setup>, href: string) {
  const field = screen.getByRole('textbox', { name: 'Resource href' })
  await user.clear(field)
  await user.type(field, href)
  await user.click(screen.getByRole('button', { name: 'Go' }))
}

/** The row of a collection table whose self link is `href`. */
function rowOf(table: HTMLElement, href: string) {
  const link = within(table).getByRole('link', { name: href })
  return link.closest('tr')!
}

describe('Explorer', () => {
  test("opens the root's JSON links, and names the media type of the event stream and GraphQL instead of opening them", async () => {
    renderAt('?view=explorer&href=/api')
    const links = await screen.findByRole('table', { name: 'Links' })
    expect(within(links).getByRole('link', { name: 'orders' })).toHaveAttribute(
      'href',
      '?view=explorer&href=%2Fapi%2Forders',
    )
    for (const [rel, type] of [
      ['events', 'text/event-stream'],
      ['graphql', 'application/graphql-response+json'],
    ] as const) {
      expect(
        within(links).queryByRole('link', { name: rel }),
      ).not.toBeInTheDocument()
      const row = within(links)
        .getByRole('rowheader', { name: rel })
        .closest('tr')!
      expect(row).toHaveTextContent(`(${type})`)
    }
  })

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

  test('after a cancel, the list read again is never shown as current while it is re-read', async () => {
    const user = userEvent.setup()
    // The list's re-read waits until the test lets it through: what shows meanwhile is the cache.
    const reads = heldReads('/api/orders')
    window.history.replaceState(null, '', '/?view=explorer&href=/api/orders')
    render(<App api={api} fetch={reads.fetch} />)
    const items = await screen.findByRole('table', { name: /^Items 1–20/ })
    expect(rowOf(items, '/api/orders/1')).toHaveTextContent('pending')
    await user.click(within(items).getByRole('link', { name: '/api/orders/1' }))
    await user.click(await screen.findByRole('button', { name: 'cancel' }))
    await screen.findByText(/succeeded/)

    reads.hold()
    await goTo(user, '/api/orders')
    const list = await screen.findByRole('article', { name: 'Orders' })
    const stale = within(list).getByRole('table', { name: /^Items 1–20/ })
    // The cached page still says pending: it is marked as being re-read.
    expect(rowOf(stale, '/api/orders/1')).toHaveTextContent('pending')
    expect(list).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByText(/^Refreshing/)).toBeInTheDocument()

    reads.release()
    await waitFor(() => expect(list).not.toHaveAttribute('aria-busy'))
    expect(
      rowOf(
        within(list).getByRole('table', { name: /^Items 1–20/ }),
        '/api/orders/1',
      ),
    ).toHaveTextContent('cancelled')
  })

  test('a cached order changed since is shown with its actions off until it is read again', async () => {
    const user = userEvent.setup()
    const reads = heldReads('/api/orders/4')
    window.history.replaceState(null, '', '/?view=explorer&href=/api/orders/4')
    render(<App api={api} fetch={reads.fetch} />)
    await screen.findByRole('button', { name: 'cancel' })
    await goTo(user, '/api/orders')
    await screen.findByRole('table', { name: /^Items 1–20/ })
    // The order is cancelled meanwhile (the console, another tab).
    await api.fetch(
      new Request('http://hypermock.test/api/orders/4/cancel', {
        method: 'POST',
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    reads.hold()
    await user.click(
      within(
        await screen.findByRole('table', { name: /^Items 1–20/ }),
      ).getByRole('link', { name: '/api/orders/4' }),
    )
    const order = await screen.findByRole('article', { name: 'Order 4' })
    // The cached copy still offers cancel, which would now be a 409: it cannot be pressed.
    expect(order).toHaveAttribute('aria-busy', 'true')
    expect(within(order).getByRole('button', { name: 'cancel' })).toBeDisabled()
    reads.release()
    await waitFor(() =>
      expect(
        within(order).queryByRole('button', { name: 'cancel' }),
      ).not.toBeInTheDocument(),
    )
    expect(order).not.toHaveAttribute('aria-busy')
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

describe('Explorer on a page the server serves', () => {
  afterEach(() => {
    document.head.querySelector('meta[name="hypermock-server"]')?.remove()
    window.history.replaceState(null, '', '/')
  })

  test('one page load reads the root once: the Explorer shows it, and the page finds the description through it', async () => {
    // The page as `hypermock-api serve --playground` writes it: the connection in a meta tag.
    const meta = document.createElement('meta')
    meta.name = 'hypermock-server'
    meta.content = JSON.stringify({ basePath: '/api', controlPath: '/__mock' })
    document.head.append(meta)
    // The playground takes any declared API; its prop is typed with the built-in one's.
    const hotel = createMockApi({ api: hotelApi }) as unknown as MockApi
    const reads = () =>
      hotel.journal.list().map((entry) => `${entry.method} ${entry.path}`)
    window.history.replaceState(null, '', '/?view=explorer')
    render(
      <StrictMode>
        <App
          api={hotel}
          fetch={(request) => hotel.fetch(request)}
          credentials={declaredCredentials({})}
        />
      </StrictMode>,
    )
    expect(
      await screen.findByRole('heading', { name: 'API root' }),
    ).toBeVisible()
    // The Explorer's read is the user's: its answer shows as the last read.
    expect(screen.getByLabelText('Last read')).toHaveTextContent('Status200 OK')
    // The description is found as any client finds it, by the root's service-desc link.
    await waitFor(() => expect(reads()).toContain('GET /api/openapi.json'))
    expect(reads().filter((read) => read === 'GET /api')).toHaveLength(1)
  })
})
