import { beforeAll, describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  loadOpenApi,
  STATELESS_HEADER,
} from '../../../src/openapi-import/index.ts'
import type { ApiDeclaration, MockApi } from '../../../src/index.ts'
import { describedCaller } from '../../support/imported-conformance.ts'
import { openApiFixtures } from '../../support/openapi-fixtures.ts'

const file = openApiFixtures['scalar-galaxy']
const origin = 'http://galaxy.test'

let api: MockApi<ApiDeclaration>
let call: ReturnType<typeof describedCaller>

beforeAll(async () => {
  const openapi = await loadOpenApi(file)
  api = createOpenApiMock({ openapi, overrides: { count: 25 } })
  call = describedCaller(api, openapi, {
    origin,
    headers: { Authorization: 'Bearer galaxy-token' },
  })
})

describe('Scalar Galaxy (OpenAPI 3.1, offset paging, PUT), imported with createOpenApiMock({ openapi })', () => {
  it("lists { data } paged by the description's offset and limit, 25 generated rows", async () => {
    const first = await call('GET', '/planets?limit=10')
    const page = (await first.json()) as { data: { id: number }[] }
    expect(page.data.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(first.headers.get('Link')).toContain(
      '</planets?limit=10&offset=10>; rel="next"',
    )
    const third = (await (
      await call('GET', '/planets?limit=10&offset=20')
    ).json()) as {
      data: { id: number }[]
    }
    expect(third.data.map((p) => p.id)).toEqual([21, 22, 23, 24, 25])
  })

  it('creates, reads, replaces and deletes a planet, with ETags and 412', async () => {
    const created = await call('POST', '/planets', {
      name: 'Vulcan',
      description: 'Logical',
    })
    expect(created.status).toBe(201)
    const planet = (await created.json()) as { id: number }
    expect(planet).toMatchObject({ id: 26, name: 'Vulcan' })
    const read = await call('GET', '/planets/26')
    const etag = read.headers.get('ETag')!
    const stale = await call(
      'PUT',
      '/planets/26',
      { name: 'Romulus' },
      {
        'If-Match': '"planet-26-stale"',
      },
    )
    expect(stale.status).toBe(412)
    const replaced = await call(
      'PUT',
      '/planets/26',
      { name: 'Romulus' },
      {
        'If-Match': etag,
      },
    )
    expect(replaced.status).toBe(200)
    expect(await replaced.json()).toMatchObject({ id: 26, name: 'Romulus' })
    expect(replaced.headers.get('ETag')).not.toBe(etag)
    const listed = (await (
      await call('GET', '/planets?limit=100&offset=20')
    ).json()) as {
      data: { id: number; name: string }[]
    }
    expect(listed.data.find((p) => p.id === 26)?.name).toBe('Romulus')
    expect(
      (await call('DELETE', '/planets/26', undefined, { 'If-Match': etag }))
        .status,
    ).toBe(412)
    expect(
      (
        await call('DELETE', '/planets/26', undefined, {
          'If-Match': replaced.headers.get('ETag')!,
        })
      ).status,
    ).toBe(204)
    expect((await call('GET', '/planets/26')).status).toBe(404)
  })

  it('answers every invalid field of a replace in one 422', async () => {
    const response = await call('PUT', '/planets/1', {
      id: 7,
      description: 5,
      creator: { name: 'Marc', email: 'not-an-email' },
    })
    expect(response.status).toBe(422)
    const problem = (await response.json()) as { errors: { pointer: string }[] }
    // The id is server-set, the description is no string, the name is missing, and the creator
    // (a user: email and password required) has a bad email and no password.
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/creator/email',
      '#/creator/password',
      '#/description',
      '#/id',
      '#/name',
    ])
  })

  it('replays a repeated Idempotency-Key', async () => {
    const key = { 'Idempotency-Key': 'planet-1' }
    const first = await call('POST', '/planets', { name: 'Kronos' }, key)
    const again = await call('POST', '/planets', { name: 'Kronos' }, key)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
  })

  it('serves /me as a singleton from state, not from its example', async () => {
    const me = await call('GET', '/me')
    expect(me.status).toBe(200)
    expect(me.headers.get(STATELESS_HEADER)).toBeNull()
    expect(await me.json()).toEqual(await (await call('GET', '/me')).json())
  })
})
