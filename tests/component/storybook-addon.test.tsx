import { render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { beforeAll, expect, test, vi } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import type * as PreviewModule from '../../src/storybook/preview.ts'

/**
 * The addon's two parts in one page, joined by a channel as Storybook joins its manager and the
 * story's frame: the preview part's `beforeEach` sets up the story's mock, the manager part's panel
 * shows what it hears. Storybook's own modules are stood in for by the channel and a registry;
 * msw's worker is not started (the story's requests go to the mock directly).
 */
const { channel, panels } = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const channel = {
    on(event: string, listener: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
    emit(event: string, payload?: unknown) {
      // A message crosses frames after the sender goes on, as a copy: never within the emit.
      const copy: unknown =
        payload === undefined ? undefined : structuredClone(payload)
      queueMicrotask(() => {
        for (const listener of listeners.get(event) ?? []) listener(copy)
      })
    },
  }
  const panels: {
    title: string
    render: (props: { active: boolean }) => ReactElement
  }[] = []
  return { channel, panels }
})

vi.mock('storybook/preview-api', () => ({
  addons: { getChannel: () => channel },
}))
vi.mock('storybook/manager-api', () => ({
  types: { PANEL: 'panel' },
  addons: {
    getChannel: () => channel,
    register: (_id: string, callback: () => void) => callback(),
    add: (_id: string, panel: (typeof panels)[number]) => panels.push(panel),
  },
}))
vi.mock('msw-storybook-addon/csf3', () => ({
  mswLoader: () => async () => ({}),
}))

let preview: typeof PreviewModule
beforeAll(async () => {
  preview = await import('../../src/storybook/preview.ts')
  await import('../../src/storybook/manager.ts')
})

const panelRoot = () => {
  const host = document.querySelector('[data-hypermock-devtools]')
  return within(host!.shadowRoot as unknown as HTMLElement)
}

test('the panel shows the story’s journal and state, follows the next story, and adds a fault in the story’s mock', async () => {
  const user = userEvent.setup()
  const api = createMockApi()
  await preview.beforeEach({
    id: 'orders--three-orders',
    parameters: {
      hypermock: {
        api,
        state: {
          orders: [
            { customerId: 1, total: 12.5, currency: 'usd' },
            { customerId: 1, total: 80, currency: 'eur' },
            { customerId: 1, total: 3.2, currency: 'usd' },
          ],
          payments: [],
        },
      },
    },
  })
  expect(panels.map((panel) => panel.title)).toEqual(['hypermock'])
  render(panels[0]!.render({ active: true }))
  const panel = panelRoot()
  expect(
    panel.getByRole('region', { name: 'hypermock devtools' }),
  ).toBeVisible()
  // Inline in the addon bar: no button to open it, nothing to move or close.
  expect(
    panel.queryByRole('button', { name: /^hypermock devtools/ }),
  ).toBeNull()
  expect(panel.queryByRole('button', { name: /Close|Move/ })).toBeNull()

  await api.fetch(
    new Request('http://localhost/api/orders/2', {
      headers: { Authorization: 'Bearer customer-1-token' },
    }),
  )
  await user.click(panel.getByRole('tab', { name: 'Journal' }))
  const journal = await panel.findByRole('table', { name: 'Journal' })
  await waitFor(() =>
    expect(within(journal).getAllByRole('row')).toHaveLength(2),
  )
  expect(within(journal).getByText('/api/orders/2')).toBeVisible()

  await user.click(panel.getByRole('tab', { name: 'State' }))
  const orders = panel.getByRole('region', { name: 'orders' })
  expect(within(orders).getByRole('heading')).toHaveTextContent(
    'orders · 3 rows',
  )
  expect(within(orders).getByText('80')).toBeVisible()

  // The next story: its mock starts from the seed, and the panel shows it, not the last one's.
  await preview.beforeEach({
    id: 'orders--no-orders',
    parameters: { hypermock: { api, state: { orders: [], payments: [] } } },
  })
  await waitFor(() =>
    expect(
      within(panel.getByRole('region', { name: 'orders' })).getByRole(
        'heading',
      ),
    ).toHaveTextContent('orders · 0 rows'),
  )
  await user.click(panel.getByRole('tab', { name: 'Journal' }))
  expect(await panel.findByText('The journal is empty.')).toBeVisible()

  // A fault added in the panel is added in the story's mock, and the form says which.
  await user.click(panel.getByRole('tab', { name: 'Faults' }))
  const form = within(panel.getByRole('form', { name: 'Add a fault' }))
  await user.type(form.getByRole('textbox', { name: 'Path' }), '/api/orders')
  await user.click(form.getByRole('button', { name: 'Add fault' }))
  expect(await form.findByText('Added fault-1.')).toBeVisible()
  expect(api.faults.list().map((rule) => rule.match.path)).toEqual([
    '/api/orders',
  ])
  expect(
    await panel.findByRole('list', { name: 'Active faults' }),
  ).toBeVisible()
  // A story without a mock (`disable`) refuses it, and the form says so.
  await preview.beforeEach({
    id: 'orders--no-mock',
    parameters: { hypermock: { api, disable: true } },
  })
  await user.click(form.getByRole('button', { name: 'Add fault' }))
  expect(await form.findByText('No story with a mock is shown.')).toBeVisible()
  expect(api.faults.list()).toHaveLength(1)
})
