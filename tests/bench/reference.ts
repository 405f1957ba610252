import { createMockApi } from '../../src/index.ts'

/** The request most rows serve, and the exact answer the mock gives it, for baselines to copy. */
export const ORIGIN = 'http://hypermock.test'
export const ORDER_1 = `${ORIGIN}/api/orders/1`
export const CUSTOMER = { Authorization: 'Bearer customer-1-token' }
export const ADMIN = { Authorization: 'Bearer admin-token' }

const reference = await createMockApi().fetch(
  new Request(ORDER_1, { headers: CUSTOMER }),
)
/** The JSON of order 1 as the mock answers it: baselines return the same bytes. */
export const referenceBody = await reference.text()
export const referenceHeaders = {
  'Content-Type': 'application/json',
  'Cache-Control': 'private, no-cache',
  ETag: reference.headers.get('ETag') ?? '"order-1-v1"',
  Vary: 'Authorization',
}

/** Awaits a 200 and reads its body to the end, as a caller would. */
export async function readThrough(fetcher: () => Promise<Response>) {
  const response = await fetcher()
  if (response.status !== 200)
    throw new Error(`Benchmark request answered ${response.status}`)
  await response.text()
}
