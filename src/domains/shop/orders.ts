import { defineResource, type FieldError } from '../../mock-server/index.ts'
import { toMinorUnits, totalFitsCurrency, type Currency } from './money.ts'
import { order, orderCreate, orderReplace, type Payment } from './schemas.ts'
import { orderSeed } from './seed.ts'

function currencyErrors(total: number, currency: Currency): FieldError[] {
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

/**
 * Orders: their `_links` follow their state. Pending orders can be paid (which creates a payment)
 * or cancelled, replaced, or deleted; a paid order is a financial record and stays.
 */
export const orders = defineResource({
  schema: order,
  title: 'Orders',
  description: 'Orders, whose `_links` follow their state.',
  hidden: ['paymentId'],
  owner: 'customerId',
  filters: [
    'status',
    'currency',
    'customerId',
    'total',
    'createdAt',
    'updatedAt',
  ],
  create: {
    input: orderCreate,
    check: (ctx) => currencyErrors(ctx.input.total, ctx.input.currency),
  },
  replace: {
    input: orderReplace,
    check: (ctx) => currencyErrors(ctx.input.total, ctx.input.currency),
  },
  relations: {
    customer: { field: 'customerId', to: 'customers', nested: 'orders' },
    payment: { field: 'paymentId', to: 'payments' },
  },
  state: {
    field: 'status',
    initial: 'pending',
    replaceIn: ['pending'],
    deleteIn: ['pending', 'cancelled'],
    transitions: {
      cancel: {
        from: ['pending'],
        to: 'cancelled',
        title: 'Cancel this order',
      },
      pay: {
        from: ['pending'],
        to: 'paid',
        path: 'payment',
        title: 'Pay this order',
        strictKey: true,
        /** Paying creates the payment, for the order's total in minor units, and answers with it. */
        run(ctx) {
          const { item } = ctx
          const payment = ctx.data.table<Payment>('payments').insert({
            amount: toMinorUnits(item.total, item.currency),
            currency: item.currency,
            status: 'succeeded',
            orderId: item.id,
            customerId: item.customerId,
            createdAt: ctx.now(),
          })
          return {
            set: { paymentId: payment.id },
            respond: ctx.created('payments', payment),
          }
        },
      },
    },
  },
  seed: orderSeed,
})
