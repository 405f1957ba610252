import { startServer } from '../../src/server/start-server.ts'
import type { ContractTargetFactory } from './contract-target.ts'

/** The mock behind the standalone HTTP server on a free loopback port: real sockets, real HTTP. */
export const serverTarget: ContractTargetFactory = {
  name: 'the standalone server',
  async start(options) {
    const server = await startServer({ ...options, port: 0, host: '127.0.0.1' })
    const url = (path: string) => `${server.url}${path}`
    return {
      api: server.api,
      url,
      fetch: (path, init) => fetch(url(path), init),
      close: () => server.close(),
    }
  },
}
