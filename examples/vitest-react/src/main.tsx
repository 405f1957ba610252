import { createClient } from 'hypermock-api/client'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { OrdersList } from './orders-list.tsx'

// The mock only in `vite --mode mock` (VITE_MOCK=true in .env.mock). Vite replaces the flag at
// build time, so a production build drops this branch and never bundles hypermock's mock or msw.
if (import.meta.env.VITE_MOCK === 'true') {
  const { startMockWorker } = await import('hypermock-api/msw/browser')
  await startMockWorker()
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
