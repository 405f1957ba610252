// A page of the e2e tests (built by ../pages/vite.config.ts): an app with its own declaration, one
// mock shared by every tab and kept in IndexedDB, through the real service worker.
import {
  startMockWorker,
  type StoredDataMismatch,
} from '../../../src/msw/browser.ts'
import { hotelApi } from './hotel.ts'

const params = new URL(location.href).searchParams
const version = params.get('version') === '2' ? 2 : 1
// `?mismatch=keep` or `reset`: the choice for stored rows that no longer fit (default: report).
const mismatch = params.get('mismatch')
const onMismatch: { onMismatch?: StoredDataMismatch } =
  mismatch === 'keep' || mismatch === 'reset' ? { onMismatch: mismatch } : {}
// `?persist`: this page's mock alone, kept across reloads, instead of one shared by every tab.
const api = params.has('persist')
  ? await startMockWorker({
      api: hotelApi(version),
      persist: { database: 'hotel-e2e-page', ...onMismatch },
    })
  : await startMockWorker({
      api: hotelApi(version),
      shared: { database: 'hotel-e2e', ...onMismatch },
    })
const headers = { Authorization: 'Bearer any-token' }
const list = document.querySelector('ul')!
const status = document.querySelector('output')!
document.querySelector('[role="note"]')!.textContent =
  api.shared.startupNotice ?? ''

interface Guest {
  id: number
  name: string
  note?: string
}

async function show() {
  const response = await fetch('/hotel/guests', { headers })
  const body = (await response.json()) as { items: Guest[] }
  list.replaceChildren(
    ...body.items.map((guest) => {
      const item = document.createElement('li')
      item.textContent = guest.note
        ? `${guest.name} (${guest.note})`
        : guest.name
      return item
    }),
  )
  status.textContent = `${body.items.length} guests`
}

// Another tab's change: read again, without a reload.
api.shared.onRemoteChange(() => void show())
document.querySelector('form')!.addEventListener('submit', (event) => {
  event.preventDefault()
  const form = new FormData(event.target as HTMLFormElement)
  const note = String(form.get('note') ?? '')
  void fetch('/hotel/guests', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: form.get('name'), ...(note && { note }) }),
  }).then(show)
})
await show()
