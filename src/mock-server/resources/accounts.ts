import type { Principal } from '../auth/tokens.ts'
import type { CollectionFields } from '../collections/query.ts'
import {
  etagFor,
  presentAccount,
  presentTransfer,
} from '../hypermedia/present.ts'
import type { Runtime } from '../runtime.ts'
import { currencies, type Account } from '../store/types.ts'
import {
  itemResponse,
  listHandler,
  notFound,
  parseId,
  visible,
  withItem,
} from './common.ts'
import { transferFields, visibleTransfer } from './transfers.ts'

export const accountFields: CollectionFields = {
  customerId: { type: 'integer' },
  currency: { type: currencies },
  balance: { type: 'integer' },
}

export function loadAccount(
  params: Record<string, string>,
  principal: Principal,
  runtime: Runtime,
) {
  const id = parseId(params.id, 'account')
  const account = runtime.db.accounts.get(id)
  if (!account || !visible(principal, account.customerId))
    notFound('account', id)
  return account
}

export const listAccounts = listHandler(
  accountFields,
  (ctx) =>
    ctx.runtime.db.accounts
      .all()
      .filter((a) => visible(ctx.principal, a.customerId)),
  presentAccount,
)

export const getAccount = withItem<Account>((ctx, account) =>
  itemResponse(
    presentAccount(account, ctx.runtime.basePath),
    etagFor('account', account.id, account.version),
  ),
)

/** Transfers in and out of one account, with the same query rules as `/transfers`. */
export const listAccountTransfers = listHandler(
  transferFields,
  (ctx) => {
    const account = ctx.item as Account
    return ctx.runtime.db.transfers
      .all()
      .filter(
        (t) =>
          (t.fromAccountId === account.id || t.toAccountId === account.id) &&
          visibleTransfer(ctx, t),
      )
  },
  presentTransfer,
)
