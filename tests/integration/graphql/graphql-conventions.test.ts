import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setupMockServer } from '../../../src/msw/node.ts'
import { gardenApi } from '../../support/garden-api.ts'

/**
 * The REST conventions, met over GraphQL on one declaration (a garden no other test declares),
 * through msw's setupServer and real fetch.
 */
const { api, server } = setupMockServer({ api: gardenApi, basePath: '/garden' })
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())
beforeEach(() => api.reset())

const BASE = 'http://localhost/garden'

interface GraphqlAnswer {
  data?: Record<string, unknown> | null
  errors?: {
    message: string
    path?: string[]
    extensions: Record<string, unknown>
  }[]
}

async function graphql(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = { Authorization: 'Bearer ada-token' },
) {
  const response = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/graphql-response+json',
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  })
  const text = await response.text()
  return {
    response,
    body: (response.headers.get('Content-Type')?.includes('json')
      ? JSON.parse(text)
      : text) as GraphqlAnswer,
  }
}

const rest = (path: string, init: RequestInit = {}, token = 'ada-token') =>
  fetch(`${BASE}${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  })

const PLANT_FIELDS =
  'id name bedId gardenerId status heightCm sownOn label version createdAt updatedAt'

describe('reads', () => {
  it('answers every declared field of a record as REST does, enum values in SCREAMING_SNAKE_CASE', async () => {
    await rest('/plants/2', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ label: 'chard@garden.example' }),
    })
    await rest('/plants/2/lend', { method: 'POST', body: '{}' })
    const { response, body } = await graphql(
      `query One($id: ID!) { plant(id: $id) { ${PLANT_FIELDS} bed { id name } } }`,
      { id: '2' },
    )
    expect(response.status).toBe(200)
    const record = (await (await rest('/plants/2')).json()) as Record<
      string,
      unknown
    >
    const { _links, ...members } = record
    expect(_links).toBeDefined()
    expect(body).toEqual({
      data: {
        plant: {
          ...members,
          id: String(members.id),
          status: 'ON_LOAN',
          bed: { id: '1', name: 'North' },
        },
      },
    })
    expect(members.status).toBe('on-loan')
  })

  it('pages a connection through every page forwards and backwards, as the REST list sorts and filters', async () => {
    const restList = (await (
      await rest('/plants?sort=-heightCm&status=growing&perPage=100')
    ).json()) as { items: { id: number }[] }
    const restIds = restList.items.map((p) => String(p.id))
    expect(restIds.length).toBeGreaterThan(4)
    const query = `query Page($first: Int, $after: String, $last: Int, $before: String) {
      plants(first: $first, after: $after, last: $last, before: $before,
             filter: { status: GROWING }, orderBy: [{ field: HEIGHT_CM, direction: DESC }]) {
        totalCount
        edges { cursor node { id } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      } }`
    type Page = {
      totalCount: number
      edges: { node: { id: string } }[]
      pageInfo: {
        hasNextPage: boolean
        hasPreviousPage: boolean
        startCursor: string | null
        endCursor: string | null
      }
    }
    const forward: string[] = []
    let after: string | null = null
    for (let guard = 0; guard < 10; guard++) {
      const { body } = await graphql(query, { first: 2, after })
      const page = body.data!.plants as Page
      expect(page.totalCount).toBe(restIds.length)
      forward.push(...page.edges.map((e) => e.node.id))
      if (!page.pageInfo.hasNextPage) break
      after = page.pageInfo.endCursor
    }
    expect(forward).toEqual(restIds)
    const backward: string[] = []
    let before: string | null = null
    for (let guard = 0; guard < 10; guard++) {
      const { body } = await graphql(query, { last: 2, before })
      const page = body.data!.plants as Page
      backward.unshift(...page.edges.map((e) => e.node.id))
      if (!page.pageInfo.hasPreviousPage) break
      before = page.pageInfo.startCursor
    }
    expect(backward).toEqual(restIds)
  })

  it('shows each caller the rows its owners see, and nothing of another owner', async () => {
    const { body } = await graphql(
      '{ plants(first: 100) { totalCount edges { node { gardenerId } } } plant(id: "1") { id } }',
      {},
      { Authorization: 'Bearer grace-token' },
    )
    const plants = body.data!.plants as {
      totalCount: number
      edges: { node: { gardenerId: number } }[]
    }
    expect(plants.totalCount).toBe(1)
    expect(plants.edges.map((e) => e.node.gardenerId)).toEqual([2])
    expect(body.data!.plant).toBeNull()
    const update = await graphql(
      'mutation { updatePlant(id: "1", patch: { heightCm: 1 }) { id } }',
      {},
      { Authorization: 'Bearer grace-token' },
    )
    expect(update.response.status).toBe(200)
    expect(update.body.errors![0]!.extensions).toMatchObject({
      code: 'not-found',
      status: 404,
    })
    expect(
      ((await (await rest('/plants/1')).json()) as { heightCm: number })
        .heightCm,
    ).toBe(5)
  })
})

describe('writes', () => {
  it('lists every invalid value at once in the REST 422 item shape, answering HTTP 200', async () => {
    const { response, body } = await graphql(`
      mutation {
        createPlant(
          input: {
            name: "Sage"
            bedId: 3
            heightCm: 900
            sownOn: "2026-02-30"
            label: "not-an-address"
          }
        ) {
          id
        }
      }
    `)
    expect(response.status).toBe(200)
    expect(body.data).toBeNull()
    const error = body.errors![0]!
    expect(error.path).toEqual(['createPlant'])
    expect(error.extensions.code).toBe('validation-failed')
    expect(error.extensions.status).toBe(422)
    const restAnswer = (await (
      await rest('/plants', {
        method: 'POST',
        body: JSON.stringify({
          name: 'Sage',
          bedId: 3,
          heightCm: 900,
          sownOn: '2026-02-30',
          label: 'not-an-address',
        }),
      })
    ).json()) as { errors: unknown[] }
    expect(error.extensions.errors).toEqual(restAnswer.errors)
    expect(
      (error.extensions.errors as { field: string }[])
        .map((e) => e.field)
        .sort(),
    ).toEqual(['bedId', 'heightCm', 'label', 'sownOn'])
    expect(api.data.plants.size).toBe(7)
  })

  it('answers a stale state action with a 409-coded error and changes nothing', async () => {
    const first = await graphql(
      'mutation { harvestPlant(id: "1") { status version } }',
    )
    expect(first.body.data).toEqual({
      harvestPlant: { status: 'HARVESTED', version: 2 },
    })
    const stale = await graphql('mutation { lendPlant(id: "1") { status } }')
    expect(stale.response.status).toBe(200)
    expect(stale.body.errors![0]!.extensions).toMatchObject({
      code: 'state-conflict',
      status: 409,
      currentStatus: 'harvested',
    })
    expect(
      ((await (await rest('/plants/1')).json()) as { version: number }).version,
    ).toBe(2)
  })

  it('reads a row created over GraphQL back over REST, and one created over REST over GraphQL', async () => {
    const made = await graphql(
      'mutation Sow($input: CreatePlantInput!) { createPlant(input: $input) { id status gardenerId } }',
      { input: { name: 'Sage', bedId: 2, heightCm: 4, sownOn: '2026-05-01' } },
    )
    const created = made.body.data!.createPlant as { id: string }
    expect(made.body.data).toEqual({
      createPlant: { id: created.id, status: 'GROWING', gardenerId: 1 },
    })
    const read = await rest(`/plants/${created.id}`)
    expect(read.status).toBe(200)
    expect(await read.json()).toMatchObject({ name: 'Sage', bedId: 2 })

    const posted = await rest('/plants', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Thyme',
        bedId: 1,
        heightCm: 2,
        sownOn: '2026-05-02',
      }),
    })
    const { id } = (await posted.json()) as { id: number }
    const { body } = await graphql(
      'query ($id: ID!) { plant(id: $id) { name bed { name plants { totalCount } } } }',
      { id: String(id) },
    )
    expect(body.data).toEqual({
      plant: {
        name: 'Thyme',
        bed: { name: 'North', plants: { totalCount: 5 } },
      },
    })
  })

  it('replays a mutation sent again with its Idempotency-Key, with one effect', async () => {
    const send = () =>
      graphql(
        'mutation { createPlant(input: { name: "Rue", bedId: 1, heightCm: 3, sownOn: "2026-06-01" }) { id name } }',
        {},
        { Authorization: 'Bearer ada-token', 'Idempotency-Key': 'sow-rue-1' },
      )
    const first = await send()
    const again = await send()
    expect(again.body).toEqual(first.body)
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true')
    expect(first.response.headers.get('Idempotent-Replayed')).toBeNull()
    expect(api.data.plants.list().filter((p) => p.name === 'Rue')).toHaveLength(
      1,
    )
  })

  it('refuses a write to a token without the write scope with a forbidden error', async () => {
    const { body } = await graphql(
      'mutation { harvestPlant(id: "1") { id } }',
      {},
      { Authorization: 'Bearer reader-token' },
    )
    expect(body.errors![0]!.extensions).toMatchObject({
      code: 'forbidden',
      status: 403,
    })
    expect(api.data.plants.get(1)!.status).toBe('growing')
  })

  it('updates a resource that takes only PUT by merging the patch into the record, checked as REST checks it', async () => {
    const { body } = await graphql(
      'mutation { updateBed(id: "1", patch: { capacity: 20 }) { name capacity } }',
    )
    expect(body.data).toEqual({ updateBed: { name: 'North', capacity: 20 } })
    const refused = await graphql(
      'mutation { updateBed(id: "1", patch: { capacity: 99 }) { name } }',
    )
    expect(refused.body.errors![0]!.extensions).toMatchObject({
      code: 'validation-failed',
      errors: [expect.objectContaining({ field: 'capacity' })],
    })
    expect(
      ((await (await rest('/beds/1')).json()) as { capacity: number }).capacity,
    ).toBe(20)
  })

  it('deletes and answers the deleted record', async () => {
    const { body } = await graphql(
      'mutation { deletePlant(id: "3") { id name } }',
    )
    expect(body.data).toEqual({ deletePlant: { id: '3', name: 'Dill' } })
    expect((await rest('/plants/3')).status).toBe(404)
  })
})

describe('the request as a whole', () => {
  it('answers HTTP 401 without a credential or with an unknown one', async () => {
    for (const headers of [{}, { Authorization: 'Bearer nobody' }]) {
      const { response } = await graphql(
        '{ plants { totalCount } }',
        {},
        headers,
      )
      expect(response.status).toBe(401)
      expect(response.headers.get('Content-Type')).toBe(
        'application/problem+json',
      )
    }
  })

  it('applies a fault on POST …/graphql, and only to its requests', async () => {
    api.faults.add({
      match: { method: 'POST', path: '/garden/graphql' },
      effect: { kind: 'status', status: 503 },
    })
    const { response } = await graphql('{ plants { totalCount } }')
    expect(response.status).toBe(503)
    expect((await rest('/plants')).status).toBe(200)
  })

  it('counts one GraphQL request once against the rate limit, however many fields it asks', async () => {
    api.config.update({ rateLimit: { limit: 2, windowSeconds: 60 } })
    const many =
      '{ a: plants { totalCount } b: beds { totalCount } c: gardeners { totalCount } }'
    expect((await graphql(many)).response.status).toBe(200)
    expect((await graphql(many)).response.status).toBe(200)
    expect((await graphql(many)).response.status).toBe(429)
  })

  it('journals one entry per GraphQL request, naming its operation', async () => {
    await graphql(
      'mutation Reap { harvestPlant(id: "2") { id } lendPlant(id: "4") { id } }',
    )
    const entries = api.journal.list()
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/garden/graphql',
      status: 200,
      graphql: {
        type: 'mutation',
        name: 'Reap',
        fields: ['harvestPlant', 'lendPlant'],
      },
    })
  })

  it('links GraphQL from the root and prints its schema', async () => {
    const root = (await (await fetch(BASE)).json()) as {
      _links: Record<string, { href: string }>
    }
    expect(root._links.graphql).toEqual({
      href: '/garden/graphql',
      title: 'GraphQL',
      type: 'application/graphql-response+json',
    })
    const sdl = await (await fetch(`${BASE}/graphql/schema.graphql`)).text()
    for (const line of [
      'type Plant {',
      'enum PlantStatus {',
      '  ON_LOAN',
      '  plants(first: Int, after: String, last: Int, before: String, filter: PlantFilter, orderBy: [PlantOrder!]): PlantConnection!',
      '  plant(id: ID!): Plant',
      '  createPlant(input: CreatePlantInput!): Plant!',
      '  updatePlant(id: ID!, patch: UpdatePlantInput!): Plant!',
      '  deletePlant(id: ID!): Plant',
      '  harvestPlant(id: ID!): Plant!',
      '  bed: Bed',
      'input PlantOrder {',
      '  field: PlantOrderField!',
      '  direction: OrderDirection!',
    ])
      expect(sdl).toContain(line)
  })
})
