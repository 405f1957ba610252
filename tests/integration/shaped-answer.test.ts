import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
  type AnswerOperation,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

const seen: AnswerOperation[] = []
const api = defineApi({
  name: 'Shapes',
  base: '/api',
  auth: false,
  resources: {
    notes: defineResource({
      schema: z.object({ id: z.number().int(), text: z.string() }),
      patch: true,
      status: { delete: 200 },
      links: false,
      seed: [{ text: 'first' }],
      // Each operation's answer as this API draws it: the operation's name beside the engine's body.
      answer(operation, body) {
        seen.push(operation)
        return { operation, body }
      },
    }),
  },
})

describe("a resource that shapes each operation's answer", () => {
  const mock = createMockApi({ api })
  const send = async (method: string, path: string, body?: Json) => {
    const response = await mock.fetch(
      new Request(`http://api.test/api${path}`, {
        method,
        headers: {
          ...(body && {
            'Content-Type':
              method === 'PATCH'
                ? 'application/merge-patch+json'
                : 'application/json',
          }),
        },
        ...(body && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Json,
    }
  }

  it("hands each success body to the declaration's answer, keeping status and headers", async () => {
    const created = await send('POST', '/notes', { text: 'two' })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBe('/api/notes/2')
    expect(created.headers.get('ETag')).toMatch(/^"note-2-/)
    expect(created.body).toEqual({
      operation: 'create',
      body: { id: 2, text: 'two' },
    })
    const read = await send('GET', '/notes/2')
    expect(read.body).toEqual({
      operation: 'read',
      body: { id: 2, text: 'two' },
    })
    expect(read.headers.get('ETag')).toBe(created.headers.get('ETag'))
    expect(read.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(
      (await send('PUT', '/notes/2', { text: 'again' })).body,
    ).toMatchObject({ operation: 'replace', body: { text: 'again' } })
    expect(
      (await send('PATCH', '/notes/2', { text: 'patched' })).body,
    ).toMatchObject({ operation: 'patch', body: { text: 'patched' } })
    const list = await send('GET', '/notes')
    expect(list.body.operation).toBe('list')
    expect(JSON.stringify(list.body.body)).toContain('"patched"')
    const removed = await send('DELETE', '/notes/2')
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ operation: 'delete' })
  })

  it('leaves failures as the engine answers them', async () => {
    seen.length = 0
    const missing = await send('GET', '/notes/99')
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ status: 404 })
    const invalid = await send('POST', '/notes', { text: 7 })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toMatchObject({ status: 422 })
    expect(seen).toEqual([])
  })

  it('refuses an answer that is not a function', () => {
    let message = ''
    try {
      createMockApi({
        api: defineApi({
          name: 'Bad',
          auth: false,
          resources: {
            notes: defineResource({
              schema: z.object({ id: z.number().int() }),
              answer: 'shaped' as never,
            }),
          },
        }),
      })
    } catch (error) {
      if (!isInvalidDeclarationError(error)) throw error
      message = error.message
    }
    expect(message).toContain(
      "resources.notes.answer: must be a function of the operation and the engine's answer",
    )
  })
})
