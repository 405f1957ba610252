import {
  defineResource,
  type FieldError,
  type InputContext,
} from '../../mock-server/index.ts'
import { toMinorUnits } from './money.ts'
import { payment, paymentCreate, type Order, type Payment } from './schemas.ts'
import { stateConflict } from './state-conflict.ts'
import { paymentSeed } from './seed.ts'
import type { z } from 'zod'

type PaymentInput = z.infer<typeof paymentCreate>

/**
 * A payment, optionally for an order: the amount and currency must match the order's total, and the
 * order becomes `paid`. An order that is no longer pending is a state conflict.
 */
function createPayment(ctx: InputContext<PaymentInput>) {
  const { input } = ctx
  const orders = ctx.data.table<Order>('orders')
  const order =
    input.orderId === undefined ? undefined : orders.get(input.orderId)
  const mine =
    order !== undefined &&
    (ctx.admin ||
      (ctx.principal.owns !== 'all' &&
        ctx.principal.owns.includes(order.customerId)))
  const errors: FieldError[] = []
  if (input.orderId !== undefined && !mine) {
    errors.push({
      field: 'orderId',
      message: `names no order of yours (${input.orderId})`,
      pointer: '#/orderId',
    })
  }
  if (order && mine) {
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
  if (errors.length > 0) ctx.invalid(errors)
  if (order && order.status !== 'pending') stateConflict(ctx, order, 'paid')
  const owns = ctx.principal.owns
  const now = ctx.now()
  const created = ctx.data.table<Payment>('payments').insert({
    amount: input.amount,
    currency: input.currency,
    status: 'succeeded',
    orderId: order?.id ?? null,
    customerId:
      order?.customerId ??
      (owns === 'all' ? null : ((owns[0] as number | undefined) ?? null)),
    createdAt: now,
  })
  if (order) orders.update(order.id, { status: 'paid', paymentId: created.id })
  return ctx.created('payments', created)
}

export const payments = defineResource({
  schema: payment,
  title: 'Payments',
  description: 'Payments, idempotent with `Idempotency-Key`.',
  hidden: ['customerId'],
  owner: 'customerId',
  filters: ['status', 'currency', 'orderId', 'amount', 'createdAt'],
  create: { input: paymentCreate, strictKey: true, handle: createPayment },
  replace: false,
  delete: false,
  relations: { order: { field: 'orderId', to: 'orders' } },
  seed: paymentSeed,
})
