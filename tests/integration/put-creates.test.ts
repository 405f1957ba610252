import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const shelf = z.object({
  id: z.number().int(),
  label: z.string(),
  slots: z.number().int().min(1),
})
const shelfInput = z.strictObject({
  label: z.string(),
  slots: z.number().int().min(1),
})

const member = z.object({
  id: z.number().int(),
  login: z.string(),
  team: z.number().int(),
  avatar: z.string(),
})

const api = defineApi({
  name: 'Library',
  base: '/v1',
  auth: false,
  resources: {
    shelves: {
      schema: shelf,
      replace: { input: shelfInput, upsert: true },
      seed: [{ label: 'Poetry', slots: 4 }],
    },
    teams: {
      schema: z.object({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'Readers' }, { name: 'Writers' }],
    },
    // A membership set: a PUT with no body adds the member the path names, a DELETE removes it.
    members: {
      schema: member,
      path: '/teams/{team}/members',
      parents: { team: { field: 'team', to: 'teams' } },
      dialect: {
        keys: { member: 'login', param: 'username', generate: 'string' },
      },
      create: false,
      replace: {
        input: z.strictObject({}),
        upsert: { prepare: () => ({ avatar: 'https://avatars.test/0' }) },
      },
      // GET on a member checks that it is there: 204, or 404.
      status: { read: 204, replace: 204, upsert: 204 },
      links: false,
    },
  },
})

function serve(declaration: ApiDeclaration = api) {
  const mock = createMockApi({ api: declaration })
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
        method,
        headers: {
          ...headers,
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }
}

