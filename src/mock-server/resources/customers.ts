import type { CollectionFields } from '../collections/query.ts'
import {
  etagFor,
  presentAccount,
  presentCustomer,
  presentOrder,
} from '../hypermedia/present.ts'
import type { Customer } from '../store/types.ts'
import { accountFields } from './accounts.ts'
import {
  itemResponse,
  listHandler,
  visible,
  withItem,
  itemLoader,
} from './common.ts'
import { orderFields } from './orders.ts'

export const customerFields: CollectionFields = {
  name: { type: 'string' },
  email: { type: 'string' },
}

export const loadCustomer = itemLoader(
  'customer',
  (runtime, id) => runtime.db.customers.get(id),
  (principal, customer) => visible(principal, customer.id),
)

export const listCustomers = listHandler({
  fields: customerFields,
  rows: (ctx) => ctx.runtime.db.customers.rows.values(),
  where: (ctx) => (c) => visible(ctx.principal, c.id),
  present: presentCustomer,
})

export const getCustomer = withItem<Customer>((ctx, customer) =>
  itemResponse(
    presentCustomer(customer, ctx.runtime.basePath),
    etagFor('customer', customer.id),
  ),
)

export const listCustomerOrders = listHandler({
  fields: orderFields,
  rows: (ctx) => ctx.runtime.db.orders.rows.values(),
  where: (ctx) => {
    const customerId = (ctx.item as Customer).id
    return (o) => o.customerId === customerId
  },
  present: presentOrder,
})

export const listCustomerAccounts = listHandler({
  fields: accountFields,
  rows: (ctx) => ctx.runtime.db.accounts.rows.values(),
  where: (ctx) => {
    const customerId = (ctx.item as Customer).id
    return (a) => a.customerId === customerId
  },
  present: presentAccount,
})
