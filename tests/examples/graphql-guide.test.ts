import { GraphQLClient } from 'graphql-request'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { setupMockServer } from '../../src/msw/node.ts'

// docs/guide/graphql.md: one state, two faces
const { api, server } = setupMockServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

it('pays an order over GraphQL that REST then reads as paid', async () => {
  const client = new GraphQLClient('http://localhost/api/graphql', {
    headers: { Authorization: 'Bearer customer-1-token' },
  })
  const { orders } = await client.request<{
    orders: { totalCount: number; edges: { node: { id: string } }[] }
  }>(`query Pending {
    orders(first: 5, filter: { status: PENDING }, orderBy: [{ field: TOTAL, direction: DESC }]) {
      totalCount
      edges { node { id total currency status payment { id } } }
    }
  }`)
  const id = orders.edges[0]!.node.id
  const { payOrder } = await client.request<{
    payOrder: { status: string; payment: { amount: number } }
  }>(
    'mutation Pay($id: ID!) { payOrder(id: $id) { status payment { amount } } }',
    { id },
  )
  expect(payOrder.status).toBe('PAID')

  const order = await fetch(`http://localhost/api/orders/${id}`, {
    headers: { Authorization: 'Bearer customer-1-token' },
  })
  expect(await order.json()).toMatchObject({ status: 'paid' })
  expect(api.journal.list().at(-2)?.graphql).toEqual({
    type: 'mutation',
    name: 'Pay',
    fields: ['payOrder'],
  })
})
