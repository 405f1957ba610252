import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider } from 'urql'
import { createGraphqlClient } from './client.ts'
import { Plants } from './plants.tsx'

// The API at the page's origin: `npm run dev` serves it from Vite's dev server (the hypermock
// plugin), `npm run dev:serve` passes it on to `npm run serve`.
const client = createGraphqlClient(
  new URL('/api/graphql', window.location.href).href,
)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider value={client}>
      <Plants />
    </Provider>
  </StrictMode>,
)
