import {
  defineResource,
  type FieldError,
  type InputContext,
  type HandlerContext,
} from '../../mock-server/index.ts'
import {
  transfer,
  transferCreate,
  type Account,
  type Transfer,
} from './schemas.ts'
import { transferSeed } from './seed.ts'
import type { z } from 'zod'

type TransferInput = z.infer<typeof transferCreate>

/** The problem a failed transfer answers with, on creation and on every later `GET`. */
function insufficientFunds(ctx: HandlerContext, transfer: Transfer): never {
  const failure = transfer.failure ?? { balance: 0, requested: transfer.amount }
  ctx.fail('insufficient-funds', {
    detail: `Account ${transfer.fromAccountId} holds ${failure.balance} but the transfer requested ${failure.requested} (minor units).`,
    instance: ctx.href('transfers', transfer.id),
    members: {
      balance: failure.balance,
      requested: failure.requested,
      accountId: transfer.fromAccountId,
    },
  })
}

const owns = (ctx: HandlerContext, customerId: number | undefined) =>
  ctx.admin ||
  (customerId !== undefined &&
    ctx.principal.owns !== 'all' &&
    ctx.principal.owns.includes(customerId))

/**
 * Moves money between two accounts of one currency. Both balances change in one synchronous step, so
 * no reader ever sees money in flight. Insufficient funds keep a failed transfer and answer 422.
 */
function createTransfer(ctx: InputContext<TransferInput>) {
  const { input } = ctx
  const accounts = ctx.data.table<Account>('accounts')
  const from = accounts.get(input.fromAccountId)
  const to = accounts.get(input.toAccountId)
  const errors: FieldError[] = []
  if (!from || !owns(ctx, from.customerId)) {
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
  if (errors.length > 0 || !from || !to) ctx.invalid(errors)
  const enough = from.balance >= input.amount
  const created = ctx.data.table<Transfer>('transfers').insert({
    ...input,
    status: enough ? 'completed' : 'failed',
    createdAt: ctx.now(),
    failure: enough ? null : { balance: from.balance, requested: input.amount },
  })
  if (!enough) insufficientFunds(ctx, created)
  accounts.update(from.id, { balance: from.balance - input.amount })
  accounts.update(to.id, { balance: to.balance + input.amount })
  return ctx.created('transfers', created)
}

/** A transfer is visible to the owners of either account: payer and payee both see it. */
export const transfers = defineResource({
  schema: transfer,
  title: 'Transfers',
  description: 'Money moved between accounts.',
  hidden: ['failure'],
  owner: (t, data) => {
    const accounts = data.table<Account>('accounts')
    return [
      accounts.get(t.fromAccountId)?.customerId,
      accounts.get(t.toAccountId)?.customerId,
    ]
  },
  filters: [
    'status',
    'currency',
    'fromAccountId',
    'toAccountId',
    'amount',
    'createdAt',
  ],
  create: { input: transferCreate, strictKey: true, handle: createTransfer },
  replace: false,
  delete: false,
  read: {
    guard(ctx) {
      if (ctx.item.status === 'failed') insufficientFunds(ctx, ctx.item)
    },
  },
  relations: {
    from: { field: 'fromAccountId', to: 'accounts' },
    to: { field: 'toAccountId', to: 'accounts' },
  },
  seed: transferSeed,
})
