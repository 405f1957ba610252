import { render, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { addons as managerAddons, types } from 'storybook/manager-api'
import { addons as previewAddons, mockChannel } from 'storybook/preview-api'
import { beforeAll, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import type * as PreviewModule from '../../src/storybook/preview.ts'

/**
 * The addon's two parts in one page, joined by one channel as Storybook joins its manager and the
 * story's frame: Storybook's own addon registries (its preview's and its manager's), an in-memory
 * channel between them. The preview part's `beforeEach` sets up the story's mock; the panel the
 * manager part registers shows what it hears. msw's worker is not started (its loader is not
 * called): the story's requests go to the mock directly.
 */
const channel = mockChannel()
previewAddons.setChannel(channel)
managerAddons.setChannel(channel)

let preview: typeof PreviewModule
let panels: {
  title: string
  render: (props: { active: boolean }) => ReactElement
}[]
beforeAll(async () => {
  preview = await import('../../src/storybook/preview.ts')
  await import('../../src/storybook/manager.ts')
  managerAddons.loadAddons({})
  panels = Object.values(managerAddons.getElements(types.PANEL)) as never
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
