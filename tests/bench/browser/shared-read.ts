// The bench page (row S): the same read, through the real service worker, answered by the shared
// mock (its leading tab runs the declaration) and by a plain msw handler in the same page.
import { http, HttpResponse } from 'msw'
import { setupWorker } from 'msw/browser'
import { createHandlers } from '../../../src/msw/handlers.ts'
import { connectSharedMock } from '../../../src/shared-mock/connect-shared-mock.ts'
import { hotelApi } from '../../e2e/hotel-tabs/hotel.ts'

const api = await connectSharedMock({ api: hotelApi(1) })
const guest = { id: 1, name: 'Seed guest' }
const plain = http.get('/plain/guests/1', () => HttpResponse.json(guest))
const worker = setupWorker(plain, ...createHandlers(api))
await worker.start({ quiet: true, onUnhandledFrame: 'bypass' })

const headers = { Authorization: 'Bearer any-token' }
async function timeRead(url: string) {
  const start = performance.now()
  const response = await fetch(url, { headers })
  await response.json()
  return performance.now() - start
}

const median = (values: number[]) =>
  values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Alternates the two reads, so both see the same machine. */
async function measure(reads: number) {
  const shared: number[] = []
  const plainTimes: number[] = []
  for (let i = 0; i < reads; i++) {
    shared.push(await timeRead('/hotel/guests/1'))
    plainTimes.push(await timeRead('/plain/guests/1'))
  }
  return { shared: median(shared), plain: median(plainTimes) }
}

await measure(50) // warm-up
const result = await measure(
  Number(new URL(location.href).searchParams.get('reads') ?? 400),
)
document.querySelector('output')!.textContent = JSON.stringify(result)
