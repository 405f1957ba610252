import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  type ApiDeclaration,
  type MockApi,
} from '../../src/index.ts'
import { App } from '../../src/playground/app.tsx'
import { loadDeclared } from '../../src/playground/services/declared-credentials.ts'

const notes = defineResource({
  schema: z.strictObject({ id: z.number().int(), text: z.string() }),
  seed: [{ text: 'Buy milk' }, { text: 'Call the bank' }],
})

/** Notes with an owner: a token sees the notes of the owners it `owns`. */
const ownedNotes = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    text: z.string(),
    authorId: z.number().int(),
  }),
  owner: 'authorId',
  seed: [{ text: 'Buy milk', authorId: 1 }],
})

/** A mock of `declaration`, and the Authorization header of every request the page sends it. */
function mockOf(declaration: ApiDeclaration) {
  // The playground takes any declared API; its prop is typed with the built-in one's.
  const api = createMockApi({ api: declaration }) as unknown as MockApi
  const authorizations: (string | null)[] = []
  const fetch = (request: Request) => {
    authorizations.push(request.headers.get('Authorization'))
    return api.fetch(request)
  }
  return { api, fetch, authorizations }
}

/** The page as `serve --playground` shows it: the credentials read from the mock over HTTP. */
async function renderServed(declaration: ApiDeclaration, search: string) {
  const { api, fetch, authorizations } = mockOf(declaration)
  const { credentials } = await loadDeclared('/__mock', (url) =>
    api
      .fetch(new Request(new URL(url, window.location.origin)))
      .then((response) => response.json()),
  )
  window.history.replaceState(null, '', `/${search}`)
  render(<App api={api} fetch={fetch} credentials={credentials} />)
  return { api, authorizations }
}

/** The page with the mock in the tab: the credentials taken from the declaration itself. */
function renderInPage(declaration: ApiDeclaration, search: string) {
  const { api, fetch, authorizations } = mockOf(declaration)
  window.history.replaceState(null, '', `/${search}`)
  render(<App api={api} fetch={fetch} />)
  return { api, authorizations }
}

/** Reads `href` in the Explorer with the credential picked; its items table is named `items`. */
async function itemsAt(
  user: ReturnType<typeof userEvent.setup>,
  href: string,
  items: string,
) {
  const field = screen.getByRole('textbox', { name: 'Resource href' })
  await user.clear(field)
  await user.type(field, href)
  await user.click(screen.getByRole('button', { name: 'Go' }))
  const article = await screen.findByRole('article', {
    name: href === '/api/topics' ? 'Topics' : 'Notes',
  })
  return within(article).findByRole('table', { name: items })
}

afterEach(() => window.history.replaceState(null, '', '/'))

const open = defineApi({ name: 'Notes', auth: false, resources: { notes } })

describe.each([
  ['in the tab', renderInPage],
  ['served over HTTP', renderServed],
])('the credential picker, with the mock %s', (_, renderPage) => {
  test('on an API declared without auth, says no credential is needed, offers no choice, and sends none', async () => {
    const { authorizations } = await renderPage(
      open,
      '?view=explorer&href=/api/notes',
    )
    const header = screen.getByRole('banner')
    expect(within(header).getByText('No credential needed')).toBeVisible()
    expect(
      within(header).queryByRole('combobox', { name: /Credential/ }),
    ).not.toBeInTheDocument()
    expect(header).not.toHaveTextContent(/Any Bearer token/)
    const items = await screen.findByRole('table', { name: /^Items/ })
    expect(items).toHaveTextContent('Buy milk')
    await waitFor(() => expect(authorizations.length).toBeGreaterThan(0))
    expect(authorizations.filter((value) => value !== null)).toEqual([])
  })

  test('on an API whose resources declare no owner, says a token without owners sees every row, as the mock answers', async () => {
    const user = userEvent.setup()
    await renderPage(
      defineApi({
        name: 'Notes',
        resources: { notes },
        tokens: { 'visitor-token': { scopes: ['read'] } },
      }),
      '?view=explorer',
    )
    const picker = screen.getByRole('combobox', { name: 'Credential' })
    expect(
      within(picker).getByRole('option', {
        name: 'visitor-token (every row, read-only)',
      }),
    ).toBeInTheDocument()
    await user.selectOptions(picker, 'visitor-token (every row, read-only)')
    expect(
      await itemsAt(user, '/api/notes', 'Items 1–2 of 2 (page 1)'),
    ).toHaveTextContent('Call the bank')
  })

  test('on an API whose resources all declare an owner, says a token without owners sees no rows, as the mock answers', async () => {
    const user = userEvent.setup()
    await renderPage(
      defineApi({
        name: 'Notes',
        resources: { notes: ownedNotes },
        tokens: { 'author-token': { owns: [1] }, 'visitor-token': {} },
      }),
      '?view=explorer',
    )
    const picker = screen.getByRole('combobox', { name: 'Credential' })
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'author-token (owner 1)',
      'visitor-token (no rows)',
      'No credential',
    ])
    await user.selectOptions(picker, 'visitor-token (no rows)')
    expect(
      await itemsAt(
        user,
        '/api/notes',
        'Items none on this page of 0 (page 1)',
      ),
    ).not.toHaveTextContent('Buy milk')
  })

  test('on an API where some resources declare an owner, names what a token without owners sees, as the mock answers', async () => {
    const user = userEvent.setup()
    await renderPage(
      defineApi({
        name: 'Notes',
        resources: { notes: ownedNotes, topics: notes },
        tokens: { 'visitor-token': { scopes: ['read'] } },
      }),
      '?view=explorer',
    )
    const picker = screen.getByRole('combobox', { name: 'Credential' })
    const label = 'visitor-token (topics only, read-only)'
    expect(
      within(picker).getByRole('option', { name: label }),
    ).toBeInTheDocument()
    await user.selectOptions(picker, label)
    expect(
      await itemsAt(user, '/api/topics', 'Items 1–2 of 2 (page 1)'),
    ).toHaveTextContent('Call the bank')
    expect(
      await itemsAt(
        user,
        '/api/notes',
        'Items none on this page of 0 (page 1)',
      ),
    ).not.toHaveTextContent('Buy milk')
  })
})
