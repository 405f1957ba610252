import { startMockWorker } from 'hypermock-api/msw/browser'
import { createClient } from 'hypermock-api/client'
import { hotel } from './hotel.ts'

interface Booking {
  id: number
  roomId: number
  guestId: number
  checkIn: string
  status: string
}

// The app's mock, in its service worker: each Playwright test has its own browser context, so
// its own mock. `?shared` starts the mock every tab of the origin shares, kept in IndexedDB (a
// context has its own, so tests stay apart). A test that blocks service workers (the 'serve'
// mode) answers from a server instead. The buttons work at once: a request made before the mock
// has started waits for it, so an early click neither reaches the network nor submits the form.
const shared = new URLSearchParams(window.location.search).has('shared')
const mockStarted = startMockWorker({
  api: hotel,
  ...(shared && { shared: { database: 'hotel-example' } }),
}).then(
  (api) => {
    document.body.dataset.mock = 'shared' in api ? 'shared' : 'page'
  },
  (error: unknown) => {
    console.info(
      'No mock in the page; the API answers from the network.',
      error,
    )
  },
)

const client = createClient({
  baseUrl: new URL('/api', window.location.href).href,
  token: 'front-desk',
  // Short waits between retries: the test sees the same retries, sooner.
  backoffBaseMs: 50,
  jitterMaxMs: 10,
})

const status = document.querySelector<HTMLParagraphElement>('#status')!
const list = document.querySelector<HTMLUListElement>('#list')!

async function load() {
  status.textContent = 'Loading…'
  await mockStarted
  try {
    const { items } = await client.get<{ items: Booking[] }>('/api/bookings')
    list.replaceChildren(
      ...items.map((booking) => {
        const item = document.createElement('li')
        item.textContent = `Booking ${booking.id}: room ${booking.roomId}, guest ${booking.guestId}, ${booking.checkIn} (${booking.status})`
        return item
      }),
    )
    status.textContent = `${items.length} bookings`
  } catch (error) {
    status.textContent = `Could not load the bookings: ${String(error)}`
  }
}

document.querySelector('#load')!.addEventListener('click', () => void load())
document
  .querySelector<HTMLFormElement>('#book')!
  .addEventListener('submit', (event) => {
    event.preventDefault()
    const form = new FormData(event.target as HTMLFormElement)
    void mockStarted
      .then(() =>
        client.post('/api/bookings', {
          roomId: 1,
          guestId: Number(form.get('guestId')),
          checkIn: String(form.get('checkIn')),
        }),
      )
      .then(load, (error: unknown) => {
        status.textContent = `Could not book: ${String(error)}`
      })
  })