describe('a PUT that creates the item it names where there is none (replace.upsert)', () => {
  it('creates an absent item at the key the path names: 201, Location, and an ETag its read shares', async () => {
    const send = serve()
    const created = await send('PUT', '/shelves/7', {
      label: 'Maps',
      slots: 2,
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBe('/v1/shelves/7')
    expect(created.body).toMatchObject({ id: 7, label: 'Maps', slots: 2 })
    const read = await send('GET', '/shelves/7')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ id: 7, label: 'Maps' })
    expect(read.headers.get('ETag')).toBe(created.headers.get('ETag'))
  })

  it('replaces an item that exists, 200, as a PUT always did', async () => {
    const send = serve()
    const replaced = await send('PUT', '/shelves/1', {
      label: 'Verse',
      slots: 5,
    })
    expect(replaced.status).toBe(200)
    expect(replaced.headers.get('Location')).toBeNull()
    expect(replaced.body).toMatchObject({ id: 1, label: 'Verse', slots: 5 })
    const again = await send('PUT', '/shelves/7', { label: 'A', slots: 1 })
    expect(again.status).toBe(201)
    const twice = await send('PUT', '/shelves/7', { label: 'B', slots: 1 })
    expect(twice.status).toBe(200)
    expect(twice.body).toMatchObject({ id: 7, label: 'B' })
  })

  it('creates only with If-None-Match: *, 412 where the item exists and nothing changes', async () => {
    const send = serve()
    const refused = await send(
      'PUT',
      '/shelves/1',
      { label: 'Overwritten', slots: 1 },
      { 'If-None-Match': '*' },
    )
    expect(refused.status).toBe(412)
    expect(refused.body.type).toMatch(/precondition-failed$/)
    expect((await send('GET', '/shelves/1')).body.label).toBe('Poetry')
    const made = await send(
      'PUT',
      '/shelves/9',
      { label: 'New', slots: 1 },
      { 'If-None-Match': '*' },
    )
    expect(made.status).toBe(201)
  })

  it('replaces only with If-Match: 412 where there is no item, and none is made', async () => {
    const send = serve()
    const refused = await send(
      'PUT',
      '/shelves/8',
      { label: 'Ghost', slots: 1 },
      { 'If-Match': '*' },
    )
    expect(refused.status).toBe(412)
    expect((await send('GET', '/shelves/8')).status).toBe(404)
    const etag = (await send('GET', '/shelves/1')).headers.get('ETag')!
    const stale = await send(
      'PUT',
      '/shelves/1',
      { label: 'Stale', slots: 1 },
      { 'If-Match': '"stale"' },
    )
    expect(stale.status).toBe(412)
    const fresh = await send(
      'PUT',
      '/shelves/1',
      { label: 'Fresh', slots: 1 },
      { 'If-Match': etag },
    )
    expect(fresh.status).toBe(200)
  })

  it('lists every invalid field of a create by PUT in one 422, and stores nothing', async () => {
    const send = serve()
    const invalid = await send('PUT', '/shelves/8', { label: 3, slots: 0 })
    expect(invalid.status).toBe(422)
    const errors = invalid.body.errors as { pointer: string }[]
    expect(errors.map((e) => e.pointer).sort()).toEqual(['#/label', '#/slots'])
    expect((await send('GET', '/shelves/8')).status).toBe(404)
  })

  it('answers 404 for a key no item of the resource could have, and 405 stays for the collection', async () => {
    const send = serve()
    const notKey = await send('PUT', '/shelves/abc', { label: 'X', slots: 1 })
    expect(notKey.status).toBe(404)
    expect((await send('GET', '/shelves')).body.total).toBe(1)
  })

  it('gives a POST the next id after a key a PUT chose', async () => {
    const send = serve()
    await send('PUT', '/shelves/50', { label: 'Far', slots: 1 })
    const posted = await send('POST', '/shelves', { label: 'Next', slots: 1 })
    expect(posted.status).toBe(201)
    expect(posted.body.id).toBe(51)
  })

  it('keeps a membership set: a PUT with no body adds the member, its list and read show it, a DELETE removes it', async () => {
    const send = serve()
    expect((await send('GET', '/teams/1/members/octocat')).status).toBe(404)
    const added = await send('PUT', '/teams/1/members/octocat')
    expect(added.status).toBe(204)
    expect(added.headers.get('ETag')).toMatch(/^"/)
    const read = await send('GET', '/teams/1/members/octocat')
    expect(read.status).toBe(204)
    expect(read.body).toBeNull()
    expect(read.headers.get('ETag')).toBe(added.headers.get('ETag'))
    const [listedMember] = (await send('GET', '/teams/1/members')).body
      .items as Json[]
    expect(listedMember).toMatchObject({
      login: 'octocat',
      team: 1,
      avatar: 'https://avatars.test/0',
    })
    expect(typeof listedMember!.id).toBe('number')
    // Again: the member is there, and the PUT replaces it (its documented 204 too).
    const again = await send('PUT', '/teams/1/members/octocat')
    expect(again.status).toBe(204)
    const listed = await send('GET', '/teams/1/members')
    expect((listed.body.items as Json[]).map((m) => m.login)).toEqual([
      'octocat',
    ])
    expect((await send('GET', '/teams/2/members')).body.items).toEqual([])
    expect((await send('DELETE', '/teams/1/members/octocat')).status).toBe(204)
    expect((await send('GET', '/teams/1/members/octocat')).status).toBe(404)
  })

  it('answers 404 for a membership below a parent that does not exist, and stores nothing', async () => {
    const send = serve()
    const missing = await send('PUT', '/teams/99/members/octocat')
    expect(missing.status).toBe(404)
    expect((await send('PUT', '/teams/1/members/octocat')).status).toBe(204)
  })

  it('refuses a key taken below another parent with a 409, rather than moving the record', async () => {
    const send = serve()
    await send('PUT', '/teams/1/members/octocat')
    const taken = await send('PUT', '/teams/2/members/octocat')
    expect(taken.status).toBe(409)
    expect(taken.body.type).toMatch(/already-exists$/)
    expect(
      ((await send('GET', '/teams/1/members')).body.items as Json[]).length,
    ).toBe(1)
  })

  it('refuses a body whose key is not the one the path names', async () => {
    const send = serve()
    const wrong = await send('PUT', '/shelves/3', {
      label: 'X',
      slots: 1,
      id: 4,
    })
    expect(wrong.status).toBe(422)
  })

  it('describes the create a PUT may do: its 201 with Location, and If-None-Match', async () => {
    const send = serve()
    const doc = (await send('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, Json>>
    }
    const put = doc.paths['/v1/shelves/{id}']!.put as {
      responses: Record<string, { headers?: Json }>
      parameters: { $ref?: string; name?: string }[]
    }
    expect(Object.keys(put.responses)).toEqual(
      expect.arrayContaining(['200', '201', '412']),
    )
    expect(put.responses['201']!.headers).toHaveProperty('Location')
    expect(JSON.stringify(put.parameters)).toContain('IfNoneMatch')
    const membership = doc.paths['/v1/teams/{team}/members/{username}']! as {
      put: { responses: Record<string, unknown> }
      get: { responses: Record<string, unknown> }
    }
    expect(Object.keys(membership.put.responses)).toContain('204')
    expect(Object.keys(membership.get.responses)).toContain('204')
    expect(Object.keys(membership.get.responses)).not.toContain('200')
  })

  it('names every mistake of an upsert declaration at once', () => {
    const declaration = defineApi({
      name: 'Wrong',
      resources: {
        account: {
          schema: shelf,
          singleton: true,
          replace: { input: shelfInput, upsert: true },
        },
        receipts: {
          schema: shelf,
          items: false,
          replace: { input: shelfInput, upsert: true },
        },
        drafts: {
          schema: shelf,
          patch: true,
          replace: {
            input: shelfInput,
            put: false,
            upsert: { prepare: 'label', make: () => ({}) } as never,
          },
        },
      },
    })
    let error: unknown
    try {
      createMockApi({ api: declaration })
    } catch (e) {
      error = e
    }
    expect(isInvalidDeclarationError(error)).toBe(true)
    const message = (error as Error).message
    for (const path of [
      'resources.account.replace.upsert: must be left out: a singleton',
      'resources.receipts.replace.upsert: must be left out: with items: false',
      'resources.drafts.replace.upsert: must be left out: with put: false',
      'resources.drafts.replace.upsert.prepare: must be a function',
      'resources.drafts.replace.upsert.make: is no hook',
    ])
      expect(message).toContain(path)
  })
})
