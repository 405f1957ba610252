import { setupMockServer } from '../../src/msw/node.ts'
import type { ContractTargetFactory } from './contract-target.ts'

/** The mock behind msw's `setupServer`: `fetch` is intercepted in-process, nothing listens on a port. */
export const mswTarget: ContractTargetFactory = {
  name: 'msw setupServer',
  async start(options) {
    const { api, server } = setupMockServer({
      ...options,
      origins: ['http://hypermock.test'],
    })
    server.listen({ onUnhandledFrame: 'error' })
    const origin = 'http://hypermock.test'
    const url = (path: string) => `${origin}${path}`
    return {
      api,
      url,
      fetch: (path, init) => fetch(url(path), init),
      async close() {
        server.close()
      },
    }
  },
}
