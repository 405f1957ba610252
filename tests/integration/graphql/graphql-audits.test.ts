import { serverAudits } from 'graphql-http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupMockServer } from '../../../src/msw/node.ts'
import { startServer } from '../../../src/server/start-server.ts'
import { gardenApi } from '../../support/garden-api.ts'

/** GraphQL over HTTP, audited as graphql-http audits any server: each request with a valid token. */
const withToken: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers)
  headers.set('Authorization', 'Bearer ada-token')
  return fetch(input, { ...init, headers })
}

/** Every audit, run; the MUST ones that fail, named with why. */
async function mustFailures(url: string) {
  const failed: string[] = []
  let ran = 0
  for (const audit of serverAudits({ url, fetchFn: withToken })) {
    const result = await audit.fn()
    ran += 1
    if (result.status !== 'ok' && audit.name.startsWith('MUST'))
      failed.push(`${audit.name}: ${result.reason}`)
  }
  return { failed, ran }
}

// Some fifty requests each, the first loading graphql-js: room on a loaded machine.
describe('under setupServer', { timeout: 30_000 }, () => {
  const { server } = setupMockServer({ api: gardenApi, basePath: '/garden' })
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterAll(() => server.close())

  it('passes every MUST audit of graphql-http', async () => {
    const { failed, ran } = await mustFailures(
      'http://localhost/garden/graphql',
    )
    expect(ran).toBeGreaterThan(20)
    expect(failed).toEqual([])
  })
})

describe('on the standalone server', { timeout: 30_000 }, () => {
  let server: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    server = await startServer({
      api: gardenApi,
      basePath: '/garden',
      port: 0,
      host: '127.0.0.1',
    })
  })
  afterAll(() => server.close())

  it('passes every MUST audit of graphql-http', async () => {
    const { failed, ran } = await mustFailures(`${server.url}/garden/graphql`)
    expect(ran).toBeGreaterThan(20)
    expect(failed).toEqual([])
  })

  it('answers 401 to a GraphQL request without a credential', async () => {
    const response = await fetch(`${server.url}/garden/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '{ plants { totalCount } }' }),
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer/)
  })
})
