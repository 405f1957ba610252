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

const charge = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  captured: z.boolean(),
  version: z.number().int(),
})

const api = defineApi({
  name: 'Item routes',
  base: '/v1',
  auth: false,
  resources: {
    charges: defineResource({
      schema: charge,
      seed: [{ amount: 500, captured: false }],
      itemRoutes: [
        {
          method: 'POST',
          path: 'capture',
          summary: 'Capture a charge',
          handle(ctx) {
            const { amount } = (ctx.body ?? {}) as { amount?: number }
            const done = ctx.update({
              captured: true,
              ...(amount !== undefined && { amount }),
            })
            return Response.json({
              object: 'charge',
              id: done.id,
              amount: done.amount,
            })
          },
        },
        {
          method: 'PUT',
          path: 'receipt/sent.json',
          status: 204,
          handle: () => new Response(null, { status: 204 }),
        },
        {
          method: 'GET',
          path: 'receipt/sent.json',
          handle: (ctx) => Response.json({ id: ctx.item.id, sent: false }),
        },
        {
          method: 'POST',
          path: 'shipping/ship',
          under: '/test_helpers/charges',
          summary: 'Ship a charge, as a test helper',
          handle(ctx) {
            const done = ctx.update({ captured: true })
            return Response.json({ id: done.id, captured: done.captured })
          },
        },
      ],
    }),
    repos: defineResource({
      schema: z.object({ id: z.number().int(), name: z.string() }),
      seed: [{ name: 'engine' }, { name: 'docs' }],
    }),
    hooks: defineResource({
      schema: z.object({
        id: z.number().int(),
        repoId: z.number().int(),
        url: z.string(),
      }),
      path: '/repos/{repo}/hooks',
      parents: { repo: { field: 'repoId', to: 'repos' } },
      seed: [{ repoId: 1, url: 'https://example.test/hook' }],
      itemRoutes: [
        {
          method: 'POST',
          path: 'pings',
          status: 204,
          handle: () => new Response(null, { status: 204 }),
        },
      ],
    }),
  },
})

