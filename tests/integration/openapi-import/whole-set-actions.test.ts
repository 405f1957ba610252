import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

type Json = Record<string, unknown>

const json = (schema: unknown) => ({ 'application/json': { schema } })
const id = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'integer' },
})
const runner = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
}
const labels = {
  type: 'object',
  required: ['total_count', 'labels'],
  properties: {
    total_count: { type: 'integer' },
    labels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
    },
  },
}

// GitHub's runner labels (PUT sets them all), its notifications (PUT marks them all read), and
// an item action with no body (OpenAI's cancel of an eval run, by POST on the run).
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Runners', version: '1' },
  paths: {
    '/runners': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: json({ type: 'array', items: runner }),
          },
        },
      },
      post: {
        requestBody: {
          content: json({
            type: 'object',
            properties: { name: { type: 'string' } },
          }),
        },
        responses: { '201': { description: 'made', content: json(runner) } },
      },
    },
    '/runners/{runner_id}': {
      get: {
        parameters: [id('runner_id')],
        responses: { '200': { description: 'ok', content: json(runner) } },
      },
      post: {
        parameters: [id('runner_id')],
        responses: {
          '200': { description: 'cancelled', content: json(runner) },
        },
      },
    },
    '/runners/{runner_id}/labels/{name}': {
      delete: {
        parameters: [
          id('runner_id'),
          {
            name: 'name',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: { '200': { description: 'removed', content: json(labels) } },
      },
    },
    '/runners/{runner_id}/labels': {
      post: {
        parameters: [id('runner_id')],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['labels'],
            properties: {
              labels: { type: 'array', items: { type: 'string' } },
            },
          }),
        },
        responses: { '200': { description: 'added', content: json(labels) } },
      },
      get: {
        parameters: [id('runner_id')],
        responses: { '200': { description: 'ok', content: json(labels) } },
      },
      put: {
        parameters: [id('runner_id')],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['labels'],
            properties: {
              labels: { type: 'array', items: { type: 'string' } },
            },
          }),
        },
        responses: { '200': { description: 'set', content: json(labels) } },
      },
    },
  },
}

async function send(
  api: { fetch(request: Request): Promise<Response> },
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await api.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        Authorization: 'Bearer own',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  )
  const text = await response.text()
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as Json,
  }
}

describe('writes that name no record: actions on the whole set, or on an item', () => {
  it('serves a PUT on a collection whose body names no record as an action on the set', () => {
    const { report, api } = importOpenApi(openapi)
    const put = report.operations.find(
      (op) => op.method === 'PUT' && op.path === '/runners/{runner_id}/labels',
    )
    expect(put).toMatchObject({
      servedAs: 'action',
      resource: 'runners-labels',
    })
    const post = report.operations.find(
      (op) => op.method === 'POST' && op.path === '/runners/{runner_id}',
    )
    expect(post).toMatchObject({ servedAs: 'action', resource: 'runners' })
    // Neither is a route of the importer's own: each is its resource's.
    expect(api.routes ?? []).toEqual([])
    expect(api.resources['runners-labels']?.collectionRoutes).toHaveLength(1)
  })

  it('answers 404 below a parent that does not exist, and checks the body', async () => {
    const api = createOpenApiMock({ openapi })
    api.config.update({ rateLimit: false })
    expect(
      (await send(api, 'PUT', '/runners/999/labels', { labels: ['gpu'] }))
        .status,
    ).toBe(404)
    expect((await send(api, 'POST', '/runners/999')).status).toBe(404)
    const made = await send(api, 'POST', '/runners', { name: 'r' })
    const at = `/runners/${String(made.body.id)}`
    const set = await send(api, 'PUT', `${at}/labels`, { labels: ['gpu'] })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ total_count: expect.any(Number) })
    expect(
      (await send(api, 'PUT', `${at}/labels`, { labels: 'gpu' })).status,
    ).toBe(422)
    expect((await send(api, 'POST', at)).status).toBe(200)
  })

  it('serves a nested list written only as a whole by the engine, with no items', async () => {
    const thread = {
      type: 'object',
      required: ['id', 'unread'],
      properties: { id: { type: 'string' }, unread: { type: 'boolean' } },
    }
    const repo = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    }
    const named = (name: string) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })
    const withThreads = {
      openapi: '3.1.0',
      info: { title: 'Repos', version: '1' },
      paths: {
        '/repos/{owner}/{repo}': {
          get: {
            parameters: [named('owner'), named('repo')],
            responses: { '200': { description: 'ok', content: json(repo) } },
          },
        },
        // GitHub's notifications of a repository: listed, and marked read all at once.
        '/repos/{owner}/{repo}/notifications': {
          get: {
            parameters: [named('owner'), named('repo')],
            responses: {
              '200': {
                description: 'ok',
                content: json({ type: 'array', items: thread }),
              },
            },
          },
          put: {
            parameters: [named('owner'), named('repo')],
            requestBody: {
              content: json({
                type: 'object',
                properties: { last_read_at: { type: 'string' } },
              }),
            },
            responses: {
              '202': {
                description: 'marked',
                content: json({
                  type: 'object',
                  properties: { message: { type: 'string' } },
                }),
              },
            },
          },
        },
      },
    }
    const { report, api: declared } = importOpenApi(withThreads)
    const threads = report.operations.filter((op) =>
      op.path.endsWith('/notifications'),
    )
    expect(threads.map((op) => [op.method, op.servedAs])).toEqual([
      ['GET', 'list'],
      ['PUT', 'action'],
    ])
    expect(
      (declared.routes ?? []).filter((r) => r.path.includes('notifications')),
    ).toEqual([])
    expect(declared.resources['repos-notifications']?.items).toBe(false)
    const api = createOpenApiMock({ openapi: withThreads })
    api.config.update({ rateLimit: false })
    const listed = await send(api, 'GET', '/repos/octo/hello/notifications')
    expect(listed).toEqual({ status: 200, body: [] })
    const marked = await send(api, 'PUT', '/repos/octo/hello/notifications', {
      last_read_at: 'now',
    })
    expect(marked.status).toBe(202)
  })

  it('answers every operation as the description allows', async () => {
    const { report } = importOpenApi(openapi)
    const api = createOpenApiMock({
      openapi,
      overrides: { errors: 'description' },
    })
    api.config.update({ rateLimit: false })
    const { disallowed } = await everyAnswer(openapi, report, api)
    expect(disallowed).toEqual([])
  })
})
