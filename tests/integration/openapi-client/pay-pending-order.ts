import createClient from 'openapi-fetch'
// Written by openapi.test.ts from the description the running mock serves (git-ignored).
import type { paths } from './generated/hypermock-api.ts'

/**
 * What an app generated from the served description does: reads the root, lists pending orders
 * through the link the root names, and pays the first one through that order's `pay` link. Every
 * type comes from the description; there is no cast, so a drift in the description breaks the build.
 */
export async function payPendingOrder(origin: string, token: string) {
  const client = createClient<paths>({
    baseUrl: origin,
    headers: { Authorization: `Bearer ${token}` },
    // The API lists alternatives with commas (`status=pending,paid`), as the description says.
    querySerializer: { array: { style: 'form', explode: false } },
  })
  const root = await client.GET('/api')
  if (!root.data) throw new Error(`GET /api answered ${root.response.status}`)
  if (root.data._links.orders.href !== '/api/orders')
    throw new Error(`the root's orders link is ${root.data._links.orders.href}`)

  const orders = await client.GET('/api/orders', {
    params: { query: { status: ['pending'], sort: ['-total'], perPage: 5 } },
  })
  if (!orders.data)
    throw new Error(`GET /api/orders answered ${orders.response.status}`)
  const order = orders.data.items[0]
  if (order?.status !== 'pending') throw new Error('no pending order to pay')
  // Only a pending order has a `pay` link: the generated union knows it.
  const pay = order._links.pay
  if (pay.href !== `/api/orders/${order.id}/payment`)
    throw new Error(`the pay link is ${pay.href}`)

  const paid = await client.POST('/api/orders/{id}/payment', {
    params: {
      path: { id: order.id },
      header: { 'Idempotency-Key': `pay-order-${order.id}` },
    },
  })
  if (!paid.data)
    throw new Error(
      `POST ${pay.href} answered ${paid.response.status}: ${paid.error?.title ?? ''}`,
    )
  return {
    order,
    payment: paid.data,
    location: paid.response.headers.get('Location'),
  }
}
