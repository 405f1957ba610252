import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  createOpenApiMock,
  importOpenApi,
  loadOpenApi,
} from '../../../src/openapi-import/index.ts'
import { describedCaller } from '../../support/imported-conformance.ts'
import { corpusRoot, openApiCorpus } from '../../support/openapi-corpus.ts'

const json = (schema: unknown) => ({ 'application/json': { schema } })
const secret = { $ref: '#/components/schemas/Secret' }
const transcription = { $ref: '#/components/schemas/Transcription' }

/**
 * Two collections at paths of several segments with no item path: secrets are listed (in a
 * Stripe-like envelope, a deepObject `scope` beside) and created; a transcription is created alone.
 */
const description = {
  openapi: '3.1.0',
  info: { title: 'No items', version: '1' },
  servers: [{ url: '/v1' }],
  paths: {
    '/apps/secrets': {
      get: {
        parameters: [
          {
            name: 'scope',
            in: 'query',
            required: true,
            style: 'deepObject',
            explode: true,
            schema: {
              type: 'object',
              properties: { type: { type: 'string' } },
            },
          },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'starting_after', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'the secrets',
            content: json({
              type: 'object',
              required: ['data', 'has_more', 'object', 'url'],
              properties: {
                data: { type: 'array', items: secret },
                has_more: { type: 'boolean' },
                object: { type: 'string', enum: ['list'] },
                url: { type: 'string' },
              },
            }),
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['name', 'payload'],
            properties: {
              name: { type: 'string' },
              payload: { type: 'string' },
            },
          }),
        },
        responses: { '200': { description: 'made', content: json(secret) } },
      },
    },
    '/audio/transcriptions': {
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['model'],
            properties: { model: { type: 'string' } },
          }),
        },
        responses: {
          '200': { description: 'made', content: json(transcription) },
        },
      },
    },
  },
  components: {
    schemas: {
      Secret: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          payload: { type: 'string' },
        },
      },
      Transcription: {
        type: 'object',
        required: ['id', 'text'],
        properties: {
          id: { type: 'string' },
          text: { type: 'string' },
          model: { type: 'string' },
        },
      },
    },
  },
}

const caller = () =>
  describedCaller(createOpenApiMock({ openapi: description }), description, {
    origin: 'http://api.test',
    base: '/v1',
  })

describe('an imported collection with no item path, served by the engine (items: false)', () => {
  it('is declared for the engine, with no items, and a create alone with no list', () => {
    const { api, report } = importOpenApi(description)
    expect(api.resources['apps-secrets']).toMatchObject({ items: false })
    expect(api.resources['apps-secrets']!.list).toBeTruthy()
    expect(api.resources['audio-transcriptions']).toMatchObject({
      items: false,
      list: false,
    })
    // No route of the importer's own answers them.
    expect(api.routes ?? []).toEqual([])
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual([
      'GET /apps/secrets list',
      'POST /apps/secrets create',
      'POST /audio/transcriptions create',
    ])
  })

  it('creates a record as the description answers it, its ETag and no Location, and lists it in the envelope the description draws', async () => {
    const call = caller()
    const created = await call('POST', '/apps/secrets', {
      name: 'token',
      payload: 'shh',
    })
    expect(created.status).toBe(200)
    expect(created.headers.get('Location')).toBeNull()
    expect(created.headers.get('ETag')).toMatch(/^"/)
    const made = (await created.json()) as Record<string, unknown>
    expect(made).toMatchObject({ name: 'token', payload: 'shh' })
    expect(made).not.toHaveProperty('_links')
    const listed = await call(
      'GET',
      '/apps/secrets?scope[type]=account&limit=100',
    )
    expect(listed.status).toBe(200)
    const page = (await listed.json()) as { data: { name: string }[] }
    expect(page).toMatchObject({ object: 'list', has_more: false })
    expect(page.data.map((s) => s.name)).toContain('token')
  })

  it('lists every invalid field of a create in one 422, and creates where the body holds', async () => {
    const call = caller()
    const refused = await call('POST', '/apps/secrets', { name: 7 })
    expect(refused.status).toBe(422)
    const problem = (await refused.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/name',
      '#/payload',
    ])
    const made = await call('POST', '/audio/transcriptions', {
      model: 'whisper-1',
    })
    expect(made.status).toBe(200)
    expect(made.headers.get('ETag')).toMatch(/^"/)
    expect(made.headers.get('Location')).toBeNull()
  })

  it('answers no GET where the description lists a create alone, nor any item below a collection', async () => {
    const call = caller()
    const list = await call('GET', '/audio/transcriptions')
    expect(list.status).toBe(405)
    expect(list.headers.get('Allow')).toContain('POST')
    expect((await call('GET', '/apps/secrets/1')).status).toBe(404)
  })
})

const run = { $ref: '#/components/schemas/Run' }
const teamParams = [
  { name: 'org', in: 'path', required: true, schema: { type: 'string' } },
  { name: 'team_slug', in: 'path', required: true, schema: { type: 'string' } },
]
/** Runs below a team of an organisation, listed and created, with no item path. */
const nested = {
  openapi: '3.1.0',
  info: { title: 'Nested, no items', version: '1' },
  servers: [{ url: '/v1' }],
  paths: {
    '/orgs/{org}/teams/{team_slug}/runs': {
      parameters: teamParams,
      get: {
        responses: {
          '200': {
            description: 'the runs',
            content: json({ type: 'array', items: run }),
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string' } },
          }),
        },
        responses: { '201': { description: 'made', content: json(run) } },
      },
    },
  },
  components: {
    schemas: {
      Run: {
        type: 'object',
        required: ['id', 'status'],
        properties: { id: { type: 'integer' }, status: { type: 'string' } },
      },
    },
  },
}

