import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  type MockApi,
} from '../../src/index.ts'
import {
  faultKinds,
  faultMethods,
  faultStatuses,
} from '../../src/mock-server/faults/fault-rule.ts'
import { FaultsView } from '../../src/playground/features/faults/faults-view.tsx'
import { PlaygroundProvider } from '../../src/playground/services/playground-context.tsx'

function renderFaults(api: MockApi = createMockApi()) {
  render(
    <PlaygroundProvider api={api} fetch={(request) => api.fetch(request)}>
      <FaultsView />
    </PlaygroundProvider>,
  )
  return { api, user: userEvent.setup() }
}

const addForm = () => screen.getByRole('form', { name: 'Add a rule' })
const rulesTable = () =>
  screen.getByRole('table', { name: 'Fault rules in evaluation order' })
const ruleRows = () => within(rulesTable()).getAllByRole('row').slice(1)

describe('faults panel', () => {
  test("the path pattern's help names a collection of the loaded API", async () => {
    const rooms = defineResource({
      schema: z.strictObject({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'Blue room' }],
    })
    const api = createMockApi({
      api: defineApi({ name: 'Hotel', resources: { rooms } }),
    }) as unknown as MockApi
    renderFaults(api)
    const path = within(addForm()).getByLabelText('Path pattern')
    await waitFor(() =>
      expect(path).toHaveAccessibleDescription(
        '* matches any characters, / included (/api/rooms* covers items too). Empty: every path.',
      ),
    )
    expect(path).toHaveAttribute('placeholder', '/api/rooms*')
  })

  test("the built-in API's path pattern help names its payments", async () => {
    renderFaults()
    await waitFor(() =>
      expect(
        within(addForm()).getByLabelText('Path pattern'),
      ).toHaveAccessibleDescription(/\(\/api\/payments\* covers items too\)/),
    )
  })

  test("offers exactly the core's fault kinds, statuses and methods", () => {
    renderFaults()
    const form = addForm()
    const values = (label: string) =>
      within(within(form).getByLabelText(label))
        .getAllByRole('option')
        .map((option) => (option as HTMLOptionElement).value)
        .filter((value) => value !== '')
    expect(values('Effect')).toEqual([...faultKinds])
    expect(values('Status')).toEqual(faultStatuses.map(String))
    expect(values('Method')).toEqual([...faultMethods])
  })

  test('adds a rule of each effect from the form', async () => {
    const { api, user } = renderFaults()
    const form = addForm()

    await user.selectOptions(within(form).getByLabelText('Method'), 'POST')
    await user.type(
      within(form).getByLabelText('Path pattern'),
      '/api/payments*',
    )
    await user.selectOptions(within(form).getByLabelText('Status'), '429')
    await user.type(within(form).getByLabelText('Retry-After (seconds)'), '2')
    await user.type(within(form).getByLabelText('Times'), '1')
    await user.click(within(form).getByRole('button', { name: 'Add rule' }))

    await user.selectOptions(
      within(form).getByLabelText('Effect'),
      'network-error',
    )
    await user.type(within(form).getByLabelText('Skip'), '1')
    await user.click(within(form).getByRole('button', { name: 'Add rule' }))

    await user.selectOptions(within(form).getByLabelText('Effect'), 'delay')
    await user.clear(within(form).getByLabelText('Delay (ms)'))
    await user.type(within(form).getByLabelText('Delay (ms)'), '1500')
    await user.type(within(form).getByLabelText('Probability'), '0.5')
    await user.click(within(form).getByRole('button', { name: 'Add rule' }))

    await user.selectOptions(within(form).getByLabelText('Effect'), 'hang')
    await user.click(within(form).getByRole('button', { name: 'Add rule' }))

    await user.selectOptions(
      within(form).getByLabelText('Effect'),
      'lose-response',
    )
    await user.selectOptions(within(form).getByLabelText('Method'), 'POST')
    await user.click(within(form).getByRole('button', { name: 'Add rule' }))

    expect(
      api.faults.list().map(({ match, effect, times, probability, skip }) => ({
        match,
        effect,
        times,
        probability,
        skip,
      })),
    ).toEqual([
      {
        match: { method: 'POST', path: '/api/payments*' },
        effect: { kind: 'status', status: 429, retryAfter: 2 },
        times: 1,
        probability: undefined,
        skip: undefined,
      },
      {
        match: {},
        effect: { kind: 'network-error' },
        times: undefined,
        probability: undefined,
        skip: 1,
      },
      {
        match: {},
        effect: { kind: 'delay', ms: 1500 },
        times: undefined,
        probability: 0.5,
        skip: undefined,
      },
      {
        match: {},
        effect: { kind: 'hang' },
        times: undefined,
        probability: undefined,
        skip: undefined,
      },
      {
        match: { method: 'POST' },
        effect: { kind: 'lose-response' },
        times: undefined,
        probability: undefined,
        skip: undefined,
      },
    ])
    const rows = ruleRows()
    expect(rows).toHaveLength(5)
    expect(rows[0]).toHaveTextContent('POST /api/payments*')
    expect(rows[0]).toHaveTextContent('429 Too Many Requests, Retry-After 2 s')
    expect(rows[0]).toHaveTextContent('fire 1 time, then retire')
    expect(rows[1]).toHaveTextContent('network error')
    expect(rows[1]).toHaveTextContent('skip the first 1')
    expect(rows[2]).toHaveTextContent('delay 1500 ms, then answer')
    expect(rows[2]).toHaveTextContent('probability 0.5')
    expect(rows[3]).toHaveTextContent('hang (never answers)')
    expect(rows[4]).toHaveTextContent(
      'lose the response after the operation ran',
    )
    expect(screen.getByRole('status')).toHaveTextContent('Added rule fault-5.')
  })

  test("shows the core's validation messages next to their fields and adds nothing", async () => {
    const { api, user } = renderFaults()
    const form = addForm()
    await user.type(within(form).getByLabelText('Path pattern'), 'api/orders')
    await user.type(within(form).getByLabelText('Retry-After (seconds)'), '0')
    await user.type(within(form).getByLabelText('Probability'), '2')
    await user.type(within(form).getByLabelText('Times'), '1.5')
    await user.click(within(form).getByRole('button', { name: 'Add rule' }))

    expect(api.faults.list()).toEqual([])
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'The rule was not added',
    )
    const path = within(form).getByLabelText('Path pattern')
    expect(path).toHaveAttribute('aria-invalid', 'true')
    expect(path).toHaveAccessibleDescription(
      expect.stringContaining(
        'Path pattern must be a path pattern starting with "/" (* is a wildcard)',
      ),
    )
    expect(
      within(form).getByLabelText('Retry-After (seconds)'),
    ).toHaveAccessibleDescription(
      expect.stringContaining('Retry-After (seconds) must be ≥ 1 second'),
    )
    expect(within(form).getByText('Probability must be ≤ 1')).toBeVisible()
    expect(
      within(form).getByText('Times must be a whole number of matches'),
    ).toBeVisible()
    await expectFocusSoon(path)

    // Fixing a field clears its message.
    await user.clear(path)
    expect(path).not.toHaveAttribute('aria-invalid')
  })

  test('a delay without its milliseconds is refused with the core message', async () => {
    const { api, user } = renderFaults()
    const form = addForm()
    await user.selectOptions(within(form).getByLabelText('Effect'), 'delay')
    await user.clear(within(form).getByLabelText('Delay (ms)'))
    await user.click(within(form).getByRole('button', { name: 'Add rule' }))
    expect(api.faults.list()).toEqual([])
    expect(within(form).getByText('Delay (ms) is required')).toBeVisible()
  })

  test('presets add their rules in one click; Remove all clears them', async () => {
    const { api, user } = renderFaults()
    for (const name of [
      'Rate limited',
      'Upstream down twice',
      'Network error once',
      'Lost response after commit',
      'Slow',
      'Hang',
    ]) {
      await user.click(screen.getByRole('button', { name }))
    }
    expect(
      api.faults
        .list()
        .map(({ match, effect, times }) => ({ match, effect, times })),
    ).toEqual([
      {
        match: { method: 'GET', path: '/api/orders' },
        effect: { kind: 'status', status: 429, retryAfter: 2 },
        times: 1,
      },
      {
        match: { method: 'GET', path: '/api/orders' },
        effect: { kind: 'status', status: 503 },
        times: 2,
      },
      {
        match: { method: 'GET', path: '/api/orders' },
        effect: { kind: 'network-error' },
        times: 1,
      },
      {
        match: { method: 'POST', path: '/api/payments*' },
        effect: { kind: 'lose-response' },
        times: 1,
      },
      {
        match: { method: 'GET', path: '/api/orders/*' },
        effect: { kind: 'delay', ms: 1500 },
        times: undefined,
      },
      {
        match: { method: 'GET', path: '/api/orders/*' },
        effect: { kind: 'hang' },
        times: 1,
      },
    ])
    expect(ruleRows()).toHaveLength(6)
    await user.click(screen.getByRole('button', { name: 'Remove all' }))
    expect(api.faults.list()).toEqual([])
    expect(
      screen.getByText('No fault rules: every request reaches the API.'),
    ).toBeInTheDocument()
  })

  test('a preset can be re-aimed before it is added; a used-up rule stays listed as retired', async () => {
    const { api, user } = renderFaults()
    await user.selectOptions(
      screen.getByLabelText('Method for Upstream down twice'),
      'POST',
    )
    const path = screen.getByLabelText('Path for Upstream down twice')
    await user.clear(path)
    await user.type(path, '/api/payments*')
    await user.click(
      screen.getByRole('button', { name: 'Upstream down twice' }),
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      'Added rule fault-1: Upstream down twice, aimed at POST /api/payments*.',
    )
    expect(ruleRows()[0]).toHaveTextContent('active, fired 0/2')

    const pay = () =>
      act(() =>
        api.fetch(
          new Request('http://localhost/api/payments', {
            method: 'POST',
            headers: {
              Authorization: 'Bearer customer-1-token',
              'Content-Type': 'application/json',
              'Idempotency-Key': 'k-1',
            },
            body: JSON.stringify({ orderId: 1 }),
          }),
        ),
      )
    // Reads are not aimed at: they leave the rule untouched.
    await act(() =>
      api.fetch(
        new Request('http://localhost/api/orders', {
          headers: { Authorization: 'Bearer customer-1-token' },
        }),
      ),
    )
    expect(api.faults.list()[0]).toMatchObject({ matched: 0, fired: 0 })
    expect((await pay()).status).toBe(503)
    expect(ruleRows()[0]).toHaveTextContent('active, fired 1/2')
    expect((await pay()).status).toBe(503)
    // The mock retired it; the panel keeps it in view until cleared.
    expect(api.faults.list()).toEqual([])
    expect(ruleRows()).toHaveLength(1)
    expect(ruleRows()[0]).toHaveTextContent('POST /api/payments*')
    expect(ruleRows()[0]).toHaveTextContent('retired, fired 2/2')
    await user.click(screen.getByRole('button', { name: 'Clear retired' }))
    expect(
      screen.getByText('No fault rules: every request reaches the API.'),
    ).toBeInTheDocument()
  })

  test('a rule the user removes is not listed as retired', async () => {
    const { api, user } = renderFaults()
    await user.click(screen.getByRole('button', { name: 'Rate limited' }))
    await user.click(screen.getByRole('button', { name: 'Remove fault-1' }))
    expect(api.faults.list()).toEqual([])
    expect(
      screen.getByText('No fault rules: every request reaches the API.'),
    ).toBeInTheDocument()
  })

  test('edits a rule by replacing it at the end, and removes one', async () => {
    const api = createMockApi()
    api.faults.add({ match: {}, effect: { kind: 'status', status: 503 } })
    api.faults.add({ match: {}, effect: { kind: 'hang' }, times: 1 })
    const { user } = renderFaults(api)
    await user.click(screen.getByRole('button', { name: 'Edit fault-1' }))
    const edit = screen.getByRole('form', { name: 'Edit rule fault-1' })
    expect(within(edit).getByLabelText('Status')).toHaveValue('503')
    await user.selectOptions(within(edit).getByLabelText('Status'), '502')
    await user.type(within(edit).getByLabelText('Times'), '3')
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }))
    expect(
      api.faults.list().map((rule) => [rule.id, rule.effect, rule.times]),
    ).toEqual([
      ['fault-2', { kind: 'hang' }, 1],
      ['fault-3', { kind: 'status', status: 502 }, 3],
    ])
    expect(screen.getByRole('form', { name: 'Add a rule' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Remove fault-2' }))
    expect(api.faults.list().map((rule) => rule.id)).toEqual(['fault-3'])
  })

  test('an invalid edit leaves the rule as it was', async () => {
    const api = createMockApi()
    api.faults.add({ match: {}, effect: { kind: 'delay', ms: 100 } })
    const { user } = renderFaults(api)
    await user.click(screen.getByRole('button', { name: 'Edit fault-1' }))
    const edit = screen.getByRole('form', { name: 'Edit rule fault-1' })
    await user.clear(within(edit).getByLabelText('Delay (ms)'))
    await user.type(within(edit).getByLabelText('Delay (ms)'), '-5')
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }))
    expect(within(edit).getByRole('alert')).toHaveTextContent('not saved')
    expect(api.faults.list()).toMatchObject([
      { id: 'fault-1', effect: { kind: 'delay', ms: 100 } },
    ])
  })

  test('applies the rate limit and latency settings', async () => {
    const { api, user } = renderFaults()
    const settings = screen.getByRole('form', {
      name: 'Rate limit and latency',
    })
    await user.clear(within(settings).getByLabelText('Requests per window'))
    await user.type(within(settings).getByLabelText('Requests per window'), '3')
    await user.clear(within(settings).getByLabelText('Window (seconds)'))
    await user.type(within(settings).getByLabelText('Window (seconds)'), '10')
    await user.clear(
      within(settings).getByLabelText('Latency on every request (ms)'),
    )
    await user.type(
      within(settings).getByLabelText('Latency on every request (ms)'),
      '250',
    )
    await user.click(
      within(settings).getByRole('button', { name: 'Apply settings' }),
    )
    expect(api.config.get()).toMatchObject({
      rateLimit: { limit: 3, windowSeconds: 10 },
      latencyMs: 250,
    })
    await user.click(
      within(
        screen.getByRole('form', { name: 'Rate limit and latency' }),
      ).getByLabelText('Limit requests'),
    )
    await user.click(
      within(
        screen.getByRole('form', { name: 'Rate limit and latency' }),
      ).getByRole('button', { name: 'Apply settings' }),
    )
    expect(api.config.get().rateLimit).toBe(false)
  })
})

async function expectFocusSoon(element: HTMLElement) {
  // The form moves focus to the first invalid field after the render.
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(element).toHaveFocus()
}

describe('an events fault in the faults panel', () => {
  test('is listed by what it does to deliveries, and can be removed but not edited into a request fault', async () => {
    const api = createMockApi()
    const response = await api.fetch(
      new Request('http://localhost/__mock/faults', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          target: 'events',
          effect: { kind: 'duplicate' },
          times: 2,
        }),
      }),
    )
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    const { user } = renderFaults(api)
    const row = await waitFor(() => {
      const [only] = ruleRows()
      expect(only).toBeDefined()
      return only!
    })
    expect(within(row).getByRole('rowheader')).toHaveTextContent(id)
    expect(row).toHaveTextContent('the next events delivered')
    expect(row).toHaveTextContent('deliver the event twice')
    expect(within(row).queryByRole('button', { name: `Edit ${id}` })).toBeNull()
    expect(
      within(row).getByRole('link', {
        name: `Events faults, like ${id}, in the Events view`,
      }),
    ).toHaveAttribute('href', '?view=events')
    await user.click(within(row).getByRole('button', { name: `Remove ${id}` }))
    expect(api.faults.list()).toEqual([])
  })
})
