import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
  type ApiDeclaration,
} from '../../src/mock-server/index.ts'

const notes = defineResource({
  schema: z.strictObject({
    id: z.number().int(),
    title: z.string().min(1),
    pages: z.number().int().min(1),
  }),
  seed: [{ title: 'First', pages: 2 }],
})

/** An API whose errors are `{ error: { code, message, fields } }`, as many backends answer. */
const withOwnErrors = (errorBody: NonNullable<ApiDeclaration['errorBody']>) =>
  defineApi({
    name: 'Notes',
    base: '/api',
    auth: false,
    resources: { notes },
    errorBody,
  })

function serve(api: ApiDeclaration) {
  const mock = createMockApi({ api })
  return async (method: string, path: string, body?: unknown) => {
    const response = await mock.fetch(
      new Request(`http://api.test${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    return {
      status: response.status,
      type: response.headers.get('Content-Type'),
      body: (await response.json()) as Record<string, unknown>,
    }
  }
}

describe("an API's own error shape (errorBody)", () => {
  const send = serve(
    withOwnErrors((problem, request) => ({
      error: {
        code: problem.type.split('/').at(-1),
        message: problem.detail,
        at: `${request.method} ${request.path}`,
        fields: problem.errors?.map((e) => e.field) ?? [],
      },
    })),
  )

  it('answers a refusal in that shape, as JSON, with the status of the problem', async () => {
    const missing = await send('GET', '/api/notes/99')
    expect(missing.status).toBe(404)
    expect(missing.type).toBe('application/json')
    expect(missing.body).toEqual({
      error: {
        code: 'not-found',
        message: expect.stringContaining('99'),
        at: 'GET /api/notes/99',
        fields: [],
      },
    })
  })

  it('still lists every invalid field, where the shape has room for them', async () => {
    const invalid = await send('POST', '/api/notes', { title: '', pages: 0 })
    expect(invalid.status).toBe(422)
    expect(invalid.body.error).toMatchObject({ code: 'validation-failed' })
    expect(
      ((invalid.body.error as { fields: string[] }).fields ?? []).sort(),
    ).toEqual(['pages', 'title'])
    // Nothing was written.
    expect((await send('GET', '/api/notes/2')).status).toBe(404)
  })

  it("keeps the control API's errors as problem documents", async () => {
    const refused = await send('PATCH', '/__mock/config', { latencyMs: -1 })
    expect(refused.status).toBe(422)
    expect(refused.type).toBe('application/problem+json')
    expect(refused.body).toMatchObject({ status: 422 })
  })

  it('sends the problem document where the hook gives nothing, or throws', async () => {
    for (const hook of [
      () => undefined,
      () => {
        throw new Error('broken hook')
      },
    ]) {
      const missing = await serve(withOwnErrors(hook))('GET', '/api/notes/99')
      expect(missing.status).toBe(404)
      expect(missing.type).toBe('application/problem+json')
      expect(missing.body).toMatchObject({
        status: 404,
        title: expect.any(String),
      })
    }
  })

  it('refuses an errorBody that is not a function, with its place', () => {
    let caught: unknown
    try {
      createMockApi({
        api: withOwnErrors(
          'json' as unknown as NonNullable<ApiDeclaration['errorBody']>,
        ),
      })
    } catch (error) {
      caught = error
    }
    expect(isInvalidDeclarationError(caught)).toBe(true)
    expect((caught as { errors: { field: string }[] }).errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'errorBody' })]),
    )
  })
})
