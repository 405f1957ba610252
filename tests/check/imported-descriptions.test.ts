import { afterAll, describe, expect, it } from 'vitest'
import { runChecks } from '../../src/check/index.ts'
import {
  fromOpenApi,
  loadOpenApi,
  type OpenApiOverrides,
} from '../../src/openapi-import/index.ts'
import { startServer, type RunningServer } from '../../src/server/index.ts'
import { openApiFixtures } from '../support/openapi-fixtures.ts'
import { notPassed } from './support.ts'

const tokens = { 'rw-token': {}, 'ro-token': { scopes: ['read' as const] } }

/**
 * The public descriptions, imported and served: the checker holds them to the conventions as it
 * does the built-in domain. Petstore asks for no credential, so it gets no token.
 */
const cases: {
  name: keyof typeof openApiFixtures
  overrides: OpenApiOverrides
  base: string
  withTokens: boolean
}[] = [
  { name: 'petstore-expanded', overrides: {}, base: '/api', withTokens: false },
  {
    name: 'scalar-galaxy',
    overrides: { tokens, count: 25 },
    base: '',
    withTokens: true,
  },
  {
    name: 'figma',
    overrides: { tokens, count: 25, include: ['/v2/webhooks'] },
    base: '/v2',
    withTokens: true,
  },
]

describe.each(cases)(
  'check on $name, imported',
  { timeout: 30_000 },
  ({ name, overrides, base, withTokens }) => {
    let server: RunningServer | undefined
    afterAll(() => server?.close())

    it('passes every must rule it can test', async () => {
      const api = fromOpenApi(
        await loadOpenApi(openApiFixtures[name]),
        overrides,
      )
      // A write takes 20 ms, so a repeated key can arrive while the first still runs.
      server = await startServer({ port: 0, api, config: { latencyMs: 20 } })
      const report = await runChecks({
        baseUrl: `${server.url}${base}`,
        allowWrites: true,
        probeRateLimit: 150,
        ...(withTokens && { token: 'rw-token', tokenReadonly: 'ro-token' }),
      })
      expect(report.error).toBeNull()
      expect(notPassed(report).filter((r) => r.status === 'fail')).toEqual([])
      expect(report.exitCode).toBe(0)
      // The collection was found and paged, whatever its envelope.
      expect(
        report.rules.find((r) => r.id === 'query-parameters')?.status,
      ).toBe('pass')
    })
  },
)
