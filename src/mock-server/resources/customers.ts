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

export const listCustomers = listHandler(
  customerFields,
  (ctx) =>
    ctx.runtime.db.customers.all().filter((c) => visible(ctx.principal, c.id)),
  presentCustomer,
)

export const getCustomer = withItem<Customer>((ctx, customer) =>
  itemResponse(
    presentCustomer(customer, ctx.runtime.basePath),
    etagFor('customer', customer.id),
  ),
)

export const listCustomerOrders = listHandler(
  orderFields,
  (ctx) =>
    ctx.runtime.db.orders
      .all()
      .filter((o) => o.customerId === (ctx.item as Customer).id),
  presentOrder,
)

export const listCustomerAccounts = listHandler(
  accountFields,
  (ctx) =>
    ctx.runtime.db.accounts
      .all()
      .filter((a) => a.customerId === (ctx.item as Customer).id),
  presentAccount,
)
