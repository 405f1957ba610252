import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMockApi, defineApi, defineResource } from '../../src/index.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'

const stations = defineResource({
  schema: z.object({ id: z.number().int().positive(), name: z.string() }),
  seed: [{ id: 1, name: 'Harbour' }],
})

/**
 * A handler that answers with `ctx.ok` and then adds to the answer's headers, as a handler may do
 * with any `Response`: a header it sets, and one it replaces.
 */
const api = defineApi({
  name: 'Stations',
  base: '/api',
  resources: { stations },
  routes: [
    {
      method: 'GET',
      path: '/stations/:id/badge',
      handle: (ctx) => {
        const answer = ctx.ok('stations', ctx.data.table('stations').get(1)!)
        answer.headers.set('X-Badge', 'gold')
        answer.headers.set('Content-Type', 'application/vnd.badge+json')
        return answer
      },
    },
  ],
})

const request = (base: string) =>
  new Request(`${base}/api/stations/1/badge`, {
    headers: { Authorization: 'Bearer any' },
  })

async function expectHandlersHeaders(response: Response) {
  expect(response.status).toBe(200)
  expect(response.headers.get('X-Badge')).toBe('gold')
  expect(response.headers.get('Content-Type')).toBe(
    'application/vnd.badge+json',
  )
  expect(response.headers.get('ETag')).toMatch(/^"/)
  expect(await response.json()).toMatchObject({ id: 1, name: 'Harbour' })
}

describe('headers a handler sets on the answer it built', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ api, port: 0 })
  })
  afterAll(() => server.close())

  it('reach the client of the standalone server', async () => {
    await expectHandlersHeaders(await fetch(request(server.url)))
  })

  it('reach a caller of the engine in-process, the same', async () => {
    const mock = createMockApi({ api, config: { rateLimit: false } })
    await expectHandlersHeaders(
      await mock.fetch(request('http://stations.test')),
    )
  })
})
