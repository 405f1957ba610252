import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMockApi,
  defineApi,
  InvalidDeclarationError,
  type MockApi,
} from '../../src/index.ts'
import { returnPreference } from '../../src/mock-server/conventions/prefer.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'
import {
  createOpenApiMock,
  loadOpenApi,
} from '../../src/openapi-import/index.ts'
import { corpusRoot, openApiCorpus } from '../support/openapi-corpus.ts'
import { describedResponseErrors } from '../support/openapi-conformance.ts'
import { notesApi as declaredNotes } from './conventions/notes-api.ts'

/** The notes API with merge patch as well: every kind of write. */
const notesApi = defineApi({
  ...declaredNotes,
  resources: { notes: { ...declaredNotes.resources.notes, patch: true } },
})

/** `Prefer: return=…` (RFC 7240) on the writes whose answer is the record. */

type Send = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<Response>

const sender =
  (fetchIt: (request: Request) => Promise<Response>, origin: string): Send =>
  (method, path, body, headers = {}) =>
    fetchIt(
      new Request(`${origin}${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )

const minimal = { Prefer: 'return=minimal' }
const representation = { Prefer: 'return=representation' }

/** Every write of the notes API, asked three ways, on a fresh instance each time. */
function writesOf(fresh: () => Send) {
  it('a create asked return=minimal: 201 with Location and ETag, no body', async () => {
    const s = fresh()
    const response = await s(
      'POST',
      '/notes',
      { title: 'Short', body: '' },
      minimal,
    )
    expect(response.status).toBe(201)
    expect(response.headers.get('Location')).toMatch(/\/notes\/[^/]+$/)
    expect(response.headers.get('ETag')).toMatch(/^"note-/)
    expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
    expect(response.headers.get('Vary')).toMatch(/\bPrefer\b/)
    expect(response.headers.get('Content-Type')).toBeNull()
    expect(await response.text()).toBe('')
    // The record was created all the same: its Location reads it back.
    const location = new URL(response.headers.get('Location')!, 'http://x')
    const read = await s('GET', location.pathname)
    expect(read.status).toBe(200)
    expect(read.headers.get('ETag')).toBe(response.headers.get('ETag'))
    expect(await read.json()).toMatchObject({ title: 'Short' })
  })

  it('a create asked return=representation: the record, and the preference applied', async () => {
    const s = fresh()
    const response = await s(
      'POST',
      '/notes',
      { title: 'Whole', body: '' },
      representation,
    )
    expect(response.status).toBe(201)
    expect(response.headers.get('Preference-Applied')).toBe(
      'return=representation',
    )
    expect(response.headers.get('Vary')).toMatch(/\bPrefer\b/)
    expect(await response.json()).toMatchObject({
      title: 'Whole',
      status: 'draft',
    })
  })

  it('without Prefer: the record as ever, no Preference-Applied, still Vary: Prefer', async () => {
    const s = fresh()
    const response = await s('POST', '/notes', { title: 'Plain', body: '' })
    expect(response.status).toBe(201)
    expect(response.headers.get('Preference-Applied')).toBeNull()
    expect(response.headers.get('Vary')).toMatch(/\bPrefer\b/)
    expect(await response.json()).toMatchObject({ title: 'Plain' })
  })

  it.each([
    ['PUT', '/notes/welcome', { title: 'Hi', body: 'There.' }],
    ['PATCH', '/notes/welcome', { title: 'Patched' }],
    ['POST', '/notes/welcome/publish', undefined],
  ] as const)(
    '%s %s asked return=minimal: 204 with the new ETag, and the write made',
    async (method, path, body) => {
      const s = fresh()
      const before = await s('GET', '/notes/welcome')
      const response = await s(method, path, body, {
        ...minimal,
        ...(method === 'PATCH' && {
          'Content-Type': 'application/merge-patch+json',
        }),
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('Preference-Applied')).toBe('return=minimal')
      expect(response.headers.get('Vary')).toMatch(/\bPrefer\b/)
      const etag = response.headers.get('ETag')
      expect(etag).toMatch(/^"note-welcome-/)
      expect(etag).not.toBe(before.headers.get('ETag'))
      expect(await response.text()).toBe('')
      const after = await s('GET', '/notes/welcome')
      expect(after.headers.get('ETag')).toBe(etag)
    },
  )

  it('a problem is a problem whatever the preference: no Preference-Applied', async () => {
    const s = fresh()
    const response = await s('POST', '/notes', { title: '' }, minimal)
    expect(response.status).toBe(422)
    expect(response.headers.get('Preference-Applied')).toBeNull()
    expect(await response.json()).toMatchObject({ status: 422 })
  })

  it('unknown preferences are ignored; among several, return= is found; the first return counts', async () => {
    const s = fresh()
    const mixed = await s(
      'POST',
      '/notes',
      { title: 'Mixed', body: '' },
      { Prefer: 'respond-async, wait=10, RETURN = "minimal"; foo=bar' },
    )
    expect(mixed.status).toBe(201)
    expect(mixed.headers.get('Preference-Applied')).toBe('return=minimal')
    expect(await mixed.text()).toBe('')
    const unknown = await s(
      'POST',
      '/notes',
      { title: 'Unknown', body: '' },
      { Prefer: 'handling=strict, return=everything' },
    )
    expect(unknown.status).toBe(201)
    expect(unknown.headers.get('Preference-Applied')).toBeNull()
    expect(await unknown.json()).toMatchObject({ title: 'Unknown' })
  })

  it('a read is not a write: Prefer changes nothing there', async () => {
    const s = fresh()
    const response = await s('GET', '/notes/welcome', undefined, minimal)
    expect(response.status).toBe(200)
    expect(response.headers.get('Preference-Applied')).toBeNull()
    expect(await response.json()).toMatchObject({ id: 'welcome' })
  })

  it('an Idempotency-Key replay answers the stored result shaped by the replaying request’s own Prefer', async () => {
    const s = fresh()
    const body = { title: 'Once', body: '' }
    const key = { 'Idempotency-Key': 'prefer-replay-1' }
    const first = await s('POST', '/notes', body, { ...key, ...minimal })
    expect(first.status).toBe(201)
    expect(await first.text()).toBe('')
    const again = await s('POST', '/notes', body, { ...key, ...representation })
    expect(again.status).toBe(201)
    expect(again.headers.get('Idempotent-Replayed')).toBe('true')
    expect(again.headers.get('Location')).toBe(first.headers.get('Location'))
    expect(again.headers.get('ETag')).toBe(first.headers.get('ETag'))
    expect(again.headers.get('Preference-Applied')).toBe(
      'return=representation',
    )
    const record = (await again.json()) as { id: string; title: string }
    expect(record.title).toBe('Once')
    expect(first.headers.get('Location')).toMatch(
      new RegExp(`/notes/${record.id}$`),
    )
    const minimalAgain = await s('POST', '/notes', body, { ...key, ...minimal })
    expect(minimalAgain.status).toBe(201)
    expect(minimalAgain.headers.get('Idempotent-Replayed')).toBe('true')
    expect(minimalAgain.headers.get('Preference-Applied')).toBe(
      'return=minimal',
    )
    expect(await minimalAgain.text()).toBe('')
    // One record was made, whatever the replays asked.
    const list = (await (await s('GET', '/notes?perPage=100')).json()) as {
      items: { title: string }[]
    }
    expect(list.items.filter((n) => n.title === 'Once')).toHaveLength(1)
  })
}

describe('Prefer on a declared API, through api.fetch', () => {
  let api: MockApi<typeof notesApi>
  writesOf(() => {
    api = createMockApi({ api: notesApi })
    return sender((r) => api.fetch(r), 'http://localhost')
  })
})

describe('Prefer through the standalone server, real HTTP', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ api: notesApi, port: 0, host: '127.0.0.1' })
  })
  afterAll(() => server.close())
  writesOf(() => {
    server.api.reset()
    return sender((r) => fetch(r), server.url)
  })
})

describe('the description of Prefer', () => {
  type Op = {
    parameters?: { $ref?: string }[]
    responses: Record<string, { description: string; headers?: object }>
  }
  const described = async (api: MockApi<typeof notesApi>) =>
    (await (
      await api.fetch(new Request('http://localhost/openapi.json'))
    ).json()) as {
      paths: Record<string, Record<string, Op>>
      components: { parameters: Record<string, { name: string }> }
    }
  const prefers = (op: Op | undefined) =>
    op?.parameters?.some((p) => p.$ref === '#/components/parameters/Prefer')

  it('names the Prefer header on every write, Preference-Applied and Vary on their successes, and 204 beside a 200', async () => {
    const doc = await described(createMockApi({ api: notesApi }))
    expect(doc.components.parameters.Prefer?.name).toBe('Prefer')
    const writes = [
      doc.paths['/notes']!.post,
      doc.paths['/notes/{id}']!.put,
      doc.paths['/notes/{id}']!.patch,
      doc.paths['/notes/{id}/publish']!.post,
    ]
    for (const op of writes) {
      expect(prefers(op)).toBe(true)
      const success = Object.entries(op!.responses).filter(
        ([code]) => Number(code) < 300,
      )
      expect(success.length).toBeGreaterThan(0)
      for (const [, response] of success)
        expect(Object.keys(response.headers ?? {})).toEqual(
          expect.arrayContaining(['Preference-Applied', 'Vary']),
        )
    }
    expect(doc.paths['/notes']!.post!.responses['201']!.description).toMatch(
      /return=minimal/,
    )
    for (const op of writes.slice(1))
      expect(op!.responses['204']!.description).toMatch(/return=minimal/)
    expect(prefers(doc.paths['/notes/{id}']!.get)).toBeFalsy()
    expect(prefers(doc.paths['/notes/{id}']!.delete)).toBeFalsy()
  })

  it('without prefer, neither the header nor the minimal answers', async () => {
    const off = defineApi({ ...notesApi, prefer: false })
    const doc = await described(createMockApi({ api: off }))
    expect(prefers(doc.paths['/notes']!.post)).toBeFalsy()
    expect(doc.paths['/notes/{id}']!.patch!.responses['204']).toBeUndefined()
  })

  it('every answer, minimal or whole, agrees with the description', async () => {
    const api = createMockApi({ api: notesApi })
    const s = sender((r) => api.fetch(r), 'http://localhost')
    const errors: string[] = []
    const check = async (method: string, path: string, response: Response) =>
      errors.push(
        ...(await describedResponseErrors(
          '/',
          method,
          path,
          response,
          notesApi,
        )),
      )
    for (const headers of [minimal, representation, {}]) {
      const created = await s(
        'POST',
        '/notes',
        { title: 'A', body: '' },
        headers,
      )
      await check('POST', '/notes', created)
      const at = new URL(created.headers.get('Location')!, 'http://x').pathname
      await check(
        'PUT',
        at,
        await s('PUT', at, { title: 'B', body: '' }, headers),
      )
      await check(
        'PATCH',
        at,
        await s(
          'PATCH',
          at,
          { title: 'C' },
          {
            ...headers,
            'Content-Type': 'application/merge-patch+json',
          },
        ),
      )
      await check(
        'POST',
        `${at}/publish`,
        await s('POST', `${at}/publish`, undefined, headers),
      )
    }
    expect(errors).toEqual([])
  })
})

describe('Prefer on an imported API: Petstore 3, read in place', () => {
  const petstore3 = openApiCorpus()?.find((e) => e.folder === 'petstore3')
  it.skipIf(!petstore3)(
    `POST /pet asked return=minimal answers without the pet, which is stored all the same (${corpusRoot})`,
    async () => {
      const api = createOpenApiMock({
        openapi: await loadOpenApi(petstore3!.file),
      })
      const send = sender(
        (r) => api.fetch(r),
        'https://petstore3.swagger.io/api/v3',
      )
      const auth = { Authorization: 'Bearer corpus' }
      const rex = { id: 4711, name: 'rex', photoUrls: [], status: 'available' }
      const created = await send('POST', '/pet', rex, { ...auth, ...minimal })
      // Petstore declares its create's success as 200: minimal makes it 204, Location kept.
      expect(created.status).toBe(204)
      expect(created.headers.get('Preference-Applied')).toBe('return=minimal')
      expect(created.headers.get('Location')).toMatch(/\/pet\/4711$/)
      expect(created.headers.get('Vary')).toMatch(/\bPrefer\b/)
      expect(await created.text()).toBe('')
      const read = await send('GET', '/pet/4711', undefined, auth)
      expect(await read.json()).toMatchObject({ name: 'rex' })
      const whole = await send(
        'POST',
        '/pet',
        { ...rex, id: 4712 },
        { ...auth, ...representation },
      )
      expect(whole.status).toBe(200)
      expect(whole.headers.get('Preference-Applied')).toBe(
        'return=representation',
      )
      expect(await whole.json()).toMatchObject({ id: 4712, name: 'rex' })
      const description = (await (
        await send('GET', '/openapi.json', undefined, auth)
      ).json()) as {
        paths: Record<string, { post: { parameters?: { $ref?: string }[] } }>
      }
      const pets = Object.entries(description.paths).find(([p]) =>
        p.endsWith('/pet'),
      )?.[1]
      expect(pets?.post.parameters?.map((p) => p.$ref)).toContain(
        '#/components/parameters/Prefer',
      )
    },
  )
})

describe('the declaration’s prefer option', () => {
  it('prefer: false ignores the header: the record, no Preference-Applied, no Vary: Prefer', async () => {
    const api = createMockApi({
      api: defineApi({ ...notesApi, prefer: false }),
    })
    const send = sender((r) => api.fetch(r), 'http://localhost')
    const created = await send(
      'POST',
      '/notes',
      { title: 'X', body: '' },
      minimal,
    )
    expect(created.status).toBe(201)
    expect(created.headers.get('Preference-Applied')).toBeNull()
    expect(created.headers.get('Vary') ?? '').not.toMatch(/Prefer/)
    expect(await created.json()).toMatchObject({ title: 'X' })
  })

  it('a prefer that is not a boolean is listed with the declaration’s other mistakes', () => {
    let error: unknown
    try {
      createMockApi({
        api: defineApi({
          ...notesApi,
          prefer: 'minimal' as unknown as boolean,
          validationStatus: 418 as 422,
        }),
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(InvalidDeclarationError)
    const fields = (error as InvalidDeclarationError).errors.map((e) => e.field)
    expect(fields).toEqual(
      expect.arrayContaining(['prefer', 'validationStatus']),
    )
  })
})

describe('the shop: an action that answers with another record', () => {
  it('paying an order asked return=minimal: 201 with the payment’s Location, no body', async () => {
    const api = createMockApi()
    const send = sender((r) => api.fetch(r), 'http://localhost')
    const auth = { Authorization: 'Bearer customer-1-token' }
    const order = await send(
      'POST',
      '/api/orders',
      { total: 12.5, currency: 'eur' },
      { ...auth, ...minimal },
    )
    expect(order.status).toBe(201)
    const path = new URL(order.headers.get('Location')!, 'http://localhost')
      .pathname
    const paid = await send('POST', `${path}/payment`, undefined, {
      ...auth,
      ...minimal,
      'Idempotency-Key': 'pay-minimal-1',
    })
    expect(paid.status).toBe(201)
    expect(paid.headers.get('Location')).toMatch(/\/api\/payments\/\d+$/)
    expect(paid.headers.get('Preference-Applied')).toBe('return=minimal')
    expect(await paid.text()).toBe('')
  })
})

describe('reading the header (RFC 7240 §2)', () => {
  it.each([
    ['return=minimal', 'minimal'],
    ['return=representation', 'representation'],
    ['Return="Minimal"', 'minimal'],
    ['return = minimal ; x=1', 'minimal'],
    ['wait=5, return=minimal, return=representation', 'minimal'],
    ['return=representation,return=minimal', 'representation'],
    ['return=nothing, return=minimal', undefined],
    ['return', undefined],
    ['respond-async', undefined],
    ['', undefined],
    [null, undefined],
  ] as const)('%j reads as %j', (header, expected) => {
    expect(returnPreference(header)).toBe(expected)
  })

  it('reads a bounded number of preferences: a huge header costs no more than its first few', () => {
    const huge = `${'x=1,'.repeat(100_000)}return=minimal`
    expect(returnPreference(huge)).toBeUndefined()
  })
})
