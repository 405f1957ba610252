import {
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import { setupMockServer } from 'hypermock-api/msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { Provider } from 'urql'
import garden from '../hypermock.config.ts'
import { createGraphqlClient } from './client.ts'
import { Plants } from './plants.tsx'

// The app's own declaration, answered in this process: GraphQL at /api/graphql, REST beside it.
const { api, server } = setupMockServer({ api: garden })
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset()) // the seed rows again
afterAll(() => server.close())

function renderPlants() {
  // A client per test: nothing cached from the test before.
  const client = createGraphqlClient('http://localhost/api/graphql')
  render(
    <Provider value={client}>
      <Plants />
    </Provider>,
  )
}

/** The GraphQL operations the mock answered, in order: `query Plants`, `mutation AddPlant`. */
const operations = () =>
  api.journal
    .list()
    .flatMap((entry) =>
      entry.graphql ? [`${entry.graphql.type} ${entry.graphql.name}`] : [],
    )

test('lists the declared seed rows over GraphQL', async () => {
  renderPlants()
  const list = await screen.findByRole('list', { name: 'Plants' })
  expect(within(list).getAllByRole('listitem')).toHaveLength(2)
  expect(screen.getByRole('combobox', { name: 'Status of Basil' })).toHaveValue(
    'GROWING',
  )
  expect(screen.getByText('2 plants')).toBeVisible()
})

test('a plant added with a mutation is read back: by the list, and over REST', async () => {
  renderPlants()
  await screen.findByText('2 plants')
  fireEvent.change(screen.getByLabelText('Name'), {
    target: { value: 'Dill' },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Add the plant' }))

  // The mutation's answer holds a Plant: urql reads the list again, from the mock.
  expect(
    await screen.findByRole('combobox', { name: 'Status of Dill' }),
  ).toHaveValue('SEEDLING')
  expect(screen.getByText('3 plants')).toBeVisible()
  expect(operations()).toEqual([
    'query Plants',
    'mutation AddPlant',
    'query Plants',
  ])

  // The same row over REST, with the declared enum's own value.
  const response = await fetch('http://localhost/api/plants')
  const { items } = (await response.json()) as {
    items: { id: number; name: string; status: string }[]
  }
  const dill = items.find((plant) => plant.name === 'Dill')
  expect(dill).toMatchObject({ status: 'seedling' })
  const read = await fetch(`http://localhost/api/plants/${dill!.id}`)
  expect(read.status).toBe(200)
  expect(await read.json()).toMatchObject({ name: 'Dill', status: 'seedling' })
})

test('a status changed with a mutation is the row REST reads', async () => {
  renderPlants()
  const basil = await screen.findByRole('combobox', { name: 'Status of Basil' })
  fireEvent.change(basil, { target: { value: 'HARVESTED' } })

  // The select shows the list's value: it changes once the list is read again.
  await waitFor(() =>
    expect(
      screen.getByRole('combobox', { name: 'Status of Basil' }),
    ).toHaveValue('HARVESTED'),
  )
  const read = await fetch('http://localhost/api/plants/1')
  expect(await read.json()).toMatchObject({
    name: 'Basil',
    status: 'harvested',
  })
})

test("an invalid plant shows the mock's validation error and adds nothing", async () => {
  renderPlants()
  await screen.findByText('2 plants')
  fireEvent.change(screen.getByLabelText('Name'), {
    target: { value: 'x'.repeat(61) },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Add the plant' }))

  expect(await screen.findByRole('alert')).toHaveTextContent(/^name: .*60/)
  expect(api.data.plants.list()).toHaveLength(2)
})
