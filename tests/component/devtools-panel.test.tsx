import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { mountDevtools } from '../../src/devtools/index.ts'
import { mountDevtools as mountLazily } from '../../src/devtools/lazy.ts'
import { createMockApi, type MockApi } from '../../src/index.ts'

const KEY = 'hypermock-devtools'
const handles: { unmount(): void }[] = []
beforeEach(() => localStorage.clear())
afterEach(() => {
  for (const handle of handles.splice(0)) handle.unmount()
  vi.unstubAllEnvs()
})

/** The panel's shadow root, queried as a user sees it (roles and names). */
function panelRoot() {
  const host = document.querySelector('[data-hypermock-devtools]')
  if (host?.shadowRoot == null) throw new Error('no devtools host in the page')
  return within(host.shadowRoot as unknown as HTMLElement)
}

/** The element focused inside the shadow root (the document sees only the host). */
const focused = () =>
  document.querySelector('[data-hypermock-devtools]')?.shadowRoot?.activeElement

/** A naive caller: a 422 read three times, as a client with a blind retry would. */
async function retryA422(api: MockApi) {
  for (let i = 0; i < 3; i++)
    await api.fetch(
      new Request('http://localhost/api/transfers/2', {
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
}

async function mount(api: MockApi) {
  const handle = await mountLazily(api)
  handles.push(handle)
  return handle
}

test('the default entry renders nothing outside development', () => {
  const handle = mountDevtools(createMockApi())
  handle.open()
  expect(document.querySelector('[data-hypermock-devtools]')).toBeNull()
})

test('shows the retries as an operation with its violations, live', async () => {
  const user = userEvent.setup()
  const api = createMockApi()
  await mount(api)
  const panel = panelRoot()
  await user.click(panel.getByRole('button', { name: 'hypermock devtools' }))
  expect(panel.getByRole('tab', { name: 'Timeline' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  expect(panel.getByText(/No requests yet/)).toBeVisible()
  await act(() => retryA422(api))
  const rows = await panel.findByRole('list', { name: 'Operations' })
  const [row] = within(rows).getAllByRole('listitem') // the row, then its verdicts
  if (row === undefined) throw new Error('no operation row')
  expect(row).toHaveTextContent('GET/api/transfers/24223×inferred')
  expect(row).toHaveTextContent('2 violations')
  expect(
    panel.getByRole('button', {
      name: /hypermock devtools, 2 retry rule violations/,
    }),
  ).toBeVisible()
  await user.click(within(row).getByText('/api/transfers/2'))
  expect(within(row).getByRole('list', { name: 'Verdicts' })).toHaveTextContent(
    'Violation retried-non-retriable: Attempt 2 sent the same request again after a 422',
  )
})

test('is usable from the keyboard: tabs with arrows, Escape closes and returns focus', async () => {
  const user = userEvent.setup()
  const api = createMockApi()
  api.faults.add({
    match: { method: 'GET', path: '/api/orders' },
    effect: { kind: 'status', status: 503 },
    times: 2,
  })
  await mount(api)
  const panel = panelRoot()
  const toggle = panel.getByRole('button', { name: 'hypermock devtools' })
  toggle.focus()
  await user.keyboard('{Enter}')
  expect(
    panel.getByRole('dialog', { name: 'hypermock devtools' }),
  ).toBeVisible()
  expect(focused()).toBe(panel.getByRole('tab', { name: 'Timeline' }))
  await user.keyboard('{ArrowRight}{ArrowRight}')
  expect(focused()).toBe(panel.getByRole('tab', { name: 'Faults' }))
  expect(panel.getByRole('list', { name: 'Active faults' })).toHaveTextContent(
    '503 on GET /api/orders · fired 0/2',
  )
  await user.keyboard('{Escape}')
  expect(panel.queryByRole('dialog')).toBeNull()
  expect(focused()).toBe(toggle)
})

test('stays where the user leaves it, open or closed, across a reload', async () => {
  const user = userEvent.setup()
  const api = createMockApi()
  const first = await mount(api)
  let panel = panelRoot()
  await user.click(panel.getByRole('button', { name: 'hypermock devtools' }))
  const move = panel.getByRole('button', { name: /Move panel/ })
  move.focus()
  await user.keyboard('{ArrowLeft}{Shift>}{ArrowUp}{/Shift}')
  expect(JSON.parse(localStorage.getItem(KEY)!)).toMatchObject({
    right: 26,
    bottom: 66,
    open: true,
  })
  first.unmount()
  await mount(api)
  panel = panelRoot()
  expect(
    panel.getByRole('dialog', { name: 'hypermock devtools' }),
  ).toBeVisible()
  const root = panel.getByRole('dialog').parentElement!
  expect(root.style.right).toBe('26px')
  expect(root.style.bottom).toBe('66px')
})

test('the React wrapper mounts the panel in development and removes it on unmount', async () => {
  vi.stubEnv('NODE_ENV', 'development')
  vi.resetModules()
  const { HypermockDevtools } = await import('../../src/devtools/react.tsx')
  const api = createMockApi()
  const { unmount } = render(<HypermockDevtools api={api} initialIsOpen />)
  await waitFor(() => expect(panelRoot().getByRole('dialog')).toBeVisible())
  unmount()
  expect(document.querySelector('[data-hypermock-devtools]')).toBeNull()
})

test('adds a fault from the Faults tab, says why one is refused, and clears them', async () => {
  const user = userEvent.setup()
  const api = createMockApi()
  await mount(api)
  const panel = panelRoot()
  await user.click(panel.getByRole('button', { name: 'hypermock devtools' }))
  await user.click(panel.getByRole('tab', { name: 'Faults' }))
  expect(panel.getByText('No fault rules are active.')).toBeVisible()

  const form = within(panel.getByRole('form', { name: 'Add a fault' }))
  // A path without its leading slash: refused, with the mock's reason, and nothing added.
  await user.type(form.getByLabelText('Path'), 'api/orders*')
  await user.click(form.getByRole('button', { name: 'Add fault' }))
  const refusal = form.getByText(/starting with "\/"/)
  expect(refusal).toHaveAttribute('aria-live', 'assertive')
  expect(api.faults.list()).toEqual([])

  // The slash typed in front: `/api/orders*`.
  await user.type(form.getByLabelText('Path'), '/', {
    initialSelectionStart: 0,
    initialSelectionEnd: 0,
  })
  await user.selectOptions(form.getByLabelText('Method'), 'GET')
  await user.selectOptions(
    form.getByLabelText('Effect'),
    '429 Too Many Requests, Retry-After 2 s',
  )
  await user.type(form.getByLabelText('Times'), '1')
  await user.click(form.getByRole('button', { name: 'Add fault' }))
  expect(api.faults.list()).toMatchObject([
    {
      match: { method: 'GET', path: '/api/orders*' },
      effect: { kind: 'status', status: 429, retryAfter: 2 },
      times: 1,
    },
  ])
  const rules = await panel.findByRole('list', { name: 'Active faults' })
  expect(rules).toHaveTextContent('429, Retry-After 2 s on GET /api/orders*')
  // What was typed stays while the panel redraws the list.
  expect(form.getByLabelText('Path')).toHaveValue('/api/orders*')

  await user.click(form.getByRole('button', { name: 'Add fault' }))
  expect(api.faults.list()).toHaveLength(2)
  const [first] = api.faults.list()
  await user.click(panel.getByRole('button', { name: `Remove ${first!.id}` }))
  expect(api.faults.list()).toHaveLength(1)
  await user.click(form.getByRole('button', { name: 'Clear faults' }))
  expect(api.faults.list()).toEqual([])
  expect(await panel.findByText('No fault rules are active.')).toBeVisible()
})

test('nothing of the open panel answers the app’s own role queries', async () => {
  const user = userEvent.setup()
  render(<output aria-label="Result">ready</output>)
  const api = createMockApi()
  await mount(api)
  const panel = panelRoot()
  await user.click(panel.getByRole('button', { name: 'hypermock devtools' }))
  await user.click(panel.getByRole('tab', { name: 'Faults' }))
  const form = within(panel.getByRole('form', { name: 'Add a fault' }))
  await user.click(form.getByRole('button', { name: 'Add fault' }))
  // The panel says what it did in a live region that is not a status: the app's stays the one.
  expect(form.getByText(/^Added /)).toHaveAttribute('aria-live', 'polite')
  expect(panel.queryAllByRole('status')).toEqual([])
  expect(panel.queryAllByRole('alert')).toEqual([])
  expect(screen.getByRole('status')).toHaveTextContent('ready')
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(screen.queryByRole('button', { name: /hypermock/ })).toBeNull()
})

test('shows the start-up notice of stored rows that no longer fit, and its button says so', async () => {
  const user = userEvent.setup()
  const notice =
    '1 stored row no longer fits the declaration:\n  orders 7: status: Invalid option'
  const api = Object.assign(createMockApi(), {
    shared: { startupNotice: notice },
  })
  await mount(api)
  const panel = panelRoot()
  const toggle = panel.getByRole('button', {
    name: 'hypermock devtools, a notice about the stored data: open it',
  })
  expect(toggle).toHaveTextContent('!')
  await user.click(toggle)
  expect(
    panel.getByRole('note', { name: 'Start-up notice' }),
  ).toHaveTextContent('orders 7: status: Invalid option')
})
