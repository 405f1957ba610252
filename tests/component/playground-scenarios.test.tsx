import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test } from 'vitest'
import { createMockApi, defineApi, type MockApi } from '../../src/index.ts'
import { notesApi } from '../integration/conventions/notes-api.ts'
import { ScenariosView } from '../../src/playground/features/scenarios/scenarios-view.tsx'
import {
  PlaygroundProvider,
  usePlayground,
} from '../../src/playground/services/playground-context.tsx'

function Credential() {
  return <p>Credential in use: {usePlayground().token ?? 'none'}</p>
}

function renderScenarios(api: MockApi = createMockApi()) {
  // As the msw adapter does: the core's network-level fault becomes a rejected fetch.
  const fetch = async (request: Request) => {
    const response = await api.fetch(request)
    if (response.type === 'error') throw new TypeError('Failed to fetch')
    return response
  }
  render(
    <PlaygroundProvider api={api} fetch={fetch}>
      <Credential />
      <ScenariosView />
    </PlaygroundProvider>,
  )
  return { api, user: userEvent.setup() }
}

const card = (name: string) =>
  within(screen.getByRole('list', { name: 'Scenarios' })).getByRole(
    'listitem',
    { name },
  )

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('scenario gallery', () => {
  test('offers the loaded API’s own scenarios, not the shop’s, and runs one', async () => {
    const notes = defineApi({
      ...notesApi,
      scenarios: [
        {
          id: 'notes-down',
          title: 'Ideas are down',
          description: 'The ideas note answers 503; the others read as ever.',
          token: 'reader-token',
          faults: [
            {
              match: { path: '/notes/ideas' },
              effect: { kind: 'status', status: 503 },
            },
          ],
          steps: [
            { title: 'Read a note', method: 'GET', path: '/notes/welcome' },
          ],
        },
      ],
    })
    const { api, user } = renderScenarios(
      createMockApi({ api: notes }) as unknown as MockApi,
    )
    const list = screen.getByRole('list', { name: 'Scenarios' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('heading').textContent),
    ).toEqual(['Ideas are down'])
    const down = card('Ideas are down')
    await user.click(within(down).getByRole('button', { name: 'Run' }))
    await user.click(
      within(down).getByRole('button', { name: 'Reset and run' }),
    )
    expect(
      await within(down).findByText('1 step sent; the last answered 200.'),
    ).toBeVisible()
    expect(api.journal.list().map((e) => [e.method, e.path, e.status])).toEqual(
      [['GET', '/notes/welcome', 200]],
    )
    // Its set-up applied the API's own fault rule.
    expect(api.faults.list().map((rule) => rule.match.path)).toEqual([
      '/notes/ideas',
    ])
  })

  test('?scenario=<id> offers the scenario and changes nothing until asked twice', async () => {
    window.history.replaceState(null, '', '/?scenario=insufficient-funds')
    const api = createMockApi()
    api.faults.add({
      match: { path: '/api/orders/1' },
      effect: { kind: 'hang' },
    })
    const { user } = renderScenarios(api)
    const funds = card('Insufficient funds')
    expect(funds).toHaveAttribute('aria-current', 'true')
    const offer = screen.getByRole('region', { name: 'Offered scenario' })
    expect(offer).toHaveTextContent('resets the mock that every tab shares')
    // Nothing ran, nothing was reset: the rule set before the page loaded is still there.
    expect(api.journal.list()).toEqual([])
    expect(api.faults.list()).toHaveLength(1)

    await user.click(
      within(offer).getByRole('button', { name: /Run “Insufficient funds”/ }),
    )
    const confirm = within(funds).getByRole('group', {
      name: /Reset the mock and run “Insufficient funds”/,
    })
    expect(confirm).toHaveAccessibleDescription(/Every open tab .* shares/)
    expect(
      within(confirm).getByRole('button', { name: 'Keep my changes' }),
    ).toHaveFocus()
    await user.click(
      within(confirm).getByRole('button', { name: 'Reset and run' }),
    )
    expect(
      await within(funds).findByText('422 Unprocessable Content'),
    ).toBeVisible()
    expect(
      within(within(funds).getByRole('article')).getByRole('heading', {
        name: /422 Insufficient funds/i,
      }),
    ).toBeVisible()
    expect(api.journal.list().map((e) => [e.method, e.status])).toEqual([
      ['POST', 422],
    ])
    expect(api.faults.list()).toEqual([])
  })

  test('Run waits for the client of the scenario credential, then runs through it', async () => {
    const { api, user } = renderScenarios()
    const expired = card('Expired token')
    await user.click(within(expired).getByRole('button', { name: 'Run' }))
    await user.click(
      within(expired).getByRole('button', { name: 'Reset and run' }),
    )
    expect(await within(expired).findByText('401 Unauthorized')).toBeVisible()
    // The run borrowed the credential and gave the user's back, and says so.
    expect(
      await screen.findByText('Credential in use: customer-1-token'),
    ).toBeVisible()
    expect(within(expired).getByRole('status')).toHaveTextContent(
      'Ran as expired-token (expired); your credential is back to customer-1-token (owner 1).',
    )
    expect(within(expired).getByRole('status')).toHaveTextContent(
      'error="invalid_token"',
    )
    expect(api.journal.list()).toHaveLength(1)
    expect(window.location.search).toBe(
      '?view=scenarios&scenario=expired-token',
    )
  })

  test('Reset scenario re-applies the set-up without running it', async () => {
    const api = createMockApi()
    api.faults.add({ match: {}, effect: { kind: 'hang' } })
    const { user } = renderScenarios(api)
    const flaky = card('Flaky payments')
    await user.click(
      within(flaky).getByRole('button', { name: 'Reset scenario' }),
    )
    await user.click(within(flaky).getByRole('button', { name: 'Reset' }))
    expect(api.faults.list()).toMatchObject([
      {
        match: { method: 'POST', path: '/api/payments*' },
        effect: { kind: 'status', status: 503 },
        times: 2,
      },
    ])
    expect(api.journal.list()).toEqual([])
    expect(within(flaky).getByRole('status')).toHaveTextContent(
      'Set up, not run. Your credential is now customer-1-token (owner 1)',
    )
  })

  test('shows the lost-response outcome: two attempts, one key, replayed, one payment', async () => {
    const { api, user } = renderScenarios()
    const lost = card('Lost response, saved by the idempotency key')
    await user.click(within(lost).getByRole('button', { name: 'Run' }))
    await user.click(
      within(lost).getByRole('button', { name: 'Reset and run' }),
    )
    // The real 1× client waits its backoff (1 to 2 s) here.
    expect(
      await within(lost).findByText('201 Created', {}, { timeout: 4000 }),
    ).toBeVisible()
    const outcome = within(lost).getByRole('status')
    expect(outcome).toHaveTextContent('Attempts2')
    expect(outcome).toHaveTextContent('Replayedyes')
    expect(outcome).toHaveTextContent('New payments1')
    expect(api.state.snapshot().payments).toHaveLength(2)
  })
})