describe("a resource's own operations on each item (itemRoutes)", () => {
  it('answers what handle answers, with the ETag of the record as it changed, which a read then gives', async () => {
    const { send } = serve(api)
    const read = await send('GET', '/charges/1')
    const etag = read.headers.get('ETag')!
    const captured = await send(
      'POST',
      '/charges/1/capture',
      { amount: 400 },
      { 'If-Match': etag },
    )
    expect(captured.status).toBe(200)
    expect(captured.body).toEqual({ object: 'charge', id: 1, amount: 400 })
    const after = await send('GET', '/charges/1')
    expect(after.body).toMatchObject({ captured: true, amount: 400 })
    expect(captured.headers.get('ETag')).toBe(after.headers.get('ETag'))
    expect(after.headers.get('ETag')).not.toBe(etag)
  })

  it('refuses a write whose If-Match names an older ETag with 412, and changes nothing', async () => {
    const { send } = serve(api)
    const stale = (await send('GET', '/charges/1')).headers.get('ETag')!
    await send('POST', '/charges/1/capture', {})
    const refused = await send(
      'POST',
      '/charges/1/capture',
      { amount: 1 },
      { 'If-Match': stale },
    )
    expect(refused.status).toBe(412)
    expect(refused.body).toMatchObject({
      type: expect.stringContaining('precondition-failed'),
    })
    expect((await send('GET', '/charges/1')).body).toMatchObject({
      amount: 500,
    })
  })

  it('answers 404 for an item that does not exist, or one below another parent', async () => {
    const { send } = serve(api)
    expect((await send('POST', '/charges/99/capture', {})).status).toBe(404)
    expect((await send('POST', '/repos/1/hooks/1/pings')).status).toBe(204)
    expect((await send('POST', '/repos/2/hooks/1/pings')).status).toBe(404)
    expect((await send('POST', '/repos/9/hooks/1/pings')).status).toBe(404)
  })

  it('serves several methods at a path of several segments, a suffix included, each with the ETag', async () => {
    const { send } = serve(api)
    const etag = (await send('GET', '/charges/1')).headers.get('ETag')
    const sent = await send('PUT', '/charges/1/receipt/sent.json')
    expect(sent.status).toBe(204)
    expect(sent.headers.get('ETag')).toBe(etag)
    const got = await send('GET', '/charges/1/receipt/sent.json')
    expect(got.body).toEqual({ id: 1, sent: false })
    expect((await send('DELETE', '/charges/1/receipt/sent.json')).status).toBe(
      405,
    )
  })

  it('answers below another path the API names its items at (under), as below its own', async () => {
    const { send } = serve(api)
    const etag = (await send('GET', '/charges/1')).headers.get('ETag')!
    const shipped = await send(
      'POST',
      '/test_helpers/charges/1/shipping/ship',
      undefined,
      { 'If-Match': etag },
    )
    expect(shipped.status).toBe(200)
    expect(shipped.body).toEqual({ id: 1, captured: true })
    const after = await send('GET', '/charges/1')
    expect(after.body).toMatchObject({ captured: true })
    expect(shipped.headers.get('ETag')).toBe(after.headers.get('ETag'))
    expect(
      (
        await send('POST', '/test_helpers/charges/1/shipping/ship', undefined, {
          'If-Match': etag,
        })
      ).status,
    ).toBe(412)
    expect(
      (await send('POST', '/test_helpers/charges/99/shipping/ship')).status,
    ).toBe(404)
    // Below the resource's own path it is not served.
    expect((await send('POST', '/charges/1/shipping/ship')).status).toBe(404)
  })

  it('is in the description, a valid OpenAPI document', async () => {
    const { send } = serve(api)
    const document = (await send('GET', '/openapi.json')).body
    const paths = document.paths as Record<string, Json>
    expect(Object.keys(paths['/v1/charges/{id}/capture']!)).toContain('post')
    expect(
      Object.keys(paths['/v1/charges/{id}/receipt/sent.json']!).sort(),
    ).toEqual(expect.arrayContaining(['get', 'put']))
    expect((paths['/v1/charges/{id}/capture']!.post as Json).summary).toBe(
      'Capture a charge',
    )
    expect(
      (paths['/v1/test_helpers/charges/{id}/shipping/ship']!.post as Json)
        .summary,
    ).toBe('Ship a charge, as a test helper')
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : compileErrors(result)).toEqual([])
  })

  it('refuses a declaration whose item routes name no path below the item, or take one twice', () => {
    const bad = (itemRoutes: unknown) => {
      try {
        createMockApi({
          api: defineApi({
            name: 'Bad',
            auth: false,
            resources: {
              charges: defineResource({
                schema: charge,
                itemRoutes: itemRoutes as never,
                state: {
                  field: 'captured',
                  initial: false,
                  transitions: { capture: { from: [false], to: true } },
                },
              }),
            },
          }),
        })
      } catch (error) {
        if (isInvalidDeclarationError(error)) return error.message
        throw error
      }
      return ''
    }
    const handle = () => new Response(null, { status: 204 })
    expect(bad([{ method: 'POST', path: '/capture/', handle }])).toMatch(
      /itemRoutes\[0\]\.path/,
    )
    expect(bad([{ method: 'POST', path: '../x', handle }])).toMatch(
      /itemRoutes\[0\]\.path/,
    )
    expect(bad([{ method: 'POST', path: 'capture', handle }])).toMatch(
      /itemRoutes\[0\]\.path.*POST .*capture, which an action already takes/,
    )
    expect(bad([{ method: 'PUT', path: 'capture', handle }])).toBe('')
    expect(
      bad([
        { method: 'PUT', path: 'x', handle },
        { method: 'PUT', path: 'x', handle },
      ]),
    ).toMatch(/itemRoutes\[1\].*second PUT/)
    expect(bad([{ method: 'HEAD', path: 'x', handle }])).toMatch(
      /itemRoutes\[0\]\.method/,
    )
    expect(bad([{ method: 'PUT', path: 'x', handle, status: 404 }])).toMatch(
      /itemRoutes\[0\]\.status/,
    )
    expect(bad([{ method: 'PUT', path: 'x' }])).toMatch(
      /itemRoutes\[0\]\.handle/,
    )
    // Below another path: literal segments, not the resource's own, the action's path free.
    expect(
      bad([
        { method: 'POST', path: 'capture', under: '/test/charges', handle },
      ]),
    ).toBe('')
    for (const under of ['test/charges', '/test/{id}', '/a/../b', ''])
      expect(bad([{ method: 'POST', path: 'x', under, handle }])).toMatch(
        /itemRoutes\[0\]\.under.*literal segments/,
      )
    expect(
      bad([{ method: 'POST', path: 'x', under: '/charges', handle }]),
    ).toMatch(/itemRoutes\[0\]\.under.*own path/)
    expect(
      bad([
        { method: 'POST', path: 'x', under: '/t/charges', handle },
        { method: 'POST', path: 'x', under: '/t/charges', handle },
      ]),
    ).toMatch(/itemRoutes\[1\].*second POST at \/t\/charges\/\{id\}\/x/)
  })

  it('refuses a route under another path on a resource below parents', () => {
    let message = ''
    try {
      createMockApi({
        api: defineApi({
          name: 'Bad',
          auth: false,
          resources: {
            repos: defineResource({
              schema: z.object({ id: z.number().int() }),
            }),
            hooks: defineResource({
              schema: z.object({
                id: z.number().int(),
                repoId: z.number().int(),
              }),
              path: '/repos/{repo}/hooks',
              parents: { repo: { field: 'repoId', to: 'repos' } },
              itemRoutes: [
                {
                  method: 'POST',
                  path: 'ping',
                  under: '/test/hooks',
                  handle: () => new Response(null, { status: 204 }),
                },
              ],
            }),
          },
        }),
      })
    } catch (error) {
      if (!isInvalidDeclarationError(error)) throw error
      message = error.message
    }
    expect(message).toMatch(
      /hooks\.itemRoutes\[0\]\.under.*a resource below parents/,
    )
  })
  it("serves a method on the item's own path that the resource does not serve there", async () => {
    const threads = defineApi({
      name: 'Threads',
      base: '/v1',
      auth: false,
      resources: {
        threads: defineResource({
          schema: z.object({ id: z.number().int(), unread: z.boolean() }),
          seed: [{ unread: true }],
          itemRoutes: [
            {
              method: 'PATCH',
              path: '',
              summary: 'Mark a thread as read',
              status: 204,
              handle(ctx) {
                ctx.update({ unread: false })
                return new Response(null, { status: 204 })
              },
            },
          ],
        }),
      },
    })
    const { send } = serve(threads)
    const stale = (await send('GET', '/threads/1')).headers.get('ETag')!
    const read = await send('PATCH', '/threads/1')
    expect(read.status).toBe(204)
    const after = await send('GET', '/threads/1')
    expect(after.body).toMatchObject({ id: 1, unread: false })
    expect(read.headers.get('ETag')).toBe(after.headers.get('ETag'))
    expect(
      (await send('PATCH', '/threads/1', undefined, { 'If-Match': stale }))
        .status,
    ).toBe(412)
    expect((await send('PATCH', '/threads/9')).status).toBe(404)
    // The resource's own methods at the item stay its own.
    expect((await send('DELETE', '/threads/1')).status).toBe(204)
    const document = (await send('GET', '/openapi.json')).body
    const item = (document.paths as Record<string, Json>)['/v1/threads/{id}']!
    expect((item.patch as Json).summary).toBe('Mark a thread as read')
    expect(Object.keys(item)).toEqual(expect.arrayContaining(['get', 'delete']))
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : compileErrors(result)).toEqual([])
  })

  it("refuses an item route on the item's own path for a method the resource serves there", () => {
    const declare = (method: 'GET' | 'PUT' | 'PATCH') => () =>
      createMockApi({
        api: defineApi({
          name: 'Taken',
          auth: false,
          resources: {
            charges: defineResource({
              schema: charge,
              patch: true,
              itemRoutes: [
                { method, path: '', handle: () => new Response(null) },
              ],
            }),
          },
        }),
      })
    for (const method of ['GET', 'PUT', 'PATCH'] as const)
      expect(declare(method)).toThrow(
        new RegExp(
          `itemRoutes\\[0\\]\\.path.*${method} /charges/\\{id\\}, which the resource itself already takes`,
        ),
      )
  })

  it('shares a path with an action, each method answered by its own', async () => {
    const { send } = serve(
      defineApi({
        name: 'Shared path',
        base: '/v1',
        auth: false,
        resources: {
          charges: defineResource({
            schema: charge,
            seed: [{ amount: 500, captured: false }],
            state: {
              field: 'captured',
              initial: false,
              transitions: { capture: { from: [false], to: true } },
            },
            itemRoutes: [
              {
                method: 'DELETE',
                path: 'capture',
                handle: (ctx) => {
                  ctx.update({ captured: false })
                  return new Response(null, { status: 204 })
                },
              },
            ],
          }),
        },
      }),
    )
    expect((await send('POST', '/charges/1/capture', {})).body).toMatchObject({
      captured: true,
    })
    const undone = await send('DELETE', '/charges/1/capture')
    expect(undone.status).toBe(204)
    expect((await send('GET', '/charges/1')).body).toMatchObject({
      captured: false,
    })
    expect((await send('PUT', '/charges/1/capture', {})).status).toBe(405)
  })
})
