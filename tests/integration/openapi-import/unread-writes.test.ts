import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
} from '../../../src/openapi-import/index.ts'

const json = (schema: unknown) => ({ 'application/json': { schema } })
const app = {
  type: 'object',
  required: ['id', 'slug'],
  properties: { id: { type: 'integer' }, slug: { type: 'string' } },
  example: { id: 1, slug: 'octoapp' },
}

// GitHub trades a one-time code for an app: nothing of the description reads below the code.
const openapi = {
  openapi: '3.1.0',
  info: { title: 'Apps', version: '1' },
  paths: {
    '/apps/{app_slug}': {
      get: {
        parameters: [
          {
            name: 'app_slug',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: { '200': { description: 'ok', content: json(app) } },
      },
    },
    '/app-manifests/{code}/conversions': {
      post: {
        parameters: [
          {
            name: 'code',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: { '201': { description: 'made', content: json(app) } },
      },
    },
  },
}

describe('a write below a parameter nothing reads', () => {
  it('is answered from its description, keeping no state, and the report says why', async () => {
    const { report } = importOpenApi(openapi)
    expect(
      report.operations.find(
        (op) => op.path === '/app-manifests/{code}/conversions',
      ),
    ).toMatchObject({
      servedAs: 'example only',
      why: expect.stringContaining(
        'nothing of the description reads what it makes',
      ),
    })
    const api = createOpenApiMock({ openapi })
    const answer = await api.fetch(
      new Request('http://localhost/app-manifests/abc/conversions', {
        method: 'POST',
        headers: { Authorization: 'Bearer own' },
      }),
    )
    expect(answer.status).toBe(201)
    expect(answer.headers.get('Hypermock-Stateless')).not.toBeNull()
    expect(await answer.json()).toEqual({ id: 1, slug: 'octoapp' })
  })
})
