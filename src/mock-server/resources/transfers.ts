import type { Principal } from '../auth/tokens.ts'
import type { CollectionFields } from '../collections/query.ts'
import { etagFor, presentTransfer } from '../hypermedia/present.ts'
import { fail } from '../problems/problem-error.ts'
import type { HandlerContext, RouteSpec } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import { currencies, type Transfer } from '../store/types.ts'
import { transferCreate } from '../validation/schemas.ts'
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

export const transferFields: CollectionFields = {
  status: { type: ['completed', 'failed'] },
  currency: { type: currencies },
  fromAccountId: { type: 'integer' },
  toAccountId: { type: 'integer' },
  amount: { type: 'integer' },
  createdAt: { type: 'timestamp' },
}

/** A transfer is visible to the owners of either account: payer and payee both see it. */
function canSee(principal: Principal, runtime: Runtime, transfer: Transfer) {
  const from = runtime.db.accounts.get(transfer.fromAccountId)
  const to = runtime.db.accounts.get(transfer.toAccountId)
  return (
    visible(principal, from?.customerId ?? null) ||
    visible(principal, to?.customerId ?? null)
  )
}

export function visibleTransfer(ctx: HandlerContext, transfer: Transfer) {
  return canSee(ctx.principal, ctx.runtime, transfer)
}

export const loadTransfer = itemLoader(
  'transfer',
  (runtime, id) => runtime.db.transfers.get(id),
  (principal, transfer, runtime) => canSee(principal, runtime, transfer),
)

/** The problem a failed transfer answers with, on creation and on every later `GET`. */
function insufficientFunds(transfer: Transfer, base: string): never {
  const failure = transfer.failure ?? { balance: 0, requested: transfer.amount }
  fail('insufficient-funds', {
    detail: `Account ${transfer.fromAccountId} holds ${failure.balance} but the transfer requested ${failure.requested} (minor units).`,
    instance: `${base}/transfers/${transfer.id}`,
    extensions: {
      balance: failure.balance,
      requested: failure.requested,
      accountId: transfer.fromAccountId,
    },
  })
}

export const listTransfers = listHandler({
  fields: transferFields,
  rows: (ctx) => ctx.runtime.db.transfers.rows.values(),
  where: (ctx) => (t) => visibleTransfer(ctx, t),
  present: presentTransfer,
})

export const getTransfer: ItemHandler<Transfer> = (ctx, transfer) => {
  if (transfer.status === 'failed')
    insufficientFunds(transfer, ctx.runtime.basePath)
  return itemResponse(
    presentTransfer(transfer, ctx.runtime.basePath),
    etagFor('transfer', transfer.id),
  )
}

/**
 * Moves money between two accounts of one currency. Both balances change in one synchronous step, so
 * no reader ever sees money in flight. Insufficient funds keep a failed transfer and answer 422.
 */
export function createTransfer(ctx: HandlerContext) {
  const input = validate(transferCreate, ctx.body)
  const { db, clock, basePath } = ctx.runtime
  const from = db.accounts.get(input.fromAccountId)
  const to = db.accounts.get(input.toAccountId)
  const errors: FieldError[] = []
  if (!from || !visible(ctx.principal, from.customerId)) {
    errors.push({
      field: 'fromAccountId',
      message: `names no account of yours (${input.fromAccountId})`,
      pointer: '#/fromAccountId',
    })
  } else if (from.currency !== input.currency) {
    errors.push({
      field: 'currency',
      message: `must be ${from.currency}, the source account's currency`,
      pointer: '#/currency',
    })
  }
  if (!to)
    errors.push({
      field: 'toAccountId',
      message: `names no account (${input.toAccountId})`,
      pointer: '#/toAccountId',
    })
  else if (input.toAccountId === input.fromAccountId) {
    errors.push({
      field: 'toAccountId',
      message: 'must differ from fromAccountId',
      pointer: '#/toAccountId',
    })
  } else if (
    from &&
    from.currency === input.currency &&
    to.currency !== input.currency
  ) {
    errors.push({
      field: 'toAccountId',
      message: `holds ${to.currency}; both accounts must hold ${input.currency}`,
      pointer: '#/toAccountId',
    })
  }
  if (errors.length > 0 || !from || !to) validationFailed(errors, true)
  const now = clock.iso()
  const enough = from.balance >= input.amount
  const transfer = db.transfers.insert((id) => ({
    id,
    ...input,
    status: enough ? 'completed' : 'failed',
    createdAt: now,
    failure: enough ? null : { balance: from.balance, requested: input.amount },
  }))
  if (!enough) insufficientFunds(transfer, basePath)
  db.accounts.update({
    ...from,
    balance: from.balance - input.amount,
    version: from.version + 1,
  })
  db.accounts.update({
    ...to,
    balance: to.balance + input.amount,
    version: to.version + 1,
  })
  return itemResponse(
    presentTransfer(transfer, basePath),
    etagFor('transfer', transfer.id),
    {
      status: 201,
      location: `${basePath}/transfers/${transfer.id}`,
    },
  )
}

export const transferRoutes: readonly RouteSpec[] = [
  { path: '/transfers', methods: { GET: listTransfers, POST: createTransfer } },
  itemRoute('/transfers/:id', loadTransfer, { GET: getTransfer }),
]
