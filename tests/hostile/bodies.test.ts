import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'
import { expectProblem } from '../support/expect-problem.ts'
import {
  ANSWER_WITHIN_MS,
  CUSTOMER,
  JSON_HEADERS,
  ORIGIN,
  RSS_GROWTH_LIMIT,
  deepJson,
  mib,
  mock,
  rssGrowth,
  within,
} from './support.ts'

const MIB = 1024 * 1024

/** A body that produces `total` bytes on demand, and counts how many were ever pulled. */
function endlessBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20)
  let produced = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= total) return controller.close()
      produced += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  return { stream, produced: () => produced }
}

describe('bodies without Content-Length (finding 5: read whole before the limit)', () => {
  it('stops reading a 200 MiB chunked body at the 1 MiB limit: 413 naming maxBytes', async () => {
    const { api } = mock()
    const body = endlessBody(200 * MIB)
    const response = await api.fetch(
      new Request(`${ORIGIN}/api/orders`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, ...CUSTOMER },
        body: body.stream,
        duplex: 'half',
      } as RequestInit),
    )
    const problem = await expectProblem(response, 413, 'content-too-large')
    expect(problem.maxBytes).toBe(MIB)
    // The limit plus what the stream had queued ahead: nowhere near 200 MiB.
    expect(body.produced()).toBeLessThan(2 * MIB)
  })

  describe('over a real socket', () => {
    let server: RunningServer
    beforeAll(async () => {
      server = await startServer({ port: 0 })
    })
    afterAll(() => server.close())

    it('answers a 200 MiB chunked upload with 413 and stays within memory', async () => {
      const { port } = new URL(server.url)
      let sent = 0
      let status = 0
      const growth = await rssGrowth(
        () =>
          new Promise<void>((resolve) => {
            const req = httpRequest({
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/api/orders',
              headers: { ...JSON_HEADERS, ...CUSTOMER },
            })
            const chunk = Buffer.alloc(256 * 1024, 0x20)
            const pump = () => {
              while (sent < 200 * MIB && status === 0) {
                sent += chunk.byteLength
                if (!req.write(chunk)) return void req.once('drain', pump)
              }
              req.end()
            }
            req.on('response', (response) => {
              status = response.statusCode ?? 0
              response.resume()
              response.on('end', resolve)
            })
            req.on('error', () => resolve())
            pump()
          }),
      )
      expect(status).toBe(413)
      expect(sent).toBeLessThan(200 * MIB)
      expect(growth, mib(growth)).toBeLessThan(RSS_GROWTH_LIMIT)
      // And the server goes on answering.
      const root = await fetch(`${server.url}/api`)
      expect(root.status).toBe(200)
    })
  })
})

describe('deep JSON (finding 9: a stack overflow in canonicalisation and cloning)', () => {
  it('answers a body nested 100,000 levels with 400 invalid-json naming the depth limit', async () => {
    const { json } = mock()
    const response = await within(ANSWER_WITHIN_MS, () =>
      json('POST', '/api/payments', deepJson(100_000), {
        ...CUSTOMER,
        'Idempotency-Key': 'deep-1',
      }),
    )
    const problem = await expectProblem(response, 400, 'invalid-json')
    expect(problem.maxDepth).toBe(32)
    expect(problem.detail).toContain('32 levels')
  })

  it.each([
    ['PUT', '/__mock/state'],
    ['POST', '/__mock/faults'],
    ['PATCH', '/__mock/config'],
  ])('refuses it on %s %s too', async (method, path) => {
    const { json } = mock()
    await expectProblem(
      await json(method, path, deepJson(100_000)),
      400,
      'invalid-json',
    )
  })

  it('accepts nesting up to the limit (strings with brackets do not count)', async () => {
    const { json } = mock()
    const response = await json(
      'POST',
      '/api/orders',
      `{"total":1,"currency":"usd","note":"${'{['.repeat(200)}"}`,
      CUSTOMER,
    )
    expect(response.status).toBe(201)
  })

  it('throws a snapshot error, not a stack overflow, from api.state.restore and api.faults.add', () => {
    const { api } = mock()
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = { a: deep }
    expect(() =>
      api.state.restore({ ...api.state.snapshot(), orders: deep }),
    ).toThrow(expect.objectContaining({ name: 'InvalidSnapshotError' }))
    expect(() =>
      api.faults.add({ match: deep, effect: { kind: 'hang' } } as never),
    ).toThrow(expect.objectContaining({ name: 'MockControlError' }))
  })
})
