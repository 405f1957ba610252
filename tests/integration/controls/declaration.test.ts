import { describe, expect, it } from 'vitest'
import { library } from '../../../examples/own-api/library.ts'
import { createMockApi } from '../../../src/index.ts'
import { declaredCredentials } from '../../../src/playground/services/declared-credentials.ts'

const read = async (api: ReturnType<typeof createMockApi>) => {
  const response = await api.fetch(
    new Request('http://localhost/__mock/declaration'),
  )
  expect(response.status).toBe(200)
  expect(response.headers.get('Cache-Control')).toBe('no-store')
  return (await response.json()) as {
    name: string
    auth: 'bearer' | false
    resources: { owned: string[]; unowned: string[] }
    tokens: {
      token: string
      expired: boolean
      owns: 'all' | (string | number)[]
      scopes: string[]
    }[]
    scenarios: { id: string }[]
  }
}

describe('GET /__mock/declaration', () => {
  it("lists a declared API's mock credentials with what each may see", async () => {
    const body = await read(createMockApi({ api: library }))
    expect(body.name).toBe('City library')
    expect(body.tokens).toEqual([
      {
        token: 'ada-token',
        expired: false,
        owns: [1],
        scopes: ['read', 'write'],
      },
      {
        token: 'grace-token',
        expired: false,
        owns: [2],
        scopes: ['read', 'write'],
      },
      {
        token: 'librarian-token',
        expired: false,
        owns: 'all',
        scopes: ['read', 'write'],
      },
      { token: 'visitor-token', expired: false, owns: [], scopes: ['read'] },
    ])
    expect(body.scenarios).toEqual([])
  })

  it('says whether a credential is needed and which resources have owners, for what a token sees', async () => {
    const body = await read(createMockApi({ api: library }))
    expect(body.auth).toBe('bearer')
    expect(body.resources).toEqual({
      owned: ['members', 'loans'],
      unowned: ['books'],
    })
    const open = await read(createMockApi({ api: { ...library, auth: false } }))
    expect(open.auth).toBe(false)
  })

  it('lets the playground label each token by what it sees, and offer none where none is needed', async () => {
    const body = await read(createMockApi({ api: library }))
    expect(declaredCredentials(body).map((c) => c.label)).toEqual([
      'ada-token (owner 1)',
      'grace-token (owner 2)',
      'librarian-token (every owner)',
      'visitor-token (books only, read-only)',
      'No credential',
    ])
    const open = await read(createMockApi({ api: { ...library, auth: false } }))
    expect(declaredCredentials(open)).toEqual([
      { token: null, label: 'No credential needed' },
    ])
  })

  it("lists the built-in domain's tokens, the expired one included, and its scenarios", async () => {
    const body = await read(createMockApi())
    expect(body.tokens).toContainEqual(
      expect.objectContaining({ token: 'expired-token', expired: true }),
    )
    expect(body.scenarios.length).toBeGreaterThan(0)
  })
})
