import { Hono } from 'hono'
import { createMockApi } from '../../src/index.ts'

/**
 * A fixed mix of requests answered in this process, for the instruction-count row: `mock` is the
 * core (`api.fetch`), `bare` a bare Hono app (`app.fetch`) answering each request with the bytes
 * the core answered it with. `node tests/bench/core-mix.ts mock|bare <warm-up> <measured>` runs
 * the mix `<warm-up> + <measured>` times; run under callgrind twice with two measured counts, the
 * difference is the instructions the measured requests took, start-up and warm-up left out.
 */
const ORIGIN = 'http://hypermock.test'
const CUSTOMER = 'Bearer customer-1-token'

/** Each request of the mix, as a factory: a Request is consumed once. */
export const mix: (() => Request)[] = [
  () =>
    new Request(`${ORIGIN}/api/orders/1`, {
      headers: { Authorization: CUSTOMER },
    }),
  () =>
    new Request(`${ORIGIN}/api/orders?sort=-total&perPage=5`, {
      headers: { Authorization: CUSTOMER },
    }),
  () =>
    new Request(`${ORIGIN}/api/orders/1`, {
      headers: { Authorization: CUSTOMER, 'If-None-Match': '"order-1-v1"' },
    }),
  () =>
    new Request(`${ORIGIN}/api/orders/1`, {
      method: 'HEAD',
      headers: { Authorization: CUSTOMER },
    }),
  () =>
    new Request(`${ORIGIN}/api/orders/999999`, {
      headers: { Authorization: CUSTOMER },
    }),
  () => new Request(`${ORIGIN}/api/orders/1`),
  () =>
    new Request(`${ORIGIN}/api/orders`, {
      method: 'POST',
      headers: { Authorization: CUSTOMER, 'Content-Type': 'application/json' },
      body: '{"total":-1,"currency":"usd"}',
    }),
  () => new Request(`${ORIGIN}/api`),
]

async function bareApp() {
  // Recorded from a mock of its own, so the measured one starts from a fresh instance.
  const recorder = createMockApi({ config: { rateLimit: false } })
  const answers: {
    status: number
    headers: Record<string, string>
    body: ArrayBuffer | null
  }[] = []
  for (const make of mix) {
    const response = await recorder.fetch(make())
    answers.push({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: response.body === null ? null : await response.arrayBuffer(),
    })
  }
  let next = 0
  const app = new Hono()
  app.all('*', async (c) => {
    // Requests come in the mix's order; a body is read, as any server has to.
    const answer = answers[next++ % answers.length]!
    if (c.req.raw.body !== null) await c.req.arrayBuffer()
    return new Response(answer.body, {
      status: answer.status,
      headers: answer.headers,
    })
  })
  return (request: Request) => app.fetch(request)
}

if (import.meta.main) {
  const [kind, warmup = '0', measured = '0'] = process.argv.slice(2)
  const answer =
    kind === 'bare'
      ? await bareApp()
      : createMockApi({ config: { rateLimit: false } }).fetch
  const rounds = Number(warmup) + Number(measured)
  for (let round = 0; round < rounds; round++)
    for (const make of mix) await (await answer(make())).arrayBuffer()
}
