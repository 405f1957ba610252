import { describe, expect, it } from 'vitest'
import { library } from '../../../../examples/own-api/library.ts'
import { createClient } from '../../../client/index.ts'
import { createMockApi, type MockApi } from '../../../index.ts'
import { declaredScenario } from './scenarios.ts'

describe("a declared API's own scenario in the playground", () => {
  it('sets up its faults and credential, then runs its steps through the client', async () => {
    const api = createMockApi({ api: library })
    const scenario = declaredScenario({
      id: 'flaky-loans',
      title: 'Flaky loans',
      description: 'The loans list fails once; the client retries.',
      token: 'librarian-token',
      faults: [
        {
          match: { method: 'GET', path: '/api/loans' },
          effect: { kind: 'status', status: 503 },
          times: 1,
        },
      ],
      steps: [{ title: 'List the loans', path: '/api/loans' }],
    })
    let token: string | null = null
    // The playground's views take any API's mock through the built-in domain's type.
    scenario.setup(api as unknown as MockApi, {
      setToken: (next) => (token = next),
    })
    expect(token).toBe('librarian-token')
    expect(api.faults.list()).toHaveLength(1)

    const client = createClient({
      baseUrl: 'http://localhost/api',
      token: 'librarian-token',
      fetch: (request) => api.fetch(request),
      sleep: () => Promise.resolve(),
    })
    const result = await scenario.run(client)
    expect(result.status).toBe(200)
    expect(result.facts).toContainEqual({ label: 'Attempts', value: '2' })
    expect(api.journal.list().map((entry) => entry.status)).toEqual([503, 200])
  })
})
