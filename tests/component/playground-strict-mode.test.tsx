import { render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { App } from '../../src/playground/app.tsx'

test('under StrictMode, as `npm run dev` renders it, the Explorer sends its read once', async () => {
  const api = createMockApi()
  const sent: string[] = []
  window.history.replaceState(null, '', '/?view=explorer&href=/api/orders/1')
  render(
    <StrictMode>
      <App
        api={api}
        fetch={(request) => {
          sent.push(`${request.method} ${new URL(request.url).pathname}`)
          return api.fetch(request)
        }}
      />
    </StrictMode>,
  )
  expect(await screen.findByRole('heading', { name: 'Order 1' })).toBeVisible()
  expect(sent).toEqual(['GET /api/orders/1'])
  expect(api.journal.list().map((entry) => entry.path)).toEqual([
    '/api/orders/1',
  ])
  window.history.replaceState(null, '', '/')
})
