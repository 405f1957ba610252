import {
  ApolloClient,
  CombinedGraphQLErrors,
  gql,
  HttpLink,
  InMemoryCache,
} from '@apollo/client'
import { relayStylePagination } from '@apollo/client/utilities'
import { cacheExchange, Client, fetchExchange } from '@urql/core'
import { ClientError, GraphQLClient } from 'graphql-request'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setupMockServer } from '../../../src/msw/node.ts'
import { gardenApi } from '../../support/garden-api.ts'

/** Three GraphQL clients as apps use them, against the garden under msw's setupServer. */
const { api, server } = setupMockServer({ api: gardenApi, basePath: '/garden' })
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())
beforeEach(() => api.reset())

const URL = 'http://localhost/garden/graphql'
const HEADERS = { Authorization: 'Bearer ada-token' }

/** The REST list's order, the one each client pages through. */
async function restIds() {
  const response = await fetch(
    'http://localhost/garden/plants?sort=name&perPage=100',
    { headers: HEADERS },
  )
  const { items } = (await response.json()) as { items: { id: number }[] }
  return items.map((p) => String(p.id))
}

describe('Apollo Client', { timeout: 30_000 }, () => {
  const newClient = () =>
    new ApolloClient({
      link: new HttpLink({ uri: URL, headers: HEADERS }),
      cache: new InMemoryCache({
        typePolicies: {
          Query: { fields: { plants: relayStylePagination(['orderBy']) } },
        },
      }),
    })

  const PLANTS = gql`
    query Plants($first: Int, $after: String, $last: Int, $before: String) {
      plants(
        first: $first
        after: $after
        last: $last
        before: $before
        orderBy: [{ field: NAME, direction: ASC }]
      ) {
        edges {
          cursor
          node {
            id
            name
            status
          }
        }
        pageInfo {
          hasNextPage
          hasPreviousPage
          startCursor
          endCursor
        }
      }
    }
  `
  type PlantsData = {
    plants: {
      edges: { node: { id: string; name: string; status: string } }[]
      pageInfo: {
        hasNextPage: boolean
        hasPreviousPage: boolean
        startCursor: string
        endCursor: string
      }
    }
  }

  it('updates its normalized cache from a mutation: the list and the record read the new state', async () => {
    const client = newClient()
    const list = await client.query<PlantsData>({
      query: PLANTS,
      variables: { first: 10 },
    })
    expect(list.data!.plants.edges.map((e) => e.node.status)).toContain(
      'GROWING',
    )
    const basil = list.data!.plants.edges.find((e) => e.node.name === 'Basil')!
    await client.mutate({
      mutation: gql`
        mutation Harvest($id: ID!) {
          harvestPlant(id: $id) {
            id
            status
          }
        }
      `,
      variables: { id: basil.node.id },
    })
    const cached = client.readQuery<PlantsData>({
      query: PLANTS,
      variables: { first: 10 },
    })
    expect(
      cached!.plants.edges.find((e) => e.node.id === basil.node.id)!.node
        .status,
    ).toBe('HARVESTED')
    expect(api.data.plants.get(Number(basil.node.id))!.status).toBe('harvested')
  })

  it('pages forwards with fetchMore through every page, then backwards from the end', async () => {
    const expected = await restIds()
    const forwardClient = newClient()
    const forward = forwardClient.watchQuery<PlantsData>({
      query: PLANTS,
      variables: { first: 2 },
    })
    const subscription = forward.subscribe(() => {})
    let page = (await forward.refetch()).data!
    let guard = 0
    while (page.plants.pageInfo.hasNextPage && guard++ < 10)
      page = (
        await forward.fetchMore({
          variables: { after: page.plants.pageInfo.endCursor },
        })
      ).data as PlantsData
    // The cache holds the merged list (relayStylePagination): read it as the app's next render would.
    const all = forwardClient.readQuery<PlantsData>({
      query: PLANTS,
      variables: { first: 2 },
    })!
    expect(all.plants.edges.map((e) => e.node.id)).toEqual(expected)
    subscription.unsubscribe()

    const backwardClient = newClient()
    const backward = backwardClient.watchQuery<PlantsData>({
      query: PLANTS,
      variables: { last: 2 },
    })
    const again = backward.subscribe(() => {})
    page = (await backward.refetch()).data!
    guard = 0
    while (page.plants.pageInfo.hasPreviousPage && guard++ < 10)
      page = (
        await backward.fetchMore({
          variables: { last: 2, before: page.plants.pageInfo.startCursor },
        })
      ).data as PlantsData
    const whole = backwardClient.readQuery<PlantsData>({
      query: PLANTS,
      variables: { last: 2 },
    })!
    expect(whole.plants.edges.map((e) => e.node.id)).toEqual(expected)
    again.unsubscribe()
  })

  it('surfaces a declaration error with its code and status', async () => {
    const error = await newClient()
      .mutate({
        mutation: gql`
          mutation {
            createPlant(
              input: {
                name: "Sage"
                bedId: 1
                heightCm: -1
                sownOn: "2026-05-01"
              }
            ) {
              id
            }
          }
        `,
      })
      .then(
        (result) => result.error,
        (thrown: unknown) => thrown,
      )
    expect(CombinedGraphQLErrors.is(error)).toBe(true)
    expect(
      (error as CombinedGraphQLErrors).errors[0]!.extensions,
    ).toMatchObject({
      code: 'validation-failed',
      status: 422,
    })
  })
})

describe('urql', { timeout: 30_000 }, () => {
  const client = new Client({
    url: URL,
    exchanges: [cacheExchange, fetchExchange],
    fetchOptions: { headers: HEADERS },
  })

  it('queries, mutates, and reads the 409 of a stale action as a GraphQL error', async () => {
    const read = await client
      .query('query ($id: ID!) { plant(id: $id) { id name bed { name } } }', {
        id: '1',
      })
      .toPromise()
    expect(read.error).toBeUndefined()
    expect(read.data).toMatchObject({
      plant: { id: '1', name: 'Basil', bed: { name: 'North' } },
    })
    const lend = 'mutation ($id: ID!) { lendPlant(id: $id) { id status } }'
    const lent = await client.mutation(lend, { id: '1' }).toPromise()
    expect(lent.data).toMatchObject({
      lendPlant: { id: '1', status: 'ON_LOAN' },
    })
    const stale = await client.mutation(lend, { id: '1' }).toPromise()
    expect(stale.error?.graphQLErrors[0]?.extensions).toMatchObject({
      code: 'state-conflict',
      status: 409,
    })
  })
})

describe('graphql-request', { timeout: 30_000 }, () => {
  it('creates a row that REST reads back, and throws a ClientError naming the problem', async () => {
    const client = new GraphQLClient(URL, { headers: HEADERS })
    const { createPlant } = await client.request<{
      createPlant: { id: string }
    }>(
      'mutation ($input: CreatePlantInput!) { createPlant(input: $input) { id } }',
      {
        input: { name: 'Sorrel', bedId: 2, heightCm: 6, sownOn: '2026-04-02' },
      },
    )
    const rest = await fetch(
      `http://localhost/garden/plants/${createPlant.id}`,
      {
        headers: HEADERS,
      },
    )
    expect(await rest.json()).toMatchObject({ name: 'Sorrel', bedId: 2 })

    const failure = await client
      .request('mutation { deletePlant(id: "999") { id } }')
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ClientError)
    expect(
      (failure as ClientError).response.errors?.[0]?.extensions,
    ).toMatchObject({
      code: 'not-found',
      status: 404,
    })
  })
})
