import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

type Json = Record<string, unknown>

const json = (schema: unknown) => ({ 'application/json': { schema } })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const ok = (schema: unknown) => ({
  '200': { description: 'ok', content: json(schema) },
})
const path = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
})
const record = (kind: string) => ({
  type: 'object',
  required: ['id', 'object', 'name'],
  properties: {
    id: { type: 'string' },
    object: { type: 'string', enum: [kind] },
    name: { type: 'string' },
  },
})
const list = (item: string, object: Json) => ({
  type: 'object',
  required: ['object', 'data', 'has_more'],
  properties: {
    object,
    data: { type: 'array', items: ref(item) },
    first_id: { type: 'string' },
    last_id: { type: 'string' },
    has_more: { type: 'boolean' },
  },
})

// OpenAI's lists fix `object: "list"`, all but its project users' (a plain string); its project
// rate limits are listed and updated by POST on the item, never read one by one.
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Projects', version: '1' },
  paths: {
    '/projects': {
      get: { responses: ok(ref('ProjectList')) },
      post: {
        requestBody: {
          content: json({
            type: 'object',
            properties: { name: { type: 'string' } },
          }),
        },
        responses: ok(ref('Project')),
      },
    },
    '/projects/{project_id}': {
      get: { parameters: [path('project_id')], responses: ok(ref('Project')) },
    },
    '/projects/{project_id}/users': {
      get: { parameters: [path('project_id')], responses: ok(ref('UserList')) },
      post: {
        parameters: [path('project_id')],
        requestBody: {
          content: json({
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string' } },
          }),
        },
        responses: ok(ref('User')),
      },
    },
    '/projects/{project_id}/users/{user_id}': {
      get: {
        parameters: [path('project_id'), path('user_id')],
        responses: ok(ref('User')),
      },
    },
    '/projects/{project_id}/rate_limits': {
      get: {
        parameters: [path('project_id')],
        responses: ok(ref('LimitList')),
      },
    },
    '/projects/{project_id}/rate_limits/{rate_limit_id}': {
      post: {
        parameters: [path('project_id'), path('rate_limit_id')],
        requestBody: {
          content: json({
            type: 'object',
            properties: { name: { type: 'string' } },
          }),
        },
        responses: ok(ref('Limit')),
      },
    },
  },
  components: {
    schemas: {
      Project: record('project'),
      User: record('project.user'),
      Limit: record('project.rate_limit'),
      ProjectList: list('Project', { type: 'string', enum: ['list'] }),
      LimitList: list('Limit', { type: 'string', enum: ['list'] }),
      UserList: list('User', { type: 'string' }),
    },
  },
}

describe('lists beside the description’s others', () => {
  it('serves a list whose `object` is a plain string as the others: `object: "list"`', async () => {
    const { report, api: declared } = importOpenApi(openapi)
    const users = report.operations.filter((op) =>
      op.path.startsWith('/projects/{project_id}/users'),
    )
    expect(users.map((op) => op.resource)).toEqual([
      'projects-users',
      'projects-users',
      'projects-users',
    ])
    expect(declared.routes ?? []).toEqual([])
    const api = createOpenApiMock({ openapi })
    api.config.update({ rateLimit: false })
    const headers = {
      Authorization: 'Bearer own',
      'Content-Type': 'application/json',
    }
    const project = (await (
      await api.fetch(
        new Request('http://localhost/projects', {
          method: 'POST',
          headers,
          body: '{}',
        }),
      )
    ).json()) as Json
    const at = `http://localhost/projects/${String(project.id)}/users`
    await api.fetch(
      new Request(at, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'ada' }),
      }),
    )
    const listed = (await (
      await api.fetch(new Request(at, { headers }))
    ).json()) as Json
    expect(listed).toMatchObject({ object: 'list', has_more: false })
    expect((listed.data as Json[]).map((u) => u.name)).toEqual(['ada'])
  })

  it('serves a collection updated by POST on its items, with no read of one, by the engine', () => {
    const { report, api } = importOpenApi(openapi)
    expect(api.resources['projects-rate-limits']?.patch).toMatchObject({
      method: 'POST',
    })
    expect(
      report.operations.find(
        (op) => op.method === 'POST' && op.path.endsWith('{rate_limit_id}'),
      ),
    ).toMatchObject({
      servedAs: 'merge patch',
      resource: 'projects-rate-limits',
    })
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
