import type { CollectionFields } from '../collections/query.ts'
import { etagFor, presentPayment } from '../hypermedia/present.ts'
import type { HandlerContext, RouteSpec } from '../route-spec.ts'
import { currencies, type Payment } from '../store/types.ts'
import { paymentCreate, toMinorUnits } from '../validation/schemas.ts'
import {
  validate,
  validationFailed,
  type FieldError,
} from '../validation/validate.ts'
import {
  itemResponse,
  listHandler,
  itemRoute,
  visible,
  type ItemHandler,
  itemLoader,
} from './common.ts'
import { stateConflict } from './order-conflict.ts'

export const paymentFields: CollectionFields = {
  status: { type: ['succeeded'] },
  currency: { type: currencies },
  orderId: { type: 'integer', nullable: true },
  amount: { type: 'integer' },
  createdAt: { type: 'timestamp' },
}

export const loadPayment = itemLoader(
  'payment',
  (runtime, id) => runtime.db.payments.get(id),
  (principal, payment) => visible(principal, payment.customerId),
)

export function paymentResponse(
  payment: Payment,
  base: string,
  init: { status?: number; location?: string } = {},
) {
  return itemResponse(
    presentPayment(payment, base),
    etagFor('payment', payment.id),
    init,
  )
}

export const listPayments = listHandler({
  fields: paymentFields,
  rows: (ctx) => ctx.runtime.db.payments.rows.values(),
  where: (ctx) => (p) => visible(ctx.principal, p.customerId),
  present: presentPayment,
})

export const getPayment: ItemHandler<Payment> = (ctx, payment) =>
  paymentResponse(payment, ctx.runtime.basePath)

/**
 * A payment, optionally for an order: the amount and currency must match the order's total, and the
 * order becomes `paid`. An order that is no longer pending is a state conflict.
 */
export function createPayment(ctx: HandlerContext) {
  const input = validate(paymentCreate, ctx.body)
  const { db, clock, basePath } = ctx.runtime
  const order =
    input.orderId === undefined ? undefined : db.orders.get(input.orderId)
  const errors: FieldError[] = []
  if (
    input.orderId !== undefined &&
    (!order || !visible(ctx.principal, order.customerId))
  ) {
    errors.push({
      field: 'orderId',
      message: `names no order of yours (${input.orderId})`,
      pointer: '#/orderId',
    })
  }
  if (order && visible(ctx.principal, order.customerId)) {
    if (order.currency !== input.currency) {
      errors.push({
        field: 'currency',
        message: `must be ${order.currency}, the order's currency`,
        pointer: '#/currency',
      })
    } else if (
      order.status === 'pending' &&
      toMinorUnits(order.total, order.currency) !== input.amount
    ) {
      errors.push({
        field: 'amount',
        message: `must be ${toMinorUnits(order.total, order.currency)}, the order's total in minor units`,
        pointer: '#/amount',
      })
    }
  }
  if (errors.length > 0) validationFailed(errors, true)
  if (order && order.status !== 'pending')
    stateConflict(order, 'paid', ctx.path)
  const customers = ctx.principal.customers
  const now = clock.iso()
  const payment = db.payments.insert((id) => ({
    id,
    amount: input.amount,
    currency: input.currency,
    status: 'succeeded',
    orderId: order?.id ?? null,
    customerId:
      order?.customerId ??
      (customers === 'all' ? null : (customers[0] ?? null)),
    createdAt: now,
  }))
  if (order)
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

export const paymentRoutes: readonly RouteSpec[] = [
  { path: '/payments', methods: { GET: listPayments, POST: createPayment } },
  itemRoute('/payments/:id', loadPayment, { GET: getPayment }),
]
