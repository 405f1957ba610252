import { render, screen } from '@testing-library/react'
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
import { hotelApi } from '../fixtures/hotel/hotel-api.ts'

const notes = defineResource({
  schema: z.strictObject({ id: z.number().int(), text: z.string() }),
  seed: [{ text: 'Buy milk' }],
})

/** The Guide's Authentication section for a mock of `declaration`, as the page shows it. */
async function authenticationSection(declaration?: ApiDeclaration) {
  // The playground takes any declared API; its prop is typed with the built-in one's.
  const api = createMockApi(
    declaration ? { api: declaration } : {},
  ) as unknown as MockApi
  window.history.replaceState(null, '', '/?view=guide')
  render(<App api={api} fetch={(request) => api.fetch(request)} />)
  return screen.findByRole('region', { name: 'Authentication and tokens' })
}

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the Guide’s Authentication section', () => {
  test('on an API with no tokens, says any Bearer token is let in and what none gets, and shows no 403', async () => {
    const section = await authenticationSection(hotelApi)
    expect(section).toHaveTextContent(
      'This API declares no tokens: any Bearer token is let in',
    )
    expect(section).toHaveTextContent(
      'No credential, or one that is not a Bearer token: 401',
    )
    expect(section).not.toHaveTextContent(/403|insufficient_scope|read-only/)
  })

  test('on an API declared without auth, says it asks for no credential and shows no 401 or 403 example', async () => {
    const section = await authenticationSection(
      defineApi({ name: 'Notes', auth: false, resources: { notes } }),
    )
    expect(section).toHaveTextContent('This API asks for no credential')
    expect(section).toHaveTextContent(
      'A request without a credential gets the same answer as any other',
    )
    expect(section).not.toHaveTextContent(
      /insufficient_scope|WWW-Authenticate|Bearer <token>/,
    )
  })

  test('on an API whose tokens may all write, names them and shows no 403', async () => {
    const section = await authenticationSection(
      defineApi({
        name: 'Notes',
        resources: { notes },
        tokens: { 'writer-token': {}, 'old-token': { expired: true } },
      }),
    )
    expect(section).toHaveTextContent('Its tokens: writer-token')
    expect(section).toHaveTextContent(
      'No credential, or an unknown or expired one such as old-token: 401',
    )
    expect(section).not.toHaveTextContent(/403|insufficient_scope/)
  })

  test('on an API with a read-only token, shows the 403 with that token', async () => {
    const section = await authenticationSection(
      defineApi({
        name: 'Notes',
        resources: { notes },
        tokens: {
          'writer-token': { owns: 'all' },
          'visitor-token': { owns: [], scopes: ['read'] },
        },
      }),
    )
    expect(section).toHaveTextContent(
      'Its tokens: writer-token (every row), visitor-token (every row, read-only).',
    )
    expect(section).toHaveTextContent(
      'A valid credential that may not write, such as visitor-token: 403 with error="insufficient_scope"',
    )
    expect(section).not.toHaveTextContent(/readonly-token|customer/)
  })

  test('on the built-in domain, names its seeded tokens and the 403 of readonly-token', async () => {
    const section = await authenticationSection()
    expect(section).toHaveTextContent('The seeded tokens are customer-1-token')
    expect(section).toHaveTextContent(
      'A valid credential that may not write: 403 with error="insufficient_scope"',
    )
  })
})
