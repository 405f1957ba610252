import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { GraphqlView } from '../../src/playground/features/graphql/graphql-view.tsx'
import { PlaygroundProvider } from '../../src/playground/services/playground-context.tsx'

let api: MockApi
let sent: Request[]

// jsdom lays nothing out: CodeMirror 5 (GraphiQL's editor) measures text ranges, which jsdom's Range
// cannot. An empty box is what a browser gives for text it has not drawn.
const emptyRect = () => new DOMRect(0, 0, 0, 0)
Range.prototype.getBoundingClientRect = emptyRect
Range.prototype.getClientRects = () =>
  Object.assign([], { item: () => null }) as unknown as DOMRectList

beforeEach(() => {
  api = createMockApi()
  sent = []
  window.localStorage.clear()
  // GraphiQL sends with the page's fetch, as the console's raw mode does: the mock answers it.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    sent.push(request.clone())
    return api.fetch(request)
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

/**
 * What GraphiQL's result pane holds: its editor's text (jsdom has no viewport, so CodeMirror draws
 * no lines; the editor instance on its element still holds them).
 */
function resultText() {
  const element = document.querySelector('.result-window .CodeMirror') as
    | (Element & { CodeMirror?: { getValue(): string } })
    | null
  return element?.CodeMirror?.getValue() ?? ''
}

function renderView(search: string) {
  window.history.replaceState(null, '', `/${search}`)
  return render(
    <PlaygroundProvider api={api} fetch={(request) => api.fetch(request)}>
      <GraphqlView />
    </PlaygroundProvider>,
  )
}

describe('GraphQL view', () => {
  test('loads GraphiQL on demand and runs a query against the mock with the picked credential', async () => {
    const user = userEvent.setup()
    const query = '{ orders(first: 2) { totalCount edges { node { id } } } }'
    renderView(`?view=graphql&query=${encodeURIComponent(query)}`)
    // GraphiQL is a chunk of its own: first a placeholder, then the editor.
    expect(screen.getByRole('status')).toHaveTextContent('Loading GraphiQL…')
    expect(
      screen.getByText('Authorization: Bearer customer-1-token'),
    ).toBeInTheDocument()
    const run = await screen.findByRole(
      'button',
      { name: /execute query/i },
      { timeout: 15_000 },
    )
    // GraphiQL runs once it holds the schema it asked for (its introspection, the first POST).
    await waitFor(() => expect(sent).toHaveLength(1))
    await waitFor(
      async () => {
        await user.click(run)
        expect(sent.length).toBeGreaterThanOrEqual(2)
      },
      { timeout: 10_000, interval: 250 },
    )
    // The answer the mock gave, in GraphiQL's result pane.
    await waitFor(
      () => {
        expect(resultText()).toMatch(/"totalCount": \d+/)
      },
      { timeout: 10_000 },
    )
    const posted = sent.filter(
      (request) =>
        request.method === 'POST' && request.url.endsWith('/graphql'),
    )
    // The schema's introspection, then the query: both as the picked credential.
    expect(posted.length).toBeGreaterThanOrEqual(2)
    for (const request of posted)
      expect(request.headers.get('Authorization')).toBe(
        'Bearer customer-1-token',
      )
    const bodies = await Promise.all(
      posted.map(
        async (request) => ((await request.json()) as { query: string }).query,
      ),
    )
    expect(bodies).toContain(query)
    // What the mock counted for customer 1 is what the result pane shows.
    const rest = await api.fetch(
      new Request('http://localhost/api/orders?perPage=1', {
        headers: { Authorization: 'Bearer customer-1-token' },
      }),
    )
    const { total } = (await rest.json()) as { total: number }
    expect(resultText()).toContain(`"totalCount": ${total}`)
  }, 40_000)
})
