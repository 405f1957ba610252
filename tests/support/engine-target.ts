import { createMockApi } from '../../src/index.ts'
import type { ContractTargetFactory } from './contract-target.ts'

/**
 * The engine itself, in-process: each request goes straight to `api.fetch`, with no transport
 * in between. A network-level fault (a dropped connection) rejects, as `fetch` does.
 */
export const engineTarget: ContractTargetFactory = {
  name: 'the engine in-process',
  async start(options) {
    const api = createMockApi(options)
    const origin = 'http://hypermock.test'
    const url = (path: string) => `${origin}${path}`
    return {
      api,
      url,
      async fetch(path, init) {
        const response = await api.fetch(new Request(url(path), init))
        if (response.type === 'error')
          throw new TypeError(
            'Failed to fetch: the mock dropped the connection',
          )
        return response
      },
      async close() {},
    }
  },
}