describe('an imported nested collection with no item path, served by the engine', () => {
  it('is declared below its parents with no items, and lists only the rows of the parents its path names', async () => {
    const { api } = importOpenApi(nested)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources['orgs-teams-runs']).toMatchObject({
      items: false,
      path: '/orgs/{org}/teams/{team_slug}/runs',
    })
    const call = describedCaller(
      createOpenApiMock({ openapi: nested }),
      nested,
      { origin: 'http://api.test', base: '/v1' },
    )
    const created = await call('POST', '/orgs/acme/teams/core/runs', {
      status: 'queued',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('Location')).toBeNull()
    expect(created.headers.get('ETag')).toMatch(/^"/)
    const mine = (await (
      await call('GET', '/orgs/acme/teams/core/runs')
    ).json()) as { status: string }[]
    expect(mine.map((r) => r.status)).toEqual(['queued'])
    const theirs = (await (
      await call('GET', '/orgs/acme/teams/web/runs')
    ).json()) as unknown[]
    expect(theirs).toEqual([])
  })
})

/**
 * The same runs, one also read at a path of its own (`GET /runs/{run_id}`, as GitHub reads an
 * issue comment its issue's path lists and creates).
 */
const readElsewhere = {
  ...nested,
  paths: {
    ...nested.paths,
    '/runs/{run_id}': {
      get: {
        parameters: [
          {
            name: 'run_id',
            in: 'path',
            required: true,
            schema: { type: 'integer' },
          },
        ],
        responses: { '200': { description: 'the run', content: json(run) } },
      },
    },
  },
}

describe('an imported nested collection with no item path whose record another path reads', () => {
  it('is still declared below its parents with no items, served by the engine', async () => {
    const { api, report } = importOpenApi(readElsewhere)
    expect(
      (api.routes ?? []).filter((r) => r.path.startsWith('/orgs')),
    ).toEqual([])
    expect(api.resources['orgs-teams-runs']).toMatchObject({
      items: false,
      path: '/orgs/{org}/teams/{team_slug}/runs',
    })
    expect(
      report.operations
        .filter((o) => o.path.startsWith('/orgs'))
        .map((o) => `${o.method} ${o.servedAs} ${o.resource}`),
    ).toEqual(['GET list orgs-teams-runs', 'POST create orgs-teams-runs'])
    const call = describedCaller(
      createOpenApiMock({ openapi: readElsewhere }),
      readElsewhere,
      { origin: 'http://api.test', base: '/v1' },
    )
    const created = await call('POST', '/orgs/acme/teams/core/runs', {
      status: 'queued',
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('ETag')).toMatch(/^"/)
    const mine = (await (
      await call('GET', '/orgs/acme/teams/core/runs')
    ).json()) as { status: string }[]
    expect(mine.map((r) => r.status)).toEqual(['queued'])
    expect(
      await (await call('GET', '/orgs/acme/teams/web/runs')).json(),
    ).toEqual([])
    const invalid = await call('POST', '/orgs/acme/teams/core/runs', {
      status: 7,
    })
    expect(invalid.status).toBe(422)
    expect(
      (await (await call('GET', '/orgs/acme/teams/core/runs')).json()) as [],
    ).toHaveLength(1)
  })
})

/**
 * The same runs, with notes made below one of them (`POST /orgs/{org}/teams/{team_slug}/runs/
 * {run_id}/notes`, as GitHub's pull request comments have replies): the runs have items.
 */
const withPathBelow = {
  ...nested,
  paths: {
    ...nested.paths,
    '/orgs/{org}/teams/{team_slug}/runs/{run_id}/notes': {
      parameters: [
        ...teamParams,
        {
          name: 'run_id',
          in: 'path',
          required: true,
          schema: { type: 'integer' },
        },
      ],
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['text'],
            properties: { text: { type: 'string' } },
          }),
        },
        responses: {
          '201': {
            description: 'made',
            content: json({
              type: 'object',
              required: ['id', 'text'],
              properties: { id: { type: 'integer' }, text: { type: 'string' } },
            }),
          },
        },
      },
    },
  },
}

