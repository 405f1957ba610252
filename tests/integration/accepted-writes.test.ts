import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  createMockApi,
  defineApi,
  defineResource,
  isInvalidDeclarationError,
} from '../../src/mock-server/index.ts'

type Json = Record<string, unknown>

/** An API that queues its writes: each answers `202 Accepted`, and its change is kept at once. */
const api = defineApi({
  name: 'Queued',
  base: '/api',
  auth: false,
  resources: {
    jobs: defineResource({
      schema: z.object({ id: z.number().int(), task: z.string().min(1) }),
      status: { create: 202, replace: 202, delete: 202 },
      links: false,
      seed: [{ task: 'first' }],
    }),
  },
})

describe('a resource whose writes answer 202 Accepted', () => {
  const mock = createMockApi({ api })
  const send = async (method: string, path: string, body?: Json) => {
    const response = await mock.fetch(
      new Request(`http://api.test/api${path}`, {
        method,
        ...(body && {
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

  it('answers each write 202 with its record, and keeps the change', async () => {
    const created = await send('POST', '/jobs', { task: 'second' })
    expect(created).toEqual({ status: 202, body: { id: 2, task: 'second' } })
    expect((await send('GET', '/jobs/2')).body).toEqual({
      id: 2,
      task: 'second',
    })
    const replaced = await send('PUT', '/jobs/2', { task: 'again' })
    expect(replaced).toEqual({ status: 202, body: { id: 2, task: 'again' } })
    const deleted = await send('DELETE', '/jobs/2')
    expect(deleted).toEqual({ status: 202, body: { id: 2, task: 'again' } })
    expect((await send('GET', '/jobs/2')).status).toBe(404)
  })

  it('describes each write with the 202 it answers', async () => {
    const { body } = await send('GET', '/openapi.json')
    const paths = body.paths as Record<string, Record<string, Json>>
    const statuses = (path: string, method: string) =>
      Object.keys(paths[path]![method]!.responses as Json).filter((s) =>
        s.startsWith('2'),
      )
    expect(statuses('/api/jobs', 'post')).toEqual(['202'])
    expect(statuses('/api/jobs/{id}', 'put')).toEqual(['202'])
    expect(statuses('/api/jobs/{id}', 'delete')).toEqual(['202'])
  })
})

it('refuses a write status the engine cannot answer, naming the ones it can', () => {
  let errors: { field: string; message: string }[] = []
  try {
    createMockApi({
      api: defineApi({
        name: 'Wrong',
        auth: false,
        resources: {
          jobs: defineResource({
            schema: z.object({ id: z.number().int() }),
            // @ts-expect-error: statuses the engine does not answer, past the types
            status: { create: 204, replace: 418, patch: 200 },
          }),
        },
      }),
    })
  } catch (error) {
    expect(isInvalidDeclarationError(error)).toBe(true)
    errors = (error as { errors: typeof errors }).errors
  }
  expect(errors).toEqual(
    expect.arrayContaining([
      {
        field: 'resources.jobs.status.create',
        message: 'must be one of 200, 201, 202',
      },
      {
        field: 'resources.jobs.status.replace',
        message: 'must be one of 200, 201, 202, 204',
      },
      {
        field: 'resources.jobs.status.patch',
        message:
          'is no operation of a resource; use read, create, replace, upsert or delete',
      },
    ]),
  )
})
