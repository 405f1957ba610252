// A page of the e2e tests (built by ../pages/vite.config.ts): an app on the built-in API through
// the real service worker, with the devtools panel beside it.
import { mountDevtools } from '../../../src/devtools/lazy.ts'
import { startMockWorker } from '../../../src/msw/browser.ts'

const api = await startMockWorker()
await api.reset()
await mountDevtools(api, { storageKey: 'devtools-e2e' })
const result = document.querySelector('output')!
result.textContent = 'ready'
document.querySelector('#load')!.addEventListener('click', async () => {
  const response = await fetch('/api/orders', {
    headers: { Authorization: 'Bearer customer-1-token' },
  })
  result.textContent = String(response.status)
})
