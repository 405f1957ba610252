import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'
import { everyAnswer } from '../../support/every-answer.ts'

type Json = Record<string, unknown>

/**
 * A description shaped like GitHub's sets of members: a `PUT` with no body adds the user its path
 * names (`PUT /orgs/{org}/blocks/{username}`, `PUT /user/following/{username}`), and a secret is
 * created or updated by a `PUT` that lists 201 and 204.
 */
const json = (schema: unknown) => ({ 'application/json': { schema } })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const empty = (status: string) => ({ [status]: { description: 'done' } })
const param = (name: string, type = 'string') => ({
  name,
  in: 'path',
  required: true,
  schema: { type },
})

const description = {
  openapi: '3.0.3',
  info: { title: 'Members', version: '1' },
  paths: {
    '/orgs/{org}': {
      get: {
        parameters: [param('org')],
        responses: { 200: { description: 'ok', content: json(ref('org')) } },
      },
    },
    '/orgs/{org}/blocks': {
      get: {
        parameters: [param('org')],
        responses: {
          200: {
            description: 'ok',
            content: json({ type: 'array', items: ref('simple-user') }),
          },
        },
      },
    },
    '/orgs/{org}/blocks/{username}': {
      get: {
        parameters: [param('org'), param('username')],
        responses: { ...empty('204'), ...empty('404') },
      },
      put: {
        parameters: [param('org'), param('username')],
        responses: { ...empty('204'), ...empty('422') },
      },
      delete: {
        parameters: [param('org'), param('username')],
        responses: empty('204'),
      },
    },
    '/orgs/{org}/repositories': {
      get: {
        parameters: [param('org')],
        responses: {
          200: {
            description: 'ok',
            content: json({
              type: 'object',
              required: ['total_count', 'repositories'],
              properties: {
                total_count: { type: 'number' },
                repositories: { type: 'array', items: ref('repository') },
              },
            }),
          },
        },
      },
      put: {
        parameters: [param('org')],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['selected_repository_ids'],
            properties: {
              selected_repository_ids: {
                type: 'array',
                items: { type: 'integer' },
              },
            },
          }),
        },
        responses: empty('204'),
      },
    },
    '/orgs/{org}/repositories/{repository_id}': {
      put: {
        parameters: [param('org'), param('repository_id', 'integer')],
        responses: empty('204'),
      },
      delete: {
        parameters: [param('org'), param('repository_id', 'integer')],
        responses: empty('204'),
      },
    },
    '/user/following': {
      get: {
        responses: {
          200: {
            description: 'ok',
            content: json({ type: 'array', items: ref('simple-user') }),
          },
        },
      },
    },
    '/user/following/{username}': {
      get: {
        parameters: [param('username')],
        responses: { ...empty('204'), ...empty('404') },
      },
      put: {
        parameters: [param('username')],
        responses: empty('204'),
      },
      delete: {
        parameters: [param('username')],
        responses: empty('204'),
      },
    },
    '/orgs/{org}/secrets': {
      get: {
        parameters: [param('org')],
        responses: {
          200: {
            description: 'ok',
            content: json({
              type: 'object',
              required: ['total_count', 'secrets'],
              properties: {
                total_count: { type: 'integer' },
                secrets: { type: 'array', items: ref('secret') },
              },
            }),
          },
        },
      },
    },
    '/orgs/{org}/secrets/{secret_name}': {
      get: {
        parameters: [param('org'), param('secret_name')],
        responses: {
          200: { description: 'ok', content: json(ref('secret')) },
        },
      },
      put: {
        parameters: [param('org'), param('secret_name')],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['encrypted_value'],
            properties: { encrypted_value: { type: 'string' } },
          }),
        },
        responses: {
          201: { description: 'created', content: json({ type: 'object' }) },
          ...empty('204'),
        },
      },
      delete: {
        parameters: [param('org'), param('secret_name')],
        responses: empty('204'),
      },
    },
  },
  components: {
    schemas: {
      org: {
        type: 'object',
        required: ['login', 'id'],
        properties: { login: { type: 'string' }, id: { type: 'integer' } },
      },
      'simple-user': {
        type: 'object',
        required: ['login', 'id', 'avatar_url'],
        properties: {
          login: { type: 'string' },
          id: { type: 'integer' },
          avatar_url: { type: 'string', format: 'uri' },
        },
      },
      repository: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' } },
      },
      secret: {
        type: 'object',
        required: ['name', 'created_at'],
        properties: {
          name: { type: 'string' },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
}

function mock() {
  const api = createOpenApiMock({ openapi: description })
  api.config.update({ rateLimit: false })
  return async (method: string, path: string, body?: unknown) => {
    const response = await api.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: {
          Authorization: 'Bearer member',
          ...(body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : undefined) as unknown,
    }
  }
}

describe('an imported PUT that creates the item its path names', () => {
  it('declares the sets and the secrets for the engine, with no route of the importer’s own', () => {
    const { api, report } = importOpenApi(description)
    expect((api.routes ?? []).map((r) => `${r.method} ${r.path}`)).toEqual([])
    const blocks = api.resources['orgs-blocks']!
    expect(blocks.replace).toMatchObject({ upsert: expect.anything() })
    expect(blocks.status).toMatchObject({ replace: 204, upsert: 204 })
    expect(blocks.dialect?.keys).toMatchObject({
      member: 'login',
      param: 'username',
    })
    expect(api.resources['orgs-secrets']!.status).toMatchObject({
      replace: 204,
      upsert: 201,
    })
    const put = report.operations.find(
      (o) => o.method === 'PUT' && o.path === '/orgs/{org}/blocks/{username}',
    )
    expect(put).toMatchObject({ servedAs: 'replace', resource: 'orgs-blocks' })
    expect(put!.why).toMatch(/creates it where there is none/)
  })

  it('adds a member with a bodiless PUT, lists it, and removes it with DELETE', async () => {
    const send = mock()
    const org = (await send('GET', '/orgs/1')).body as Json
    expect(org).toHaveProperty('login')
    expect((await send('GET', '/orgs/1/blocks/octocat')).status).toBe(404)
    const added = await send('PUT', '/orgs/1/blocks/octocat')
    expect(added.status).toBe(204)
    expect(added.body).toBeUndefined()
    // The read checks that the member is there, as the description draws it: 204, no body.
    const check = await send('GET', '/orgs/1/blocks/octocat')
    expect(check.status).toBe(204)
    expect(check.body).toBeUndefined()
    const listed = (await send('GET', '/orgs/1/blocks')).body as Json[]
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({ login: 'octocat' })
    expect(typeof listed[0]!.avatar_url).toBe('string')
    // Added again, it stays one member, unchanged.
    expect((await send('PUT', '/orgs/1/blocks/octocat')).status).toBe(204)
    const again = (await send('GET', '/orgs/1/blocks')).body as Json[]
    expect(again).toEqual(listed)
    expect((await send('DELETE', '/orgs/1/blocks/octocat')).status).toBe(204)
    expect((await send('GET', '/orgs/1/blocks')).body).toEqual([])
  })

  it('follows a user at a path of its own, and answers 404 for a block in an org that does not exist', async () => {
    const send = mock()
    const before = (await send('GET', '/user/following')).body as Json[]
    expect(before.map((u) => u.login)).not.toContain('hubot')
    expect((await send('PUT', '/user/following/hubot')).status).toBe(204)
    const after = (await send('GET', '/user/following')).body as Json[]
    expect(after.map((u) => u.login)).toContain('hubot')
    expect(after).toHaveLength(before.length + 1)
    expect((await send('PUT', '/orgs/999/blocks/octocat')).status).toBe(404)
  })

  it('creates a secret with 201 and updates it with 204, as the PUT lists', async () => {
    const send = mock()
    const created = await send('PUT', '/orgs/1/secrets/TOKEN', {
      encrypted_value: 'c2VjcmV0',
    })
    expect(created.status).toBe(201)
    const updated = await send('PUT', '/orgs/1/secrets/TOKEN', {
      encrypted_value: 'b3RoZXI=',
    })
    expect(updated.status).toBe(204)
    const read = await send('GET', '/orgs/1/secrets/TOKEN')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ name: 'TOKEN' })
    const invalid = await send('PUT', '/orgs/1/secrets/OTHER', {
      encrypted_value: 7,
    })
    expect(invalid.status).toBe(422)
    expect((await send('GET', '/orgs/1/secrets/OTHER')).status).toBe(404)
  })

  it('replaces the whole set of repositories by a PUT on the collection that lists their ids', async () => {
    const send = mock()
    expect((await send('PUT', '/orgs/1/repositories/3')).status).toBe(204)
    const replaced = await send('PUT', '/orgs/1/repositories', {
      selected_repository_ids: [4, 5],
    })
    expect(replaced.status).toBe(204)
    const listed = (await send('GET', '/orgs/1/repositories')).body as Json
    expect(listed.total_count).toBe(2)
    expect((listed.repositories as Json[]).map((r) => r.id).sort()).toEqual([
      4, 5,
    ])
    const invalid = await send('PUT', '/orgs/1/repositories', {
      selected_repository_ids: ['four'],
    })
    expect(invalid.status).toBe(422)
  })

  it('answers every operation only as the description allows', async () => {
    const { report } = importOpenApi(description)
    const api = createOpenApiMock({
      openapi: description,
      overrides: { errors: 'description' },
    })
    api.config.update({ rateLimit: false })
    const run = await everyAnswer(description, report, api)
    expect(run.disallowed).toEqual([])
    expect(run.successes).toBeGreaterThan(0)
  })
})
