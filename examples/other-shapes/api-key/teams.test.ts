import { startServer, type RunningServer } from 'hypermock-api/server'
import { HTTPError } from 'ky'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API_KEY, teamsApi } from './teams.ts'
import { teamsClient } from './teams-client.ts'

let server: RunningServer
let api: string

beforeAll(async () => {
  server = await startServer({ api: teamsApi, port: 0 })
  api = `${server.url}/api`
})
afterEach(() => server.api.reset())
afterAll(() => server.close())

/** What a refusal's body says, as ky hands it over. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(HTTPError)
  const { response, data } = error as HTTPError
  return {
    status: response.status,
    challenge: response.headers.get('WWW-Authenticate'),
    body: data as { error: { message: string; errors: string[] } },
  }
}

describe('a PagerDuty-style API through ky', () => {
  it('pages by offset and limit, echoing both with the total', async () => {
    const teams = teamsClient(api, API_KEY, 'acme')
    const page = await teams.page(2, 2)
    expect(page).toEqual({
      teams: [
        expect.objectContaining({ id: 3, name: 'Sales' }),
        expect.objectContaining({ id: 4, name: 'Design' }),
      ],
      offset: 2,
      limit: 2,
      total: 5,
      more: true,
    })
    expect((await teams.all(2)).map((team) => team.id)).toEqual([1, 2, 3, 4, 5])
  })

  it('creates and replaces a team in its { team } envelope', async () => {
    const teams = teamsClient(api, API_KEY, 'acme')
    const created = await teams.create({ name: 'Platform' })
    expect(created).toEqual({
      id: 6,
      name: 'Platform',
      description: null,
      summary: 'Platform',
    })
    const renamed = await teams.rename(created, 'Platform Engineering')
    expect(renamed).toMatchObject({ id: 6, name: 'Platform Engineering' })
  })

  it('answers every invalid field in one 400, in its own error body', async () => {
    const teams = teamsClient(api, API_KEY, 'acme')
    const { status, body } = await refusal(
      teams.create({ name: '', description: 'x'.repeat(2000) }),
    )
    expect(status).toBe(400)
    expect(body.error.errors).toEqual([
      expect.stringMatching(/^name /),
      expect.stringMatching(/^description /),
    ])
  })

  it('refuses a request without the tenant header, and one with a wrong key', async () => {
    const noTenant = await refusal(teamsClient(api, API_KEY, '').page(0, 1))
    expect(noTenant.status).toBe(400)
    expect(noTenant.body.error.errors.join(' ')).toContain('X-Tenant-Id')
    const wrongKey = await refusal(teamsClient(api, 'nope', 'acme').page(0, 1))
    expect(wrongKey.status).toBe(401)
    expect(wrongKey.challenge).toMatch(/^Token /)
  })
})
