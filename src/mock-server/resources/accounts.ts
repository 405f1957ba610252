import type { RouteSpec } from '../route-spec.ts'
import type { CollectionFields } from '../collections/query.ts'
import {
  etagFor,
  presentAccount,
  presentTransfer,
} from '../hypermedia/present.ts'
import { currencies, type Account } from '../store/types.ts'
import {
  itemResponse,
  listHandler,
  nestedListHandler,
  itemRoute,
  visible,
  type ItemHandler,
  itemLoader,
} from './common.ts'
import { transferFields, visibleTransfer } from './transfers.ts'

export const accountFields: CollectionFields = {
  customerId: { type: 'integer' },
  currency: { type: currencies },
  balance: { type: 'integer' },
}

export const loadAccount = itemLoader(
  'account',
  (runtime, id) => runtime.db.accounts.get(id),
  (principal, account) => visible(principal, account.customerId),
)

export const listAccounts = listHandler({
  fields: accountFields,
  rows: (ctx) => ctx.runtime.db.accounts.rows.values(),
  where: (ctx) => (a) => visible(ctx.principal, a.customerId),
  present: presentAccount,
})

export const getAccount: ItemHandler<Account> = (ctx, account) =>
  itemResponse(
    presentAccount(account, ctx.runtime.basePath),
    etagFor('account', account.id, account.version),
  )

/** Transfers in and out of one account, with the same query rules as `/transfers`. */
export const listAccountTransfers = nestedListHandler({
  fields: transferFields,
  rows: (ctx) => ctx.runtime.db.transfers.rows.values(),
  where: (ctx, account: Account) => {
    return (t) =>
      (t.fromAccountId === account.id || t.toAccountId === account.id) &&
      visibleTransfer(ctx, t)
  },
  present: presentTransfer,
})

export const accountRoutes: readonly RouteSpec[] = [
  { path: '/accounts', methods: { GET: listAccounts } },
  itemRoute('/accounts/:id', loadAccount, { GET: getAccount }),
  itemRoute('/accounts/:id/transfers', loadAccount, {
    GET: listAccountTransfers,
  }),
]
