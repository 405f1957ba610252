import { HttpResponse } from '../http-response.ts'
import { isAdmin } from '../auth/tokens.ts'
import type { CollectionFields } from '../collections/query.ts'
import { etagFor, presentOrder } from '../hypermedia/present.ts'
import { fail } from '../problems/problem-error.ts'
import type { HandlerContext, RouteSpec } from '../route-spec.ts'
import { currencies, type Order } from '../store/types.ts'
import {
  validate,
  validationFailed,
  type FieldError,
} from '../validation/validate.ts'
import {
  emptyAction,
  orderCreate,
  orderReplace,
  toMinorUnits,
  totalFitsCurrency,
} from '../validation/schemas.ts'
import { stateConflict } from './order-conflict.ts'
import { paymentResponse } from './payments.ts'
import {
  checkIfMatch,
  itemResponse,
  type ItemResponseInit,
  listHandler,
  itemRoute,
  visible,
  type ItemHandler,
  itemLoader,
} from './common.ts'

export const orderFields: CollectionFields = {
  status: { type: ['pending', 'paid', 'cancelled'] },
  currency: { type: currencies },
  customerId: { type: 'integer' },
  total: { type: 'number' },
  createdAt: { type: 'timestamp' },
  updatedAt: { type: 'timestamp' },
}

export const loadOrder = itemLoader(
  'order',
  (runtime, id) => runtime.db.orders.get(id),
  (principal, order) => visible(principal, order.customerId),
)

export const orderEtag = (order: Order) =>
  etagFor('order', order.id, order.version)

export function orderResponse(
  order: Order,
  base: string,
  init: ItemResponseInit = {},
) {
  return itemResponse(presentOrder(order, base), orderEtag(order), init)
}

function currencyErrors(
  total: number,
  currency: Order['currency'],
): FieldError[] {
  return totalFitsCurrency(total, currency)
    ? []
    : [
        {
          field: 'total',
          message: `must be a whole number for ${currency}, which has no minor unit`,
          pointer: '#/total',
        },
      ]
}

export const listOrders = listHandler({
  fields: orderFields,
  rows: (ctx) => ctx.runtime.db.orders.rows.values(),
  where: (ctx) => (o) => visible(ctx.principal, o.customerId),
  present: presentOrder,
})

export function createOrder(ctx: HandlerContext) {
  const input = validate(orderCreate, ctx.body)
  const admin = isAdmin(ctx.principal)
  const { db, clock, basePath } = ctx.runtime
  const errors = currencyErrors(input.total, input.currency)
  if (!admin && input.customerId !== undefined) {
    errors.push({
      field: 'customerId',
      message:
        'may be set only with an admin token; orders belong to the caller',
      pointer: '#/customerId',
    })
  }
  if (admin && input.customerId === undefined)
    errors.push({
      field: 'customerId',
      message: 'is required with an admin token',
      pointer: '#/customerId',
    })
  if (
    admin &&
    input.customerId !== undefined &&
    !db.customers.get(input.customerId)
  ) {
    errors.push({
      field: 'customerId',
      message: `names no customer (${input.customerId})`,
      pointer: '#/customerId',
    })
  }
  if (errors.length > 0) validationFailed(errors, true)
  const customers = ctx.principal.customers
  const customerId =
    input.customerId ?? (customers === 'all' ? 0 : customers[0]!)
  const now = clock.iso()
  const order = db.orders.insert((id) => ({
    id,
    status: 'pending',
    total: input.total,
    currency: input.currency,
    customerId,
    note: input.note ?? null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    paymentId: null,
  }))
  return orderResponse(order, basePath, {
    status: 201,
    location: `${basePath}/orders/${order.id}`,
  })
}

export const getOrder: ItemHandler<Order> = (ctx, order) =>
  orderResponse(order, ctx.runtime.basePath)

export const replaceOrder: ItemHandler<Order> = (ctx, order) => {
  checkIfMatch(ctx, orderEtag(order))
  const input = validate(orderReplace, ctx.body)
  const errors = currencyErrors(input.total, input.currency)
  if (errors.length > 0) validationFailed(errors, true)
  if (order.status !== 'pending') stateConflict(order, 'edited', ctx.path)
  if (input.version !== undefined && input.version !== order.version) {
    fail('version-mismatch', {
      detail: `The body says version ${input.version}, but order ${order.id} is at version ${order.version}. Re-read it, apply your change, and send it again.`,
      extensions: { currentVersion: order.version },
    })
  }
  const updated = ctx.runtime.db.orders.update({
    ...order,
    total: input.total,
    currency: input.currency,
    note: input.note ?? null,
    version: order.version + 1,
    updatedAt: ctx.runtime.clock.iso(),
  })
  return orderResponse(updated, ctx.runtime.basePath)
}

/** Paid orders are financial records: deleting one is a state conflict. */
export const deleteOrder: ItemHandler<Order> = (ctx, order) => {
  checkIfMatch(ctx, orderEtag(order))
  if (order.status === 'paid') stateConflict(order, 'deleted', ctx.path)
  ctx.runtime.db.orders.delete(order.id)
  return HttpResponse.empty()
}

export const cancelOrder: ItemHandler<Order> = (ctx, order) => {
  checkIfMatch(ctx, orderEtag(order))
  validate(emptyAction, ctx.body)
  if (order.status !== 'pending') stateConflict(order, 'cancelled', ctx.path)
  const updated = ctx.runtime.db.orders.update({
    ...order,
    status: 'cancelled',
    version: order.version + 1,
    updatedAt: ctx.runtime.clock.iso(),
  })
  return orderResponse(updated, ctx.runtime.basePath)
}

export const payOrder: ItemHandler<Order> = (ctx, order) => {
  checkIfMatch(ctx, orderEtag(order))
  validate(emptyAction, ctx.body)
  if (order.status !== 'pending') stateConflict(order, 'paid', ctx.path)
  const { db, clock, basePath } = ctx.runtime
  const now = clock.iso()
  const payment = db.payments.insert((id) => ({
    id,
    amount: toMinorUnits(order.total, order.currency),
    currency: order.currency,
    status: 'succeeded',
    orderId: order.id,
    customerId: order.customerId,
    createdAt: now,
  }))
  db.orders.update({
    ...order,
    status: 'paid',
    paymentId: payment.id,
    version: order.version + 1,
    updatedAt: now,
  })
  return paymentResponse(payment, basePath, {
    status: 201,
    location: `${basePath}/payments/${payment.id}`,
  })
}

export const orderRoutes: readonly RouteSpec[] = [
  { path: '/orders', methods: { GET: listOrders, POST: createOrder } },
  itemRoute('/orders/:id', loadOrder, {
    GET: getOrder,
    PUT: replaceOrder,
    DELETE: deleteOrder,
  }),
  itemRoute('/orders/:id/cancel', loadOrder, { POST: cancelOrder }),
  itemRoute('/orders/:id/payment', loadOrder, { POST: payOrder }),
]
