import type { ScenarioId } from 'hypermock-api/shop'
import { createClient } from 'hypermock-api/client'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { OrdersList } from './orders-list.tsx'

// The mock only in `vite --mode mock` (VITE_MOCK=true in .env.mock). Vite replaces the flag at
// build time, so a production build drops this branch and never bundles hypermock's mock or msw.
if (import.meta.env.VITE_MOCK === 'true') {
  const { applyScenario } = await import('hypermock-api')
  const { startMockWorker } = await import('hypermock-api/msw/browser')
  const api = await startMockWorker()
  // `?scenario=rate-limited` opens the app in one of the package's scenarios.
  const scenario = new URLSearchParams(window.location.search).get('scenario')
  if (scenario !== null) applyScenario(api, scenario as ScenarioId)
  // The devtools panel: this app's requests, retries and verdicts, loaded on demand.
  const { mountDevtools } = await import('hypermock-api/devtools/lazy')
  await mountDevtools(api)
}

const client = createClient({
  baseUrl: new URL('/api', window.location.href).href,
  token: 'customer-1-token',
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Orders</h1>
    <OrdersList client={client} />
  </StrictMode>,
)
