import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

type Json = Record<string, unknown>

/**
 * A description of our own with a `PATCH` that takes no body, as GitHub marks a notification
 * thread read (`PATCH /notifications/threads/{thread_id}`, 205) and accepts an invitation
 * (`PATCH /user/repository_invitations/{invitation_id}`, 204): an action on the item, beside the
 * collection's read and delete.
 */
const thread = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'unread'],
  properties: {
    id: { type: 'string' },
    unread: { type: 'boolean' },
    reason: { type: 'string' },
  },
}
const invitation = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'repository'],
  properties: {
    id: { type: 'integer' },
    repository: { type: 'string' },
  },
}
const answer = (schema: unknown) => ({
  '200': {
    description: 'ok',
    content: { 'application/json': { schema } },
  },
})
const param = (name: string, type: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type },
})
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Inbox', version: '1' },
  servers: [{ url: 'https://inbox.example' }],
  paths: {
    '/notifications/threads/{thread_id}': {
      parameters: [param('thread_id', 'string')],
      get: { responses: answer(thread) },
      patch: { responses: { '205': { description: 'marked read' } } },
    },
    '/user/repository_invitations': {
      get: { responses: answer({ type: 'array', items: invitation }) },
    },
    '/user/repository_invitations/{invitation_id}': {
      parameters: [param('invitation_id', 'integer')],
      patch: { responses: { '204': { description: 'accepted' } } },
      delete: { responses: { '204': { description: 'declined' } } },
    },
  },
}

describe('a PATCH with no body: an action on the item, served by the engine', () => {
  it('declares each collection as a resource with the PATCH an item route of its own', () => {
    const { api, report } = importOpenApi(openapi)
    expect(api.routes ?? []).toEqual([])
    for (const name of ['notifications-threads', 'user-repository-invitations'])
      expect(
        api.resources[name]?.itemRoutes?.map((r) => `${r.method} ${r.path}`),
      ).toEqual(['PATCH '])
    expect(
      report.operations
        .filter((op) => op.method === 'PATCH')
        .map((op) => `${op.path} ${op.servedAs}`),
    ).toEqual([
      '/notifications/threads/{thread_id} action',
      '/user/repository_invitations/{invitation_id} action',
    ])
  })

  it('answers the status it describes on an item that exists, 404 on one that does not, 412 on a stale ETag', async () => {
    const api = createOpenApiMock({ openapi, overrides: { count: 2 } })
    const send = async (
      method: string,
      url: string,
      headers: Record<string, string> = {},
    ) => {
      const response = await api.fetch(
        new Request(`https://inbox.example${url}`, {
          method,
          headers: { Authorization: 'Bearer inbox', ...headers },
        }),
      )
      const text = await response.text()
      return {
        status: response.status,
        headers: response.headers,
        body: (text ? JSON.parse(text) : undefined) as Json,
      }
    }
    const invitations = (await send('GET', '/user/repository_invitations'))
      .body as unknown as Json[]
    expect(invitations).toHaveLength(2)
    const id = invitations[0]!.id as number
    const accepted = await send('PATCH', `/user/repository_invitations/${id}`)
    expect(accepted.status).toBe(204)
    expect(accepted.body).toBeUndefined()
    expect(
      (await send('PATCH', '/user/repository_invitations/999')).status,
    ).toBe(404)
    expect(
      (
        await send('PATCH', `/user/repository_invitations/${id}`, {
          'If-Match': '"stale"',
        })
      ).status,
    ).toBe(412)
    expect(
      (await send('DELETE', `/user/repository_invitations/${id}`)).status,
    ).toBe(204)
    expect(
      (await send('PATCH', `/user/repository_invitations/${id}`)).status,
      'a declined invitation is gone',
    ).toBe(404)

    expect((await send('PATCH', '/notifications/threads/no-such')).status).toBe(
      404,
    )
  })
})

/**
 * A `PUT` on an item whose body is a file's bytes, as Box uploads a part of a file to an upload
 * session (`PUT /files/upload_sessions/{upload_session_id}`, `application/octet-stream`): an
 * action on the session, beside its create, read and delete.
 */
const sessions = {
  openapi: '3.1.0',
  info: { title: 'Uploads', version: '1' },
  servers: [{ url: 'https://upload.example' }],
  components: {
    schemas: {
      Session: {
        type: 'object',
        properties: {
          id: { type: 'string', readOnly: true },
          file_name: { type: 'string', minLength: 1 },
        },
      },
    },
  },
  paths: {
    '/upload_sessions': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['file_name'],
                properties: { file_name: { type: 'string', minLength: 1 } },
              },
            },
          },
        },
        responses: {
          '201': {
            description: 'made',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Session' },
              },
            },
          },
        },
      },
    },
    '/upload_sessions/{id}': {
      parameters: [param('id', 'string')],
      get: { responses: answer({ $ref: '#/components/schemas/Session' }) },
      put: {
        requestBody: {
          required: true,
          content: {
            'application/octet-stream': {
              schema: { type: 'string', format: 'binary' },
            },
          },
        },
        responses: answer({
          type: 'object',
          required: ['part'],
          properties: {
            part: {
              type: 'object',
              required: ['size'],
              properties: { size: { type: 'integer' } },
            },
          },
        }),
      },
      delete: { responses: { '204': { description: 'aborted' } } },
    },
  },
}

describe('a PUT whose body is not JSON: an action on the item, served by the engine', () => {
  it('declares the collection with no replace, the PUT an item route of its own', () => {
    const { api, report } = importOpenApi(sessions)
    expect(api.routes ?? []).toEqual([])
    expect(
      api.resources['upload-sessions']?.itemRoutes?.map(
        (r) => `${r.method} ${r.path} ${String(r.accepts)}`,
      ),
    ).toEqual(['PUT  application/octet-stream'])
    expect(report.operations.find((op) => op.method === 'PUT')?.servedAs).toBe(
      'action',
    )
  })

  it('takes the bytes on a session that exists, and answers 404 on one that does not', async () => {
    const api = createOpenApiMock({ openapi: sessions })
    const send = (
      method: string,
      url: string,
      body?: BodyInit,
      type?: string,
    ) =>
      api.fetch(
        new Request(`https://upload.example${url}`, {
          method,
          headers: {
            Authorization: 'Bearer uploads',
            ...(type && { 'Content-Type': type }),
          },
          ...(body !== undefined && { body }),
        }),
      )
    const made = await send(
      'POST',
      '/upload_sessions',
      JSON.stringify({ file_name: 'a.mp4' }),
      'application/json',
    )
    expect(made.status).toBe(201)
    const { id } = (await made.json()) as { id: string }
    const bytes = new Uint8Array([1, 2, 3])
    const part = await send(
      'PUT',
      `/upload_sessions/${id}`,
      bytes,
      'application/octet-stream',
    )
    expect(part.status).toBe(200)
    expect(await part.json()).toEqual({ part: { size: expect.any(Number) } })
    expect(
      (
        await send(
          'PUT',
          '/upload_sessions/nope',
          bytes,
          'application/octet-stream',
        )
      ).status,
    ).toBe(404)
    expect((await send('DELETE', `/upload_sessions/${id}`)).status).toBe(204)
    expect(
      (
        await send(
          'PUT',
          `/upload_sessions/${id}`,
          bytes,
          'application/octet-stream',
        )
      ).status,
      'an aborted session takes no part',
    ).toBe(404)
  })
})
