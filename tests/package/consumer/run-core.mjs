// Runs in a throwaway project that installed the packed hypermock-api: the core, msw's
// setupServer and the reference client, under whichever Node runs this file. Prints one JSON line.
import { createMockApi } from 'hypermock-api'
import { createClient } from 'hypermock-api/client'
import { setupMockServer } from 'hypermock-api/msw/node'

const results = { node: process.versions.node }

const api = createMockApi()
const direct = await api.fetch(
  new Request('http://localhost/api/orders/1', {
    headers: { Authorization: 'Bearer customer-1-token' },
  }),
)
results.direct = { status: direct.status, body: await direct.json() }

try {
  const { server, api: served } = setupMockServer()
  server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' })
  const client = createClient({
    baseUrl: 'http://localhost/api',
    token: 'customer-1-token',
  })
  const order = await client.get('/api/orders/1')
  const viaMsw = await fetch('http://localhost/api/orders/2', {
    headers: { Authorization: 'Bearer customer-1-token' },
  })
  results.msw = {
    clientOrder: order.status,
    fetchStatus: viaMsw.status,
    journal: served.journal.list().length,
  }
  server.close()
} catch (error) {
  results.msw = { error: error.message }
}

console.log(JSON.stringify(results))