describe('an imported nested collection with no item path and a path below its records', () => {
  it('is the engine’s, with items, and lists only the rows of the parents its path names', async () => {
    const { api, report } = importOpenApi(withPathBelow)
    expect(api.routes ?? []).toEqual([])
    const runs = api.resources['orgs-teams-runs']
    expect(runs).toMatchObject({ path: '/orgs/{org}/teams/{team_slug}/runs' })
    expect(runs?.items).not.toBe(false)
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual([
      'GET /orgs/{org}/teams/{team_slug}/runs list',
      'POST /orgs/{org}/teams/{team_slug}/runs create',
      'POST /orgs/{org}/teams/{team_slug}/runs/{run_id}/notes create',
    ])
    const call = describedCaller(
      createOpenApiMock({ openapi: withPathBelow }),
      withPathBelow,
      { origin: 'http://api.test', base: '/v1' },
    )
    const created = await call('POST', '/orgs/acme/teams/core/runs', {
      status: 'queued',
    })
    expect(created.status).toBe(201)
    expect(
      (
        (await (await call('GET', '/orgs/acme/teams/core/runs')).json()) as {
          status: string
        }[]
      ).map((r) => r.status),
    ).toEqual(['queued'])
    expect(
      await (await call('GET', '/orgs/acme/teams/web/runs')).json(),
    ).toEqual([])
  })
})

