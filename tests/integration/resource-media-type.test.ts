import { compileErrors, validate } from '@readme/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
} from '../../src/mock-server/index.ts'
import {
  startServer,
  type RunningServer,
} from '../../src/server/start-server.ts'

type Json = Record<string, unknown>

const SCIM = 'application/scim+json'

const user = z.object({
  id: z.number().int(),
  userName: z.string().min(1),
  status: z.enum(['active', 'suspended']),
})

const input = z.object({ userName: z.string().min(1) })

const api = defineApi({
  name: 'Directory',
  base: '/scim/v2',
  auth: false,
  resources: {
    users: defineResource({
      schema: user,
      path: '/Users',
      mediaType: SCIM,
      seed: [{ userName: 'ada', status: 'active' }],
      create: input,
      replace: input,
      patch: true,
      state: {
        field: 'status',
        initial: 'active',
        transitions: { suspend: { from: ['active'], to: 'suspended' } },
      },
    }),
  },
})

type Send = (
  method: string,
  path: string,
  body?: unknown,
  type?: string,
) => Promise<{
  status: number
  type: string | null
  headers: Headers
  body: Json | null
}>

const over =
  (fetchOf: (request: Request) => Promise<Response>): Send =>
  async (method, path, body, type = 'application/json') => {
    const response = await fetchOf(
      new Request(`http://api.test/scim/v2${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': type },
        ...(body !== undefined && {
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      type: response.headers.get('Content-Type'),
      headers: response.headers,
      body: text ? (JSON.parse(text) as Json) : null,
    }
  }

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ api, port: 0, host: '127.0.0.1' })
})
afterAll(() => server?.close())

const targets: [string, () => Send][] = [
  [
    'in process (fetch)',
    () => {
      const mock = createMockApi({ api })
      return over((request) => mock.fetch(request))
    },
  ],
  [
    'over HTTP (standalone server)',
    () =>
      over((request) =>
        fetch(request.url.replace('http://api.test', server.url), {
          method: request.method,
          headers: request.headers,
          ...(request.body && { body: request.body, duplex: 'half' }),
        } as RequestInit),
      ),
  ],
]

describe.each(targets)(
  'a resource whose representations are application/scim+json (mediaType), %s',
  (_, serve) => {
    it('answers its list, read, create, replace, patch and action successes as application/scim+json', async () => {
      const send = serve()
      const list = await send('GET', '/Users')
      expect(list.status).toBe(200)
      expect(list.type).toBe(SCIM)
      const made = await send('POST', '/Users', { userName: 'grace' })
      expect(made.status).toBe(201)
      expect(made.type).toBe(SCIM)
      const id = made.body!.id as number
      const read = await send('GET', `/Users/${id}`)
      expect([read.status, read.type]).toEqual([200, SCIM])
      expect(read.body).toMatchObject({ id, userName: 'grace' })
      const head = await send('HEAD', `/Users/${id}`)
      expect([head.status, head.type]).toEqual([200, SCIM])
      const replaced = await send('PUT', `/Users/${id}`, { userName: 'hopper' })
      expect([replaced.status, replaced.type]).toEqual([200, SCIM])
      const patched = await send(
        'PATCH',
        `/Users/${id}`,
        { userName: 'grace.hopper' },
        'application/merge-patch+json',
      )
      expect([patched.status, patched.type]).toEqual([200, SCIM])
      expect(patched.body).toMatchObject({ userName: 'grace.hopper' })
      const suspended = await send('POST', `/Users/${id}/suspend`)
      expect([suspended.status, suspended.type]).toEqual([200, SCIM])
      expect(suspended.body).toMatchObject({ status: 'suspended' })
    })

    it('takes write bodies sent as application/scim+json as well as application/json', async () => {
      const send = serve()
      const made = await send('POST', '/Users', { userName: 'linus' }, SCIM)
      expect(made.status).toBe(201)
      const id = made.body!.id as number
      const replaced = await send(
        'PUT',
        `/Users/${id}`,
        { userName: 'torvalds' },
        `${SCIM}; charset=utf-8`,
      )
      expect(replaced.status).toBe(200)
      expect(replaced.body).toMatchObject({ userName: 'torvalds' })
      const invalid = await send('POST', '/Users', { userName: '' }, SCIM)
      expect(invalid.status).toBe(422)
      expect(invalid.type).toBe('application/problem+json')
    })

    it('keeps errors as problem documents and names both body types in a 415', async () => {
      const send = serve()
      const missing = await send('GET', '/Users/999')
      expect([missing.status, missing.type]).toEqual([
        404,
        'application/problem+json',
      ])
      const refused = await send('POST', '/Users', 'userName=x', 'text/plain')
      expect(refused.status).toBe(415)
      expect(refused.type).toBe('application/problem+json')
      expect(refused.headers.get('Accept-Post')).toBe(
        `application/json, ${SCIM}`,
      )
    })
  },
)

describe('the description of a resource with its own media type', () => {
  it('lists application/scim+json for its successes and beside application/json for its bodies, and is valid OpenAPI', async () => {
    const mock = createMockApi({ api })
    const response = await mock.fetch(
      new Request('http://api.test/scim/v2/openapi.json'),
    )
    const document = (await response.json()) as Json
    const paths = document.paths as Record<string, Record<string, Json>>
    const content = (path: string, method: string, status: string) =>
      Object.keys(
        ((paths[`/scim/v2${path}`]![method]!.responses as Json)[status] as Json)
          .content as Json,
      )
    const body = (path: string, method: string) =>
      Object.keys(
        (paths[`/scim/v2${path}`]![method]!.requestBody as Json)
          .content as Json,
      )
    expect(content('/Users', 'get', '200')).toEqual([SCIM])
    expect(content('/Users', 'post', '201')).toEqual([SCIM])
    expect(content('/Users/{id}', 'get', '200')).toEqual([SCIM])
    expect(content('/Users/{id}', 'put', '200')).toEqual([SCIM])
    expect(content('/Users/{id}', 'patch', '200')).toEqual([SCIM])
    expect(content('/Users/{id}/suspend', 'post', '200')).toEqual([SCIM])
    expect(body('/Users', 'post')).toEqual(['application/json', SCIM])
    expect(body('/Users/{id}', 'put')).toEqual(['application/json', SCIM])
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : compileErrors(result)).toEqual([])
  })
})

describe('a mediaType that is not application/*+json', () => {
  it.each(['text/plain', 'application/json', 'application/scim', 42])(
    'is refused with its path (%s)',
    (mediaType) => {
      let message = ''
      try {
        createMockApi({
          api: defineApi({
            name: 'Bad',
            auth: false,
            resources: {
              users: defineResource({
                schema: user,
                mediaType: mediaType as string,
              }),
            },
          }),
        })
      } catch (error) {
        if (!isInvalidDeclarationError(error)) throw error
        message = error.message
      }
      expect(message).toMatch(/resources\.users\.mediaType/)
      expect(message).toContain('application/*+json')
    },
  )
})
