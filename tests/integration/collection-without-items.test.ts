import { compileErrors, validate } from '@readme/openapi-parser'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

function serve(api: ApiDeclaration) {
  const mock = createMockApi({ api })
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await mock.fetch(
      new Request(`http://api.test/v1${path}`, {
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
  return { mock, send }
}

const transcription = z.object({
  id: z.number().int(),
  model: z.string(),
  text: z.string(),
})

const api = defineApi({
  name: 'Transcriptions',
  base: '/v1',
  auth: false,
  resources: {
    transcriptions: defineResource({
      schema: transcription,
      path: '/audio/transcriptions',
      items: false,
      seed: [{ model: 'whisper-1', text: 'hello' }],
    }),
    repos: defineResource({
      schema: z.object({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'engine' }, { name: 'docs' }],
    }),
    dispatches: defineResource({
      schema: z.object({
        id: z.number().int(),
        repoId: z.number().int(),
        event: z.string(),
      }),
      path: '/repos/{repo}/dispatches',
      parents: { repo: { field: 'repoId', to: 'repos' } },
      items: false,
    }),
    signups: defineResource({
      schema: z.object({ id: z.number().int(), email: z.string().email() }),
      path: '/user/signup',
      items: false,
      list: false,
    }),
  },
})

describe('a collection with no items (items: false)', () => {
  it('creates and lists its records: the create answers its record and ETag with no Location, and no self link', async () => {
    const { send } = serve(api)
    const created = await send('POST', '/audio/transcriptions', {
      model: 'whisper-1',
      text: 'good morning',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBeNull()
    expect(created.headers.get('ETag')).toMatch(/^"/)
    expect(created.body).toMatchObject({ id: 2, text: 'good morning' })
    expect(
      created.body._links,
      'a self link would name an item no route answers',
    ).toBeUndefined()
    const list = await send('GET', '/audio/transcriptions')
    expect(list.status).toBe(200)
    expect((list.body.items as Json[]).map((r) => r.text)).toEqual([
      'hello',
      'good morning',
    ])
  })

  it('answers every invalid field of a create in one 422, and keeps nothing', async () => {
    const { send } = serve(api)
    const refused = await send('POST', '/audio/transcriptions', {
      model: 7,
      text: false,
    })
    expect(refused.status).toBe(422)
    expect(
      (refused.body.errors as { pointer: string }[])
        .map((e) => e.pointer)
        .sort(),
    ).toEqual(['#/model', '#/text'])
    expect(
      ((await send('GET', '/audio/transcriptions')).body.items as Json[])
        .length,
    ).toBe(1)
  })

  it('has no item route: a key below the collection answers 404, whatever the method', async () => {
    const { send } = serve(api)
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'])
      expect(
        (await send(method, '/audio/transcriptions/1')).status,
        method,
      ).toBe(404)
  })

  it('is described with its list and its create alone, no Location, and the description is valid', async () => {
    const { mock } = serve(api)
    const response = await mock.fetch(
      new Request('http://api.test/v1/openapi.json'),
    )
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Json }> }>
      >
    }
    expect(Object.keys(document.paths)).not.toContain(
      '/v1/audio/transcriptions/{id}',
    )
    const create = document.paths['/v1/audio/transcriptions']!.post!
    expect(Object.keys(create.responses['201']!.headers ?? {})).not.toContain(
      'Location',
    )
    const result = await validate(structuredClone(document) as never)
    expect(result.valid, compileErrors(result)).toBe(true)
  })

  it('below a parent: creates and lists the rows of the parent its path names, 404 for a parent that does not exist', async () => {
    const { send } = serve(api)
    const created = await send('POST', '/repos/1/dispatches', {
      event: 'deploy',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBeNull()
    expect(created.body).toMatchObject({ repoId: 1, event: 'deploy' })
    const mine = await send('GET', '/repos/1/dispatches')
    expect((mine.body.items as Json[]).map((r) => r.event)).toEqual(['deploy'])
    const other = await send('GET', '/repos/2/dispatches')
    expect(other.body.items).toEqual([])
    expect(
      (await send('POST', '/repos/99/dispatches', { event: 'deploy' })).status,
    ).toBe(404)
    expect((await send('GET', '/repos/1/dispatches/1')).status).toBe(404)
  })

  it('with list: false, creates alone: GET on the collection answers 405, and neither the root nor the description lists it', async () => {
    const { mock, send } = serve(api)
    const created = await send('POST', '/user/signup', {
      email: 'ada@example.com',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ id: 1, email: 'ada@example.com' })
    const listed = await send('GET', '/user/signup')
    expect(listed.status).toBe(405)
    expect(listed.headers.get('Allow')).toBe('POST, OPTIONS')
    const root = await send('GET', '')
    expect(Object.keys(root.body._links as Json)).toContain('transcriptions')
    expect(Object.keys(root.body._links as Json)).not.toContain('signups')
    const document = (await (
      await mock.fetch(new Request('http://api.test/v1/openapi.json'))
    ).json()) as {
      paths: Record<string, Record<string, { responses: Json }>>
      components: { schemas: Json }
    }
    const path = document.paths['/v1/user/signup']!
    expect(Object.keys(path.post!.responses)).toContain('201')
    // A method the path lacks is described as what it answers: 405.
    expect(Object.keys(path.get!.responses)).toContain('405')
    expect(Object.keys(path.get!.responses)).not.toContain('200')
    expect(Object.keys(document.components.schemas)).not.toContain(
      'SignupCollection',
    )
  })

  it('refuses a declaration that asks such a collection for what only items serve, naming each', () => {
    let error: unknown
    try {
      createMockApi({
        api: {
          name: 'Wrong',
          resources: {
            transcriptions: {
              schema: transcription,
              items: false,
              replace: {},
              patch: true,
              delete: true,
              itemRoutes: [
                { method: 'POST', path: 'retry', handle: () => new Response() },
              ],
            },
            nothing: {
              schema: transcription,
              items: false,
              list: false,
              create: false,
            },
            notes: {
              schema: z.object({
                id: z.number().int(),
                transcriptionId: z.number().int(),
              }),
              relations: {
                transcription: {
                  field: 'transcriptionId',
                  to: 'transcriptions',
                },
              },
            },
          },
        },
      })
    } catch (caught) {
      error = caught
    }
    expect(isInvalidDeclarationError(error)).toBe(true)
    const message = (error as Error).message
    for (const path of [
      'transcriptions.replace',
      'transcriptions.patch',
      'transcriptions.delete',
      'transcriptions.itemRoutes',
      'notes.relations.transcription.to',
    ])
      expect(message).toContain(`resources.${path}`)
    expect(message).toContain('resources.nothing: serves no route')
  })
})
