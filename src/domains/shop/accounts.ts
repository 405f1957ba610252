import { defineResource } from '../../mock-server/index.ts'
import { account, type Transfer } from './schemas.ts'
import { accountSeed } from './seed.ts'

/** Accounts and their balances, in minor units; transfers change them, nothing else does. */
export const accounts = defineResource({
  schema: account,
  title: 'Accounts',
  description: 'Accounts and their balances, in minor units.',
  hidden: ['version'],
  owner: 'customerId',
  filters: ['customerId', 'currency', 'balance'],
  create: false,
  replace: false,
  delete: false,
  relations: {
    customer: { field: 'customerId', to: 'customers', nested: 'accounts' },
  },
  collections: {
    transfers: {
      of: 'transfers',
      title: 'Transfers in and out of an account',
      where: (row, account) => {
        const t = row as Transfer
        return t.fromAccountId === account.id || t.toAccountId === account.id
      },
    },
  },
  seed: accountSeed,
})
