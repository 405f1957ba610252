import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const api = defineApi({
  name: 'Inbox',
  base: '/v1',
  auth: false,
  resources: {
    repos: {
      schema: z.object({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'one' }, { name: 'two' }],
    },
    // Notifications of a repository: PUT on the collection marks every one read.
    notifications: {
      schema: z.object({
        id: z.number().int(),
        repo: z.number().int(),
        unread: z.boolean(),
      }),
      path: '/repos/{repo}/notifications',
      parents: { repo: { field: 'repo', to: 'repos' } },
      create: z.object({ unread: z.boolean() }),
      collectionRoutes: [
        {
          method: 'PUT',
          status: 202,
          handle(ctx) {
            const rows = ctx.rows()
            for (const row of rows)
              ctx.data
                .table('notifications')
                .update(row.id as number, { unread: false })
            return Response.json({ marked: rows.length }, { status: 202 })
          },
        },
      ],
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

const unread = async (send: ReturnType<typeof serve>, repo: number) =>
  ((await send('GET', `/repos/${repo}/notifications`)).body.items as Json[])
    .filter((n) => n.unread)
    .map((n) => n.id)

describe('operations on a collection as a whole (collectionRoutes)', () => {
  it('answers at the collection’s path, seeing only the rows below its parents', async () => {
    const send = serve()
    for (const repo of [1, 1, 2])
      await send('POST', `/repos/${repo}/notifications`, { unread: true })
    const marked = await send('PUT', '/repos/1/notifications', {})
    expect(marked).toEqual({ status: 202, body: { marked: 2 } })
    expect(await unread(send, 1)).toEqual([])
    expect(await unread(send, 2)).toHaveLength(1)
  })

  it('answers 404 for parents that do not exist, before it runs', async () => {
    const send = serve()
    const missing = await send('PUT', '/repos/99/notifications', {})
    expect(missing.status).toBe(404)
  })

  it('is in the API’s description, with the status it answers', async () => {
    const send = serve()
    const description = (await send('GET', '/openapi.json')).body
    const paths = description.paths as Record<string, Record<string, Json>>
    const put = paths['/v1/repos/{repo}/notifications']?.put
    expect(put?.summary).toBe('PUT notifications as a whole')
    expect(Object.keys(put?.responses as Json)).toContain('202')
  })

  it('is checked: a method the collection serves already is named', () => {
    const bad = {
      ...api,
      resources: {
        ...api.resources,
        notifications: {
          ...api.resources.notifications,
          collectionRoutes: [
            { method: 'POST', handle: () => new Response(null) },
            { method: 'GET', handle: () => new Response(null) },
            { method: 'DELETE' },
          ],
        },
      },
    } as unknown as ApiDeclaration
    let message = ''
    try {
      createMockApi({ api: bad })
    } catch (error) {
      expect(isInvalidDeclarationError(error)).toBe(true)
      message = (error as Error).message
    }
    expect(message).toContain(
      "resources.notifications.collectionRoutes[0].method: POST on the collection is the resource's own already",
    )
    expect(message).toContain(
      'resources.notifications.collectionRoutes[1].method: must be POST, PUT, PATCH or DELETE',
    )
    expect(message).toContain(
      'resources.notifications.collectionRoutes[2].handle',
    )
  })
})
