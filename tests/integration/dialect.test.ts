import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
  type ApiDeclaration,
  type Dialect,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

function serve(api: ApiDeclaration) {
  const mock = createMockApi({ api })
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await mock.fetch(
      new Request(`http://api.test/api${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
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

const users = defineResource({
  schema: z.strictObject({
    username: z.string().min(1).max(40),
    name: z.string(),
  }),
  dialect: { keys: { member: 'username' } },
  seed: [{ username: 'grace', name: 'Grace' }],
})

const customers = defineResource({
  schema: z.strictObject({
    gid: z.string(),
    name: z.string(),
  }),
  seed: [{ name: 'Ada' }, { name: 'Alan' }],
})

const keyed = defineApi({
  name: 'Keys',
  base: '/api',
  auth: false,
  dialect: {
    keys: { member: 'gid', param: 'Gid', generate: { prefix: 'cus_' } },
  },
  resources: { users, customers },
})

describe('a dialect of keys', () => {
  it('keys records by a member the client gives, URL-decoded in the path', async () => {
    const send = serve(keyed)
    const created = await send('POST', '/users', {
      username: 'ann smith',
      name: 'Ann',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBe('/api/users/ann%20smith')
    expect(created.body).not.toHaveProperty('id')
    const read = await send('GET', '/users/ann%20smith')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ username: 'ann smith', name: 'Ann' })

    const taken = await send('POST', '/users', {
      username: 'ann smith',
      name: 'Another',
    })
    expect(taken.status).toBe(422)
    expect(taken.body.errors).toEqual([
      expect.objectContaining({ pointer: '#/username' }),
    ])
    const moved = await send(
      'PUT',
      '/users/ann%20smith',
      { username: 'bob', name: 'Ann' },
      { 'If-Match': read.headers.get('ETag')! },
    )
    expect(moved.status).toBe(422)
    const renamed = await send(
      'PUT',
      '/users/ann%20smith',
      { username: 'ann smith', name: 'Annie' },
      { 'If-Match': read.headers.get('ETag')! },
    )
    expect(renamed.status).toBe(200)
    expect(renamed.body).toMatchObject({ username: 'ann smith', name: 'Annie' })
    expect((await send('GET', '/users/grace')).body).toMatchObject({
      username: 'grace',
    })
    expect((await send('DELETE', '/users/ann%20smith')).status).toBe(204)
    expect((await send('GET', '/users/ann%20smith')).status).toBe(404)
  })

  it('makes prefixed keys for a member of its own, and names the path parameter as the API does', async () => {
    const send = serve(keyed)
    const listed = await send('GET', '/customers')
    const seeded = listed.body.items as Json[]
    expect(seeded.map((c) => c.gid)).toEqual([
      expect.stringMatching(/^cus_[A-Za-z0-9]{14}$/),
      expect.stringMatching(/^cus_[A-Za-z0-9]{14}$/),
    ])
    const created = await send('POST', '/customers', { name: 'Edsger' })
    expect(created.status).toBe(201)
    const gid = created.body.gid as string
    expect(gid).toMatch(/^cus_[A-Za-z0-9]{14}$/)
    expect(created.body).not.toHaveProperty('id')
    expect(created.headers.get('Location')).toBe(`/api/customers/${gid}`)
    expect((await send('GET', `/customers/${gid}`)).body).toMatchObject({
      gid,
      name: 'Edsger',
    })
    const description = await send('GET', '/openapi.json')
    const paths = Object.keys(description.body.paths as Json)
    expect(paths).toContain('/api/customers/{Gid}')
    expect(paths).toContain('/api/users/{username}')
  })

  it('keys records by an address it makes, IPv4 or IPv6, as the schema draws it', async () => {
    const addresses = (format: 'ipv4' | 'ipv6') =>
      defineResource({
        schema: z.strictObject({
          ip: format === 'ipv4' ? z.ipv4() : z.ipv6(),
          region: z.string(),
        }),
        dialect: { keys: { member: 'ip', param: 'address', generate: format } },
        seed: [{ region: 'nyc3' }, { region: 'ams3' }],
      })
    const send = serve(
      defineApi({
        name: 'Addresses',
        base: '/api',
        auth: false,
        resources: { v4: addresses('ipv4'), v6: addresses('ipv6') },
      }),
    )
    const ipv4 = /^198\.1[89]\.\d{1,3}\.\d{1,3}$/
    const ipv6 = /^2001:db8(:[0-9a-f]{1,4}){6}$/
    for (const [name, pattern] of [
      ['v4', ipv4],
      ['v6', ipv6],
    ] as const) {
      const seeded = (await send('GET', `/${name}`)).body.items as Json[]
      expect(seeded.map((r) => r.ip)).toEqual([
        expect.stringMatching(pattern),
        expect.stringMatching(pattern),
      ])
      const created = await send('POST', `/${name}`, { region: 'sfo2' })
      expect(created.status).toBe(201)
      const ip = created.body.ip as string
      expect(ip).toMatch(pattern)
      expect(seeded.map((r) => r.ip)).not.toContain(ip)
      expect(created.headers.get('Location')).toBe(
        `/api/${name}/${encodeURIComponent(ip)}`,
      )
      const read = await send('GET', `/${name}/${encodeURIComponent(ip)}`)
      expect(read.status).toBe(200)
      expect(read.body).toMatchObject({ ip, region: 'sfo2' })
    }
    const description = await send('GET', '/openapi.json')
    const parameters = (
      (description.body.paths as Record<string, Record<string, Json>>)[
        '/api/v6/{address}'
      ]!.get!.parameters as Json[]
    ).find((p) => p.name === 'address')
    expect(parameters?.schema).toEqual({ type: 'string', format: 'ipv6' })
  })
})

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ title: `Note ${i + 1}` }))
const notes = (dialect: Dialect) =>
  defineApi({
    name: 'Notes',
    base: '/api',
    auth: false,
    dialect: { keys: { generate: 'string' }, ...dialect },
    resources: {
      notes: defineResource({
        schema: z.strictObject({ id: z.string(), title: z.string() }),
        seed: rows(5),
      }),
    },
  })

describe('a dialect of envelopes and paging', () => {
  it('pages after a key, in a { data, has_more } envelope, both ways', async () => {
    const send = serve(
      notes({
        keys: { generate: { prefix: 'note_' } },
        envelope: { items: 'data', hasMore: 'has_more' },
        paging: { style: 'after', params: { perPage: 'limit' } },
      }),
    )
    const ids = (body: Json) => (body.data as Json[]).map((n) => n.id as string)
    const first = await send('GET', '/notes?limit=2')
    expect(first.body).toMatchObject({ has_more: true })
    const second = await send(
      'GET',
      `/notes?limit=2&starting_after=${ids(first.body)[1]!}`,
    )
    expect(second.body).toMatchObject({ has_more: true })
    const third = await send(
      'GET',
      `/notes?limit=2&starting_after=${ids(second.body)[1]!}`,
    )
    expect(third.body).toMatchObject({ has_more: false })
    const walked = [first, second, third].flatMap((page) => ids(page.body))
    expect(walked).toHaveLength(5)
    expect(new Set(walked).size).toBe(5)
    for (const id of walked) expect(id).toMatch(/^note_[A-Za-z0-9]{14}$/)
    const back = await send(
      'GET',
      `/notes?limit=2&ending_before=${ids(third.body)[0]!}`,
    )
    expect(ids(back.body)).toEqual(ids(second.body))
    expect(back.body.has_more).toBe(true)
    const last = ids(first.body)[1]!

    const unknown = await send('GET', '/notes?starting_after=note_nobody')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ field: 'starting_after' }),
    ])
    const both = await send(
      'GET',
      `/notes?starting_after=${last}&ending_before=${last}`,
    )
    expect(both.status).toBe(400)
  })

  it('names the first and last key of each page (first_id, last_id) and pages after and before them', async () => {
    const send = serve(
      notes({
        keys: { generate: { prefix: 'note_' } },
        envelope: {
          items: 'data',
          hasMore: 'has_more',
          firstKey: 'first_id',
          lastKey: 'last_id',
          constants: { object: 'list' },
        },
        paging: {
          style: 'after',
          params: { after: 'after', before: 'before', perPage: 'limit' },
        },
      }),
    )
    const walked: string[] = []
    const pages: Json[] = []
    let url: string | undefined = '/notes?limit=2'
    while (url && pages.length < 10) {
      const page = await send('GET', url)
      expect(page.status).toBe(200)
      const ids = (page.body.data as Json[]).map((n) => n.id as string)
      expect(page.body).toMatchObject({
        object: 'list',
        first_id: ids[0],
        last_id: ids.at(-1),
      })
      walked.push(...ids)
      pages.push(page.body)
      url = page.body.has_more
        ? `/notes?limit=2&after=${String(page.body.last_id)}`
        : undefined
    }
    expect(walked).toHaveLength(5)
    expect(new Set(walked).size).toBe(5)
    const back = await send(
      'GET',
      `/notes?limit=2&before=${String(pages[2]!.first_id)}`,
    )
    expect(back.body.data).toEqual(pages[1]!.data)
    // An empty page names no key: null, as the envelope says by default.
    const empty = await send('GET', `/notes?after=${walked.at(-1)!}`)
    expect(empty.body).toMatchObject({
      data: [],
      has_more: false,
      first_id: null,
      last_id: null,
    })
    const described = JSON.stringify((await send('GET', '/openapi.json')).body)
    expect(described).toContain(
      '"first_id":{"type":["string","null"],"description":"The key of the page\'s first record."}',
    )
  })

  it('leaves out what has nothing to hold where the envelope says absent: omit', async () => {
    const send = serve(
      notes({
        envelope: {
          items: 'items',
          hasMore: 'more',
          nextCursor: 'next_cursor',
          absent: 'omit',
        },
        paging: { style: 'cursor', defaultPerPage: 2 },
      }),
    )
    const pages: Json[] = []
    let url: string | undefined = '/notes'
    while (url && pages.length < 10) {
      const page = await send('GET', url)
      expect(page.status).toBe(200)
      pages.push(page.body)
      url =
        page.body.next_cursor === undefined
          ? undefined
          : `/notes?cursor=${String(page.body.next_cursor)}`
    }
    expect(pages.map((p) => p.more)).toEqual([true, true, false])
    expect(pages.map((p) => 'next_cursor' in p)).toEqual([true, true, false])
    expect(pages.flatMap((p) => p.items as Json[])).toHaveLength(5)
    const described = JSON.stringify((await send('GET', '/openapi.json')).body)
    expect(described).toContain(
      '"next_cursor":{"type":"string","description":"The next page\'s cursor; left out on the last page."}',
    )
  })

  it('pages by the token of the next page URL a meta member carries, with the page index, size and records member beside the links', async () => {
    const send = serve(
      notes({
        envelope: {
          items: 'notes',
          links: 'meta',
          linkStyle: 'url',
          linkNames: {
            self: 'url',
            first: 'first_page_url',
            prev: 'previous_page_url',
            next: 'next_page_url',
          },
          linksAlso: { page: 'page', perPage: 'page_size', itemsName: 'key' },
        },
        paging: {
          style: 'cursor',
          params: { cursor: 'PageToken', perPage: 'PageSize' },
        },
      }),
    )
    const seen: string[] = []
    const metas: Json[] = []
    let url: string | undefined = 'http://api.test/api/notes?PageSize=2'
    while (url && metas.length < 10) {
      const page = await send('GET', url.slice('http://api.test/api'.length))
      expect(page.status).toBe(200)
      const meta = page.body.meta as Json
      metas.push(meta)
      seen.push(...(page.body.notes as Json[]).map((n) => n.title as string))
      url = meta.next_page_url as string | undefined
    }
    expect(seen.sort()).toEqual([
      'Note 1',
      'Note 2',
      'Note 3',
      'Note 4',
      'Note 5',
    ])
    expect(
      metas.map(({ page, page_size, key }) => ({ page, page_size, key })),
    ).toEqual([
      { page: 0, page_size: 2, key: 'notes' },
      { page: 1, page_size: 2, key: 'notes' },
      { page: 2, page_size: 2, key: 'notes' },
    ])
    // Whole URLs, each the page's own, the next one's by its token.
    expect(metas[0]!.url).toBe('http://api.test/api/notes?PageSize=2')
    expect(String(metas[0]!.next_page_url)).toMatch(
      /^http:\/\/api\.test\/api\/notes\?PageSize=2&PageToken=[\w-]+$/,
    )
    expect(metas[2]!.next_page_url).toBeUndefined()
    expect(metas[1]!.previous_page_url).toEqual(expect.any(String))
  })

  it('pages by an opaque cursor in { items, next_cursor } until it is null', async () => {
    const send = serve(
      notes({
        envelope: { items: 'items', nextCursor: 'next_cursor' },
        paging: { style: 'cursor', defaultPerPage: 2 },
      }),
    )
    const seen: string[] = []
    let url = '/notes'
    for (let pages = 0; pages < 10; pages++) {
      const page = await send('GET', url)
      expect(page.status).toBe(200)
      seen.push(...(page.body.items as Json[]).map((n) => n.title as string))
      const next = page.body.next_cursor
      if (next === null) break
      url = `/notes?cursor=${String(next)}`
    }
    expect(seen.sort()).toEqual([
      'Note 1',
      'Note 2',
      'Note 3',
      'Note 4',
      'Note 5',
    ])
  })

  it('pages by the cursor a next page object carries, { offset, path }, until it is null', async () => {
    const send = serve(
      notes({
        envelope: {
          items: 'data',
          nextPage: { member: 'next_page', cursor: 'offset', path: 'path' },
        },
        paging: { style: 'cursor', params: { cursor: 'offset' } },
      }),
    )
    const seen: string[] = []
    let url = '/notes?perPage=2'
    for (let pages = 0; pages < 10; pages++) {
      const page = await send('GET', url)
      expect(page.status).toBe(200)
      seen.push(...(page.body.data as Json[]).map((n) => n.title as string))
      const next = page.body.next_page as Json | null
      if (next === null) break
      // The path the next page object gives is the one its cursor makes.
      expect(next.path).toBe(
        `/api/notes?perPage=2&offset=${encodeURIComponent(String(next.offset))}`,
      )
      url = String(next.path).slice('/api'.length)
    }
    expect(seen.sort()).toEqual([
      'Note 1',
      'Note 2',
      'Note 3',
      'Note 4',
      'Note 5',
    ])
    // The served description draws the next page object, null on the last page.
    const described = JSON.stringify((await send('GET', '/openapi.json')).body)
    expect(described).toContain(
      '"next_page":{"type":["object","null"],"description":"The next page; null on the last page.","properties":{"offset":{"type":"string"},"path":{"type":"string"}}}',
    )
  })

  it('creates by PUT on the collection where the resource says so, and takes no POST there', async () => {
    const send = serve(
      defineApi({
        name: 'Shelves',
        base: '/api',
        auth: false,
        resources: {
          shelves: defineResource({
            schema: z.strictObject({ id: z.number(), name: z.string() }),
            create: { method: 'PUT' },
          }),
        },
      }),
    )
    const created = await send('PUT', '/shelves', { name: 'Poetry' })
    expect(created.status).toBe(201)
    expect(
      (await send('GET', `/shelves/${String(created.body.id)}`)).body,
    ).toMatchObject({ name: 'Poetry' })
    const posted = await send('POST', '/shelves', { name: 'Plays' })
    expect(posted.status).toBe(405)
    expect(posted.headers.get('Allow')).toContain('PUT')
  })

  it('pages by offset and limit with the total, as the API names them', async () => {
    const send = serve(
      notes({
        envelope: { items: 'results', total: 'count' },
        paging: { style: 'offset', params: { perPage: 'limit' } },
      }),
    )
    const page = await send('GET', '/notes?offset=3&limit=10')
    expect(page.body).toMatchObject({ count: 5 })
    expect(page.body.results).toHaveLength(2)
    const all = await send('GET', '/notes?limit=10')
    expect((all.body.results as Json[]).slice(3)).toEqual(page.body.results)
  })

  it('lists every record in a bare array where the API does not page, and says so of a size', async () => {
    const send = serve(notes({ envelope: 'array', paging: 'none' }))
    const all = await send('GET', '/notes')
    expect(all.body).toHaveLength(5)
    expect(all.headers.get('Link')).not.toContain('rel="next"')
    const sized = await send('GET', '/notes?perPage=2')
    expect(sized.status).toBe(400)
  })

  it('keeps our conventions where no dialect is stated', async () => {
    const send = serve(notes({}))
    const page = await send('GET', '/notes?perPage=2')
    expect(page.body).toMatchObject({ page: 1, perPage: 2, total: 5 })
    expect((page.body.items as Json[])[0]!.id).toMatch(/^[0-9a-f]{12}$/)
  })
})

const teams = defineApi({
  name: 'Teams',
  base: '/api',
  auth: false,
  dialect: {
    keys: { member: 'slug', generate: 'string' },
    item: { member: 'team' },
    envelope: { items: 'teams', hasMore: 'has_more', nextCursor: 'next' },
    paging: { style: 'after', defaultPerPage: 2 },
  },
  resources: {
    teams: defineResource({
      schema: z.strictObject({ slug: z.string(), name: z.string() }),
      patch: true,
      links: false,
      seed: [
        { slug: 'core', name: 'Core' },
        { slug: 'docs', name: 'Docs' },
        { slug: 'web', name: 'Web' },
      ],
    }),
  },
})

describe('a dialect of item envelopes', () => {
  it('answers each record in { team } and reads a write wrapped the same way, or bare', async () => {
    const send = serve(teams)
    const created = await send('POST', '/teams', {
      team: { slug: 'ops', name: 'Ops' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ team: { slug: 'ops', name: 'Ops' } })
    expect(created.headers.get('Location')).toBe('/api/teams/ops')
    const bare = await send('POST', '/teams', { slug: 'qa', name: 'QA' })
    expect(bare.body).toEqual({ team: { slug: 'qa', name: 'QA' } })

    const read = await send('GET', '/teams/ops')
    expect(read.body).toEqual(created.body)
    const etag = read.headers.get('ETag')!
    const patched = await send(
      'PATCH',
      '/teams/ops',
      { team: { name: 'Operations' } },
      { 'Content-Type': 'application/merge-patch+json', 'If-Match': etag },
    )
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({ team: { slug: 'ops', name: 'Operations' } })
    const replaced = await send('PUT', '/teams/ops', {
      team: { slug: 'ops', name: 'Ops again' },
    })
    expect(replaced.body).toEqual({ team: { slug: 'ops', name: 'Ops again' } })
    // An invalid wrapped body names the record's own members, where the body holds them; a bare
    // one names them at its root.
    const pointers = async (method: string, body: unknown) => {
      const refused = await send(method, '/teams/ops', body, {
        'Content-Type':
          method === 'PATCH'
            ? 'application/merge-patch+json'
            : 'application/json',
      })
      expect(refused.status).toBe(422)
      return (refused.body.errors as { pointer: string }[]).map(
        (e) => e.pointer,
      )
    }
    expect(await pointers('PUT', { team: { name: 7 } })).toEqual([
      '#/team/name',
    ])
    expect(await pointers('PUT', { name: 7 })).toEqual(['#/name'])
    expect(await pointers('PATCH', { team: { name: 7 } })).toEqual([
      '#/team/name',
    ])
    expect(
      (await send('POST', '/teams', { team: { slug: 'x', name: 7 } })).body
        .errors,
    ).toEqual([expect.objectContaining({ pointer: '#/team/name' })])

    // Lists keep their own envelope: records bare inside it, paged after a key.
    const first = await send('GET', '/teams')
    expect(first.body).toEqual({
      teams: [
        { slug: 'core', name: 'Core' },
        { slug: 'docs', name: 'Docs' },
      ],
      has_more: true,
      next: 'docs',
    })
    const rest = await send('GET', '/teams?starting_after=docs&perPage=10')
    // String keys are listed in their order.
    expect((rest.body.teams as Json[]).map((t) => t.slug)).toEqual([
      'ops',
      'qa',
      'web',
    ])
    expect(rest.body.has_more).toBe(false)

    expect((await send('DELETE', '/teams/ops')).status).toBe(204)
    expect((await send('GET', '/teams/ops')).status).toBe(404)
  })

  it('answers one record as the one member of an array', async () => {
    const send = serve({
      ...teams,
      dialect: { ...teams.dialect, item: 'array' },
    })
    const read = await send('GET', '/teams/core')
    expect(read.body).toEqual([{ slug: 'core', name: 'Core' }])
    const created = await send('POST', '/teams', [{ slug: 'ux', name: 'UX' }])
    expect(created.status).toBe(201)
    expect(created.body).toEqual([{ slug: 'ux', name: 'UX' }])
  })

  it('describes each answer wrapped as it is sent', async () => {
    const mock = createMockApi({ api: teams })
    const document = (await (
      await mock.fetch(new Request('http://api.test/api/openapi.json'))
    ).json()) as {
      paths: Record<string, Record<string, { responses: Json }>>
    }
    const item = Object.keys(document.paths).find((p) =>
      p.startsWith('/api/teams/{'),
    )!
    const read = document.paths[item]!.get!.responses['200'] as {
      content: Record<string, { schema: Json }>
    }
    expect(read.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['team'],
      properties: { team: { $ref: expect.any(String) } },
    })
  })
})

it('lists every mistake of a dialect at once', () => {
  let errors: { field: string; message: string }[] = []
  try {
    createMockApi({
      api: defineApi({
        name: 'Wrong',
        auth: false,
        dialect: {
          // @ts-expect-error: a prefix must be a string, past the types
          keys: { generate: { prefix: 7 } },
          // @ts-expect-error: no such paging style, past the types
          paging: 'sideways',
          envelope: {
            items: 'data',
            nextPage: { member: 'next page' },
            // @ts-expect-error: null or omit, past the types
            absent: 'drop',
            // Members of the links member, which the envelope does not name.
            linksAlso: { page: 'page' },
          },
        },
        resources: {
          things: defineResource({
            schema: z.strictObject({ id: z.number(), name: z.string() }),
            dialect: {
              // @ts-expect-error: no such way of making keys, past the types
              keys: { member: 'sid', param: 'S-id', generate: 'ipv5' },
              // @ts-expect-error: an envelope needs its items member, past the types
              envelope: { total: 'n' },
              // @ts-expect-error: an item envelope names its member, past the types
              item: { name: 'data' },
            },
          }),
        },
      }),
    })
  } catch (error) {
    expect(isInvalidDeclarationError(error)).toBe(true)
    errors = (error as { errors: typeof errors }).errors
  }
  expect(errors.map((e) => e.field)).toEqual(
    expect.arrayContaining([
      'dialect.keys.generate',
      'dialect.paging',
      'dialect.envelope.nextPage.member',
      'dialect.envelope.absent',
      'dialect.envelope.linksAlso',
      'resources.things.dialect.keys.member',
      'resources.things.dialect.keys.generate',
      'resources.things.dialect.keys.param',
      'resources.things.dialect.envelope',
      'resources.things.dialect.item',
    ]),
  )
})