/** A token made below an organisation by a POST that takes no body, as GitHub's runners' are. */
const noBody = {
  openapi: '3.1.0',
  info: { title: 'Tokens', version: '1' },
  servers: [{ url: '/v1' }],
  paths: {
    '/orgs/{org}/runners/registration-token': {
      post: {
        parameters: [
          {
            name: 'org',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: {
          '201': {
            description: 'made',
            content: json({
              type: 'object',
              required: ['id', 'token', 'expires_at'],
              properties: {
                id: { type: 'integer' },
                token: { type: 'string' },
                expires_at: { type: 'string', format: 'date-time' },
              },
            }),
          },
        },
      },
    },
  },
}

describe('an imported create that takes no body', () => {
  it('is the engine’s: the record drawn from its schema, and any member sent refused by name', async () => {
    const { api } = importOpenApi(noBody)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources['orgs-runners-registration-token']).toMatchObject({
      items: false,
      list: false,
      path: '/orgs/{org}/runners/registration-token',
    })
    const call = describedCaller(
      createOpenApiMock({ openapi: noBody }),
      noBody,
      {
        origin: 'http://api.test',
        base: '/v1',
      },
    )
    const made = await call('POST', '/orgs/acme/runners/registration-token')
    expect(made.status).toBe(201)
    expect(made.headers.get('ETag')).toMatch(/^"/)
    expect(await made.json()).toMatchObject({
      token: expect.any(String),
      expires_at: expect.any(String),
    })
    const refused = await call(
      'POST',
      '/orgs/acme/runners/registration-token',
      {
        token: 'mine',
        scope: 'all',
      },
    )
    expect(refused.status).toBe(422)
    const problem = (await refused.json()) as {
      errors: { pointer: string; message: string }[]
    }
    expect(
      problem.errors.map((e) => `${e.pointer} ${e.message}`).sort(),
    ).toEqual([
      '#/scope is not a known member',
      '#/token is not a known member',
    ])
  })
})

const batch = { $ref: '#/components/schemas/Batch' }
/** A create with no item path, and an action below one of its records. */
const actions = {
  openapi: '3.1.0',
  info: { title: 'Batches', version: '1' },
  servers: [{ url: '/v1' }],
  paths: {
    '/jobs/batches': {
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['size'],
            properties: { size: { type: 'integer' } },
          }),
        },
        responses: { '200': { description: 'made', content: json(batch) } },
      },
    },
    // Another path, so that /jobs is no prefix of every path (the base would take it).
    '/teams': {
      get: {
        responses: {
          '200': {
            description: 'the teams',
            content: json({ type: 'array', items: batch }),
          },
        },
      },
    },
    '/jobs/batches/{batch_id}/cancel': {
      post: {
        parameters: [
          {
            name: 'batch_id',
            in: 'path',
            required: true,
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'cancelled', content: json(batch) },
        },
      },
    },
  },
  components: {
    schemas: {
      Batch: {
        type: 'object',
        required: ['id', 'size'],
        properties: { id: { type: 'string' }, size: { type: 'integer' } },
      },
    },
  },
}

