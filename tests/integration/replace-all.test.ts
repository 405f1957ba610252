import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const runner = z.object({
  id: z.number().int(),
  group: z.number().int(),
  name: z.string(),
})

const api = defineApi({
  name: 'Runners',
  base: '/v1',
  auth: false,
  resources: {
    groups: {
      schema: z.object({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'Default' }, { name: 'Large' }],
    },
    // The runners of a group: added by PUT on the item, the whole set replaced by PUT on the list.
    runners: {
      schema: runner,
      path: '/groups/{group}/runners',
      parents: { group: { field: 'group', to: 'groups' } },
      create: false,
      replace: {
        input: z.strictObject({}),
        upsert: { prepare: () => ({ name: 'runner' }) },
      },
      status: { replace: 204, upsert: 204 },
      replaceAll: { member: 'runners' },
    },
  },
})

function serve(declaration: ApiDeclaration = api) {
  const mock = createMockApi({ api: declaration })
  return async (method: string, path: string, body?: unknown) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
        method,
        ...(body !== undefined && {
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

const ids = async (send: ReturnType<typeof serve>, group: number) =>
  ((await send('GET', `/groups/${group}/runners`)).body.items as Json[])
    .map((r) => r.id)
    .sort()

describe('a PUT on a collection that names every record it should hold (replaceAll)', () => {
  it('makes the set exactly the keys it names: absent ones created, unnamed ones deleted', async () => {
    const send = serve()
    await send('PUT', '/groups/1/runners/5')
    await send('PUT', '/groups/1/runners/6')
    const replaced = await send('PUT', '/groups/1/runners', {
      runners: [6, 7, 8],
    })
    expect(replaced.status).toBe(204)
    expect(replaced.body).toBeNull()
    expect(await ids(send, 1)).toEqual([6, 7, 8])
    const made = await send('GET', '/groups/1/runners/7')
    expect(made.body).toMatchObject({ id: 7, group: 1, name: 'runner' })
    expect((await send('GET', '/groups/1/runners/5')).status).toBe(404)
  })

  it('empties the set with an empty list, and leaves other parents’ sets alone', async () => {
    const send = serve()
    await send('PUT', '/groups/1/runners/5')
    await send('PUT', '/groups/2/runners/9')
    expect(
      (await send('PUT', '/groups/1/runners', { runners: [] })).status,
    ).toBe(204)
    expect(await ids(send, 1)).toEqual([])
    expect(await ids(send, 2)).toEqual([9])
  })

  it('lists every bad key and member in one 422, and changes nothing', async () => {
    const send = serve()
    await send('PUT', '/groups/1/runners/5')
    const invalid = await send('PUT', '/groups/1/runners', {
      runners: [6, 'seven', 0],
      extra: true,
    })
    expect(invalid.status).toBe(422)
    const pointers = (invalid.body.errors as { pointer: string }[])
      .map((e) => e.pointer)
      .sort()
    expect(pointers).toEqual(['#/extra', '#/runners/1', '#/runners/2'])
    expect(await ids(send, 1)).toEqual([5])
    const missing = await send('PUT', '/groups/1/runners', {})
    expect(missing.status).toBe(422)
    expect((missing.body.errors as { pointer: string }[])[0]!.pointer).toBe(
      '#/runners',
    )
  })

  it('refuses a key another parent holds with a 409, before anything changes', async () => {
    const send = serve()
    await send('PUT', '/groups/1/runners/5')
    await send('PUT', '/groups/2/runners/9')
    const taken = await send('PUT', '/groups/1/runners', { runners: [9] })
    expect(taken.status).toBe(409)
    expect(await ids(send, 1)).toEqual([5])
    expect(await ids(send, 2)).toEqual([9])
  })

  it('keeps the relations’ rules: a record still named is refused and nothing changes; a cascade goes too', async () => {
    // Jobs name the runner they run on: `refuse` by default, `cascade` for logs.
    const withJobs = defineApi({
      ...api,
      resources: {
        ...api.resources,
        jobs: {
          schema: z.object({
            id: z.number().int(),
            runnerId: z.number().int(),
          }),
          relations: { runner: { field: 'runnerId', to: 'runners' } },
        },
        logs: {
          schema: z.object({
            id: z.number().int(),
            runnerId: z.number().int(),
          }),
          relations: {
            runner: { field: 'runnerId', to: 'runners', onDelete: 'cascade' },
          },
        },
      },
    })
    const send = serve(withJobs)
    for (const id of [5, 6, 7]) await send('PUT', `/groups/1/runners/${id}`)
    expect((await send('POST', '/jobs', { runnerId: 6 })).status).toBe(201)
    expect((await send('POST', '/logs', { runnerId: 5 })).status).toBe(201)

    // Runner 6 leaves the set while job 1 names it: 409, and runner 5 (also left out) stays too.
    const refused = await send('PUT', '/groups/1/runners', { runners: [7] })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      referencedBy: { resource: 'jobs', id: 1, field: 'runnerId' },
    })
    expect(await ids(send, 1)).toEqual([5, 6, 7])
    expect((await send('GET', '/logs/1')).status).toBe(200)

    // Without runner 5, its log goes with it.
    const replaced = await send('PUT', '/groups/1/runners', { runners: [6, 7] })
    expect(replaced.status).toBe(204)
    expect(await ids(send, 1)).toEqual([6, 7])
    expect((await send('GET', '/logs/1')).status).toBe(404)
  })

  it('answers 404 below a parent that does not exist', async () => {
    const send = serve()
    const missing = await send('PUT', '/groups/99/runners', { runners: [1] })
    expect(missing.status).toBe(404)
  })

  it('describes the PUT with the body that lists the keys', async () => {
    const send = serve()
    const doc = (await send('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, Json>>
    }
    const put = doc.paths['/v1/groups/{group}/runners']!.put as {
      requestBody: { content: Record<string, { schema: Json }> }
      responses: Record<string, unknown>
    }
    expect(put.requestBody.content['application/json']!.schema).toMatchObject({
      required: ['runners'],
      properties: { runners: { type: 'array' } },
    })
    expect(Object.keys(put.responses)).toEqual(
      expect.arrayContaining(['204', '422']),
    )
  })

  it('needs an upsert to create by, and a member to read the keys from', () => {
    let error: unknown
    try {
      createMockApi({
        api: defineApi({
          name: 'Wrong',
          resources: {
            runners: {
              schema: runner,
              replaceAll: { member: '' },
            },
          },
        }),
      })
    } catch (e) {
      error = e
    }
    expect(isInvalidDeclarationError(error)).toBe(true)
    const message = (error as Error).message
    expect(message).toContain('resources.runners.replaceAll.member')
    expect(message).toContain(
      'resources.runners.replaceAll: creates the records it names',
    )
  })
})
