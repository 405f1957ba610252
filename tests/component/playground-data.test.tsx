import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  type MockApi,
} from '../../src/index.ts'
import { DataView } from '../../src/playground/features/data/data-view.tsx'
import { PlaygroundProvider } from '../../src/playground/services/playground-context.tsx'

let api: MockApi

function renderData() {
  window.history.replaceState(null, '', '/?view=data')
  return render(
    <PlaygroundProvider api={api} fetch={(request) => api.fetch(request)}>
      <DataView />
    </PlaygroundProvider>,
  )
}

/** The alert region is always there; wait until it says this. */
const expectAlert = (text: string | RegExp) =>
  waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text))

const file = (name: string, text: string) =>
  new File([text], name, { type: 'application/json' })

function exported() {
  return {
    version: 1,
    state: api.state.snapshot(),
    faults: [],
    config: api.config.get(),
  }
}

beforeEach(() => {
  api = createMockApi()
})

describe('Data import', () => {
  test('a corrupted file gets an alert naming the problem, and nothing changes', async () => {
    const user = userEvent.setup()
    renderData()
    const before = api.state.snapshot()
    await user.upload(
      screen.getByLabelText('Import a file'),
      file('broken.json', '{ "version": 1, "state": '),
    )
    await expectAlert(
      /^Could not import "broken\.json": the file is not valid JSON \(.+\)\. Nothing was changed\.$/,
    )
    expect(api.state.snapshot()).toEqual(before)
  })

  test('an invalid state, config or fault rule is named, and nothing changes', async () => {
    const user = userEvent.setup()
    renderData()
    const before = api.state.snapshot()
    const input = screen.getByLabelText('Import a file')

    const badState = exported()
    badState.state.orders[0]!.currency = 'doubloons' as never
    await user.upload(input, file('state.json', JSON.stringify(badState)))
    await expectAlert(/the state is invalid: .*orders\.0\.currency/)

    const badConfig = { ...exported(), config: { latencyMs: -1 } }
    await user.upload(input, file('config.json', JSON.stringify(badConfig)))
    await expectAlert(/the config is invalid: latencyMs/)

    const badRule = {
      ...exported(),
      faults: [
        { effect: { kind: 'delay', ms: 10 } },
        { effect: { kind: 'status', status: 418 } },
      ],
    }
    await user.upload(input, file('faults.json', JSON.stringify(badRule)))
    await expectAlert(/fault rule 2 is invalid: effect/)

    await user.upload(input, file('array.json', '[1, 2]'))
    await expectAlert(
      'the file holds an array, not an object { version, state, faults, config }',
    )
    expect(api.state.snapshot()).toEqual(before)
    expect(api.faults.list()).toEqual([])
    expect(api.config.get().latencyMs).toBe(0)
  })

  test('a valid file replaces the state, settings and fault rules', async () => {
    const user = userEvent.setup()
    renderData()
    const next = exported()
    next.state.orders[0]!.note = 'From a file'
    next.config = { ...next.config, latencyMs: 25 }
    const withRule = {
      ...next,
      faults: [{ match: { path: '/api/orders' }, effect: { kind: 'hang' } }],
    }
    await user.upload(
      screen.getByLabelText('Import a file'),
      file('mine.json', JSON.stringify(withRule)),
    )
    // A good file asks first: it replaces what every tab shares.
    const confirm = await screen.findByRole('group', {
      name: "Replace the mock's data with “mine.json”?",
    })
    expect(confirm).toHaveAccessibleDescription(/Every open tab/)
    expect(api.state.snapshot().orders[0]?.note).not.toBe('From a file')
    await user.click(
      within(confirm).getByRole('button', { name: 'Import and replace' }),
    )
    expect(
      await screen.findByText(/^Imported "mine\.json": 30 orders/),
    ).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('')
    expect(api.state.snapshot().orders[0]?.note).toBe('From a file')
    expect(api.config.get().latencyMs).toBe(25)
    expect(api.faults.list()).toHaveLength(1)
    const orders = screen.getByRole('table', { name: 'Orders (30 rows)' })
    expect(within(orders).getByText('From a file')).toBeInTheDocument()
  })
})

describe('Data reset and import on a mock that runs elsewhere', () => {
  /**
   * The playground's own mock runs in the tab that leads (or on a server) and stores each change
   * there: `shared.settled()` resolves once it is stored. Here it resolves when the test says so.
   */
  function sharedApi() {
    let store = () => {}
    const stored = new Promise<void>((resolve) => {
      store = resolve
    })
    const shared = Object.assign(Object.create(api) as MockApi, {
      shared: {
        startupNotice: null,
        onRemoteChange: () => () => {},
        onNotice: () => () => {},
        migrate: () => Promise.resolve(false),
        settled: () => stored,
      },
    })
    return { shared, store }
  }

  test('a reset says it is done only once it is stored, so a reload right after keeps it', async () => {
    const user = userEvent.setup()
    const { shared, store } = sharedApi()
    api = shared
    renderData()
    await user.click(screen.getByRole('button', { name: 'Reset…' }))
    await user.click(
      screen.getByRole('button', { name: 'Reset to the seed data' }),
    )
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Resetting to the seed data…')
    store()
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'The mock is back to its seed data, in every tab.',
      ),
    )
  })

  test('an import says it is done only once it is stored', async () => {
    const user = userEvent.setup()
    const next = exported()
    const { shared, store } = sharedApi()
    api = shared
    renderData()
    await user.upload(
      screen.getByLabelText('Import a file'),
      file('mine.json', JSON.stringify(next)),
    )
    await user.click(
      await screen.findByRole('button', { name: 'Import and replace' }),
    )
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Importing "mine.json"…')
    store()
    await waitFor(() =>
      expect(status).toHaveTextContent(/^Imported "mine\.json": 30 orders/),
    )
  })
})

describe('Data tables', () => {
  test('a member only a later row has gets its column', () => {
    const notes = defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        text: z.string(),
        dueAt: z.iso.datetime().optional(),
      }),
      seed: [
        { text: 'Buy milk' },
        { text: 'Call the bank', dueAt: '2026-02-01T09:00:00.000Z' },
      ],
    })
    api = createMockApi({
      api: defineApi({ name: 'Notes', resources: { notes } }),
    }) as unknown as MockApi
    renderData()
    const table = screen.getByRole('table', { name: 'Notes (2 rows)' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['id', 'text', 'dueAt'])
    expect(
      within(table).getByRole('cell', { name: '2026-02-01T09:00:00.000Z' }),
    ).toBeInTheDocument()
  })
})

describe('where the data lives', () => {
  function serve(connection: object) {
    const meta = document.createElement('meta')
    meta.name = 'hypermock-server'
    meta.content = JSON.stringify(connection)
    document.head.append(meta)
  }
  afterEach(() => document.head.querySelector('meta')?.remove())

  test('a server with a store says the data outlives it', () => {
    serve({
      basePath: '/api',
      controlPath: '/__mock',
      store: 'SQLite hypermock.db',
    })
    renderData()
    expect(
      screen.getByText(
        /which keeps it in SQLite hypermock\.db across restarts/,
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/until the server stops/)).toBeNull()
  })

  test('a server without one says the data goes when it stops', () => {
    serve({ basePath: '/api', controlPath: '/__mock' })
    renderData()
    expect(
      screen.getByText(/in the memory of the server .* until the server stops/),
    ).toBeInTheDocument()
  })
})