describe('an imported create with no item path but a path below its records', () => {
  it('is a collection of the engine with items, the path below them an action on an existing one', async () => {
    const { api, report } = importOpenApi(actions)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources['jobs-batches']!.items).toBeUndefined()
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.servedAs}`),
    ).toEqual([
      'POST /jobs/batches create',
      'GET /teams list',
      'POST /jobs/batches/{batch_id}/cancel action',
    ])
    const call = describedCaller(
      createOpenApiMock({ openapi: actions }),
      actions,
      { origin: 'http://api.test', base: '/v1' },
    )
    const created = await call('POST', '/jobs/batches', { size: 3 })
    expect(created.status).toBe(200)
    const { id } = (await created.json()) as { id: string }
    expect((await call('POST', `/jobs/batches/${id}/cancel`)).status).toBe(200)
    expect((await call('POST', '/jobs/batches/nope/cancel')).status).toBe(404)
  })
})

const playlist = { $ref: '#/components/schemas/Playlist' }
/** A record made at one path (`POST /me/playlists`) and read at another, as Spotify's. */
const elsewhere = {
  openapi: '3.1.0',
  info: { title: 'Playlists', version: '1' },
  servers: [{ url: '/v1' }],
  paths: {
    '/playlists/{playlist_id}': {
      parameters: [
        {
          name: 'playlist_id',
          in: 'path',
          required: true,
          schema: { type: 'string' },
        },
      ],
      get: {
        responses: { '200': { description: 'one', content: json(playlist) } },
      },
    },
    '/me/playlists': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            description: 'mine',
            content: json({
              type: 'object',
              required: ['items'],
              properties: { items: { type: 'array', items: playlist } },
            }),
          },
        },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string' },
              public: { type: 'boolean' },
            },
          }),
        },
        responses: { '201': { description: 'made', content: json(playlist) } },
      },
    },
  },
  components: {
    schemas: {
      Playlist: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          public: { type: 'boolean' },
        },
      },
    },
  },
}

describe('an imported create that makes another collection’s record', () => {
  it('is that resource’s create at its path, its list a search there: the item reads the record back with the same ETag', async () => {
    const { api, report } = importOpenApi(elsewhere)
    expect(api.routes ?? []).toEqual([])
    expect(api.resources.playlists!.creates?.map((c) => c.path)).toEqual([
      '/me/playlists',
    ])
    expect(
      report.operations.map((o) => `${o.method} ${o.path} ${o.resource}`),
    ).toEqual([
      'GET /playlists/{playlist_id} playlists',
      'GET /me/playlists playlists',
      'POST /me/playlists playlists',
    ])
    const call = describedCaller(
      createOpenApiMock({ openapi: elsewhere }),
      elsewhere,
      { origin: 'http://api.test', base: '/v1' },
    )
    const created = await call('POST', '/me/playlists', { name: 'Evening' })
    expect(created.status).toBe(201)
    const location = created.headers.get('Location')!
    expect(location).toMatch(/^\/v1\/playlists\/[^/]+$/)
    const read = await call('GET', location.slice('/v1'.length))
    expect(read.status).toBe(200)
    expect(read.headers.get('ETag')).toBe(created.headers.get('ETag'))
    expect(await read.json()).toMatchObject({ name: 'Evening' })
    const mine = (await (
      await call('GET', '/me/playlists?limit=50')
    ).json()) as {
      items: { name: string }[]
    }
    expect(mine.items.map((p) => p.name)).toContain('Evening')
    const refused = await call('POST', '/me/playlists', { public: 'yes' })
    expect(refused.status).toBe(422)
    const problem = (await refused.json()) as { errors: { pointer: string }[] }
    expect(problem.errors.map((e) => e.pointer).sort()).toEqual([
      '#/name',
      '#/public',
    ])
  })
})

const stripe = openApiCorpus()?.find((e) => e.folder === 'stripe')

describe.skipIf(!stripe)(
  `Stripe's collections with no item path (${path.relative(process.cwd(), corpusRoot)})`,
  () => {
    it(
      'creates an app secret from a form and lists it by its scope, creates a billing portal session, and makes a tax transaction its item reads, each served by the engine',
      { timeout: 60_000 },
      async () => {
        const document = await loadOpenApi(stripe!.file)
        const { api } = importOpenApi(document)
        for (const name of ['apps-secrets', 'billing-portal-sessions'])
          expect(api.resources[name], name).toMatchObject({ items: false })
        const mock = createOpenApiMock({ openapi: document })
        const send = (method: string, url: string, form?: string) =>
          mock.fetch(
            new Request(`http://api.test/v1${url}`, {
              method,
              headers: {
                Authorization: 'Bearer sk_test_1',
                ...(form && {
                  'Content-Type': 'application/x-www-form-urlencoded',
                }),
              },
              ...(form && { body: form }),
            }),
          )
        const created = await send(
          'POST',
          '/apps/secrets',
          'name=token&payload=shh&scope[type]=account',
        )
        expect(created.status).toBe(200)
        expect(created.headers.get('Location')).toBeNull()
        const listed = await send(
          'GET',
          '/apps/secrets?scope[type]=account&expand[]=data.payload&expand[]=data.scope',
        )
        expect(listed.status).toBe(200)
        const page = (await listed.json()) as { data: { name: string }[] }
        expect(page.data.map((s) => s.name)).toContain('token')
        const session = await send(
          'POST',
          '/billing_portal/sessions',
          'customer=cus_1&return_url=https://example.com/account',
        )
        expect(session.status).toBe(200)
        expect(session.headers.get('ETag')).toMatch(/^"/)
        expect(session.headers.get('Location')).toBeNull()
        // A tax transaction made at a path of its own is read back at its item, one ETag.
        expect(
          api.resources['tax-transactions']!.creates?.map((c) => c.path),
        ).toContain('/tax/transactions/create_from_calculation')
        const transaction = await send(
          'POST',
          '/tax/transactions/create_from_calculation',
          'calculation=taxcalc_1&reference=order_1',
        )
        expect(transaction.status).toBe(200)
        const location = transaction.headers.get('Location')!
        expect(location).toMatch(/^\/v1\/tax\/transactions\/[^/]+$/)
        const read = await send('GET', location.slice('/v1'.length))
        expect(read.status).toBe(200)
        expect(read.headers.get('ETag')).toBe(transaction.headers.get('ETag'))
      },
    )
  },
)
