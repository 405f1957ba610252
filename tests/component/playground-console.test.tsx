import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  type MockApi,
} from '../../src/index.ts'
import { ConsoleView } from '../../src/playground/features/console/console-view.tsx'
import { PlaygroundProvider } from '../../src/playground/services/playground-context.tsx'

let api: MockApi

function renderConsole(search = '?view=console') {
  window.history.replaceState(null, '', `/${search}`)
  return render(
    <PlaygroundProvider api={api} fetch={(request) => api.fetch(request)}>
      <ConsoleView />
    </PlaygroundProvider>,
  )
}

/** Text fields take `{` and `[` as key descriptors in user-event: escape them. */
const typed = (text: string) => text.replace(/[{[]/g, (ch) => ch + ch)

beforeEach(() => {
  api = createMockApi()
  window.localStorage.clear()
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Console', () => {
  test("names a declared API's examples in words: one category, not categories", async () => {
    const categories = defineResource({
      schema: z.strictObject({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'Fiction' }],
    })
    api = createMockApi({
      api: defineApi({ name: 'Shelves', resources: { categories } }),
    }) as unknown as MockApi
    renderConsole()
    const example = screen.getByRole('combobox', { name: 'Example' })
    await within(example).findByRole('option', {
      name: 'Create a category with an empty body (422, every field)',
    })
    expect(
      within(example)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Fill the form with an example…',
      'Create a category with an empty body (422, every field)',
      'Send a broken JSON body (400)',
      'Ask for an unknown sort field and a bad page (400)',
      'Read a category that does not exist (404)',
    ])
  })

  test('sends through the reference client and shows the status and the problem by field', async () => {
    const user = userEvent.setup()
    renderConsole()
    expect(screen.getByLabelText('Authorization')).toHaveValue(
      'Bearer customer-1-token',
    )
    await user.selectOptions(screen.getByLabelText('Method'), 'POST')
    await user.clear(screen.getByLabelText('Path'))
    await user.type(screen.getByLabelText('Path'), '/api/orders')
    await user.type(
      screen.getByLabelText('Body (JSON)'),
      typed('{ "total": -5, "currency": "xyz" }'),
    )
    await user.click(screen.getByRole('button', { name: 'Send' }))

    expect(
      await screen.findByText(
        /^Answered 422 Unprocessable Content after 1 attempt\. Idempotency-Key: \S+\.$/,
      ),
    ).toBeInTheDocument()
    const card = screen.getByRole('article', { name: '422 Validation failed' })
    const errors = within(card).getByRole('table', { name: 'Errors by field' })
    expect(
      within(errors)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['total', 'currency'])
    // The client added a key to the POST; the mock saw it.
    const [entry] = api.journal.list()
    expect(entry).toMatchObject({
      method: 'POST',
      path: '/api/orders',
      status: 422,
    })
    expect(entry?.idempotencyKey).toBeTruthy()
  })

  test('sends a PATCH as a JSON Merge Patch and switches back to JSON for other methods', async () => {
    const user = userEvent.setup()
    renderConsole()
    await user.selectOptions(
      screen.getByLabelText('Example'),
      'Change a pending order’s note with a JSON Merge Patch (200)',
    )
    expect(screen.getByLabelText('Method')).toHaveValue('PATCH')
    expect(screen.getByLabelText('Content-Type')).toHaveValue(
      'application/merge-patch+json',
    )
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText(/^Answered 200 OK after 1 attempt/),
    ).toBeInTheDocument()
    expect(api.state.snapshot().orders[0]?.note).toBe('Leave it at the door')
    await user.selectOptions(screen.getByLabelText('Method'), 'PUT')
    expect(screen.getByLabelText('Content-Type')).toHaveValue(
      'application/json',
    )
  })

  test('sends Prefer on a write: return=minimal answers 201 without the record, and the curl carries it', async () => {
    const user = userEvent.setup()
    const sent: Request[] = []
    window.history.replaceState(
      null,
      '',
      '/?view=console&method=POST&path=/api/orders',
    )
    render(
      <PlaygroundProvider
        api={api}
        fetch={(request) => {
          sent.push(request.clone())
          return api.fetch(request)
        }}
      >
        <ConsoleView />
      </PlaygroundProvider>,
    )
    const prefer = screen.getByLabelText('Prefer')
    expect(prefer).toHaveValue('')
    expect(
      within(prefer)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['none', 'return=minimal', 'return=representation'])
    await user.selectOptions(prefer, 'return=minimal')
    await user.type(
      screen.getByLabelText('Body (JSON)'),
      typed('{ "total": 10, "currency": "eur" }'),
    )
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText(/^Answered 201 Created after 1 attempt/),
    ).toBeInTheDocument()
    const posts = sent.filter((r) => r.method === 'POST')
    expect(posts.map((r) => r.headers.get('Prefer'))).toEqual([
      'return=minimal',
    ])
    expect(api.state.snapshot().orders.at(-1)).toMatchObject({ total: 10 })
    await user.click(screen.getByRole('button', { name: 'Copy as curl' }))
    await screen.findByText(/^Copied as curl/)
    expect(await navigator.clipboard.readText()).toContain(
      "-H 'Prefer: return=minimal'",
    )
    // Not a write: the control is off and nothing is sent.
    await user.selectOptions(screen.getByLabelText('Method'), 'GET')
    expect(screen.getByLabelText('Prefer')).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Copy as curl' }))
    await screen.findByText(/^Copied as curl/)
    expect(await navigator.clipboard.readText()).not.toContain('Prefer')
  })

  test('warns about invalid JSON and still sends it, to show the 400', async () => {
    const user = userEvent.setup()
    renderConsole('?view=console&method=POST&path=/api/orders')
    const body = screen.getByLabelText('Body (JSON)')
    await user.type(body, typed('{ "total": 10, '))
    expect(body).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText(/^Not valid JSON: /)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByRole('article', { name: '400 Malformed JSON body' }),
    ).toBeInTheDocument()
  })

  test('starts from the URL: method, path, body and headers', () => {
    const body = '{"amount":1000,"currency":"eur"}'
    renderConsole(
      `?view=console&method=POST&path=/api/payments&body=${encodeURIComponent(body)}&header=${encodeURIComponent('If-Match: "x"\nX-Trace: demo')}`,
    )
    expect(screen.getByLabelText('Method')).toHaveValue('POST')
    expect(screen.getByLabelText('Path')).toHaveValue('/api/payments')
    expect(screen.getByLabelText('Body (JSON)')).toHaveValue(body)
    expect(screen.getByLabelText('If-Match')).toHaveValue('"x"')
    expect(screen.getByLabelText('Header 1 name')).toHaveValue('X-Trace')
    expect(screen.getByLabelText('Header 1 value')).toHaveValue('demo')
  })

  test('a raw fetch sends exactly the headers written, once', async () => {
    const user = userEvent.setup()
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      api.fetch(new Request(input, init)),
    )
    vi.stubGlobal('fetch', fetch)
    api.faults.add({
      match: { path: '/api/orders/1' },
      effect: { kind: 'status', status: 503 },
      times: 1,
    })
    renderConsole('?view=console&method=GET&path=/api/orders/1')
    await user.click(screen.getByLabelText(/Send with the reference client/))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText(
        /^Answered 503 Service Unavailable after 1 attempt\.$/,
      ),
    ).toBeInTheDocument()
    expect(fetch).toHaveBeenCalledTimes(1)

    await user.clear(screen.getByLabelText('Authorization'))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByRole('article', {
        name: '401 Authentication required',
      }),
    ).toBeInTheDocument()
    const sent = fetch.mock.calls[1]![0] as Request
    expect(sent.headers.has('Authorization')).toBe(false)
  })

  test('generates an Idempotency-Key on request', async () => {
    const user = userEvent.setup()
    renderConsole()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect(
      (screen.getByLabelText('Idempotency-Key') as HTMLInputElement).value,
    ).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('keeps the request being written across a reload, unless a link names another', async () => {
    const user = userEvent.setup()
    const first = renderConsole()
    await user.selectOptions(screen.getByLabelText('Method'), 'POST')
    await user.clear(screen.getByLabelText('Path'))
    await user.type(screen.getByLabelText('Path'), '/api/payments')
    await user.type(
      screen.getByLabelText('Body (JSON)'),
      typed('{ "amount": 5 }'),
    )
    first.unmount()

    const second = renderConsole()
    expect(screen.getByLabelText('Method')).toHaveValue('POST')
    expect(screen.getByLabelText('Path')).toHaveValue('/api/payments')
    expect(screen.getByLabelText('Body (JSON)')).toHaveValue('{ "amount": 5 }')
    second.unmount()

    renderConsole('?view=console&method=GET&path=/api/accounts')
    expect(screen.getByLabelText('Path')).toHaveValue('/api/accounts')
  })

  test('starts from the default request when the saved draft is unreadable', () => {
    window.localStorage.setItem('hypermock:console-draft:v1', '{"method": 3')
    renderConsole()
    expect(screen.getByLabelText('Path')).toHaveValue('/api/orders')
  })
})
