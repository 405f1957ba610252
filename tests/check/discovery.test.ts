import { afterAll, beforeAll, expect, it } from 'vitest'
import { runChecks } from '../../src/check/index.ts'
import type { RunningServer } from '../../src/server/index.ts'
import { startHypermock, TOKEN } from './support.ts'

let server: RunningServer
beforeAll(async () => {
  // The root says nothing but its name: discovery has to come from the description.
  server = await startHypermock(async (request, api) =>
    new URL(request.url).pathname === '/api'
      ? Response.json(
          { name: 'an API without links' },
          { headers: { 'Cache-Control': 'no-store' } },
        )
      : api.fetch(request),
  )
})
afterAll(() => server.close())

it('finds the collections in the OpenAPI description when the root has no links', async () => {
  const report = await runChecks({
    baseUrl: `${server.url}/api`,
    token: TOKEN,
    openapi: `${server.url}/api/openapi.json`,
    rules: ['links-self', 'not-found-404'],
  })
  expect(report.discovery.openapi).toBe(`${server.url}/api/openapi.json`)
  expect(report.discovery.collections).toEqual(
    ['orders', 'payments', 'transfers', 'accounts', 'customers'].map(
      (c) => `${server.url}/api/${c}`,
    ),
  )
  expect(report.rules.map((r) => r.status)).toEqual(['pass', 'pass'])
})

it('starts from the paths it is given', async () => {
  const report = await runChecks({
    baseUrl: `${server.url}/api`,
    token: TOKEN,
    paths: ['/api/customers'],
    rules: ['links-self'],
  })
  expect(report.discovery.collections).toEqual([`${server.url}/api/customers`])
  expect(report.rules[0]?.status).toBe('pass')
})

it('ends with exit code 2 and says what to give when it finds nothing to check', async () => {
  const report = await runChecks({ baseUrl: `${server.url}/api`, token: TOKEN })
  expect(report.exitCode).toBe(2)
  expect(report.error).toMatch(
    /Found no collection to check .* Give the root _links, --openapi, or --paths/,
  )
  expect(report.rules).toEqual([])
})
