import type { RouteSpec } from '../route-spec.ts'
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
  nestedListHandler,
  itemRoute,
  visible,
  type ItemHandler,
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

export const getCustomer: ItemHandler<Customer> = (ctx, customer) =>
  itemResponse(
    presentCustomer(customer, ctx.runtime.basePath),
    etagFor('customer', customer.id),
  )

export const listCustomerOrders = nestedListHandler({
  fields: orderFields,
  rows: (ctx) => ctx.runtime.db.orders.rows.values(),
  where: (_ctx, customer: Customer) => (o) => o.customerId === customer.id,
  present: presentOrder,
})

export const listCustomerAccounts = nestedListHandler({
  fields: accountFields,
  rows: (ctx) => ctx.runtime.db.accounts.rows.values(),
  where: (_ctx, customer: Customer) => (a) => a.customerId === customer.id,
  present: presentAccount,
})

export const customerRoutes: readonly RouteSpec[] = [
  { path: '/customers', methods: { GET: listCustomers } },
  itemRoute('/customers/:id', loadCustomer, { GET: getCustomer }),
  itemRoute('/customers/:id/orders', loadCustomer, {
    GET: listCustomerOrders,
  }),
  itemRoute('/customers/:id/accounts', loadCustomer, {
    GET: listCustomerAccounts,
  }),
]
