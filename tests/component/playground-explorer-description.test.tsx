import { render, screen } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import type * as Package from '../../src/index.ts'
import { App } from '../../src/playground/app.tsx'

// Counts the descriptions the page generates, each still the real one.
const generated = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../src/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof Package>()
  return {
    ...actual,
    createOpenApiDocument: (
      ...args: Parameters<typeof actual.createOpenApiDocument>
    ) => {
      generated.count++
      return actual.createOpenApiDocument(...args)
    },
  }
})

let api: MockApi

beforeEach(() => {
  api = createMockApi()
  generated.count = 0
})

function renderAt(search: string) {
  window.history.replaceState(null, '', `/${search}`)
  return render(<App api={api} fetch={(request) => api.fetch(request)} />)
}

test('the API root is shown without generating the description; a record with a lifecycle and money then has it', async () => {
  const { unmount } = renderAt('?view=explorer&href=/api')
  await screen.findByRole('table', { name: 'Links' })
  await screen.findByRole('heading', { name: 'API root' })
  expect(generated.count).toBe(0)
  unmount()

  renderAt('?view=explorer&href=/api/orders/1')
  expect(
    await screen.findByRole('img', {
      name: /^Order states: current state pending/,
    }),
  ).toBeInTheDocument()
  const members = screen.getByRole('table', { name: 'Members' })
  expect(members).toHaveTextContent(/minor units/)
  expect(generated.count).toBe(1)
})
