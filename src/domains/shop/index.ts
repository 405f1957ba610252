import { defineApi } from '../../mock-server/declare/index.ts'
import { z } from 'zod'
import { accounts } from './accounts.ts'
import { customers } from './customers.ts'
import { orders } from './orders.ts'
import { payments } from './payments.ts'
import { scenarios } from './scenarios.ts'
import { transfers } from './transfers.ts'

/**
 * The built-in domain: orders, payments, transfers, accounts and customers,
 * declared with the public declaration API alone. `createMockApi()` serves it by default.
 */
export const shopApi = defineApi({
  name: 'hypermock',
  description:
    'A mock resource-oriented JSON API. Follow the links; send Authorization: Bearer <token>.',
  base: '/api',
  resources: { orders, payments, transfers, accounts, customers },
  problems: {
    'insufficient-funds': {
      status: 422,
      title: 'Insufficient funds',
      summary:
        'The source account’s `balance` is lower than the `requested` amount (both in minor units). The failed transfer is kept and answers `GET` with this same problem.',
      members: z.object({
        balance: z.number().int(),
        requested: z.number().int(),
        accountId: z.number().int(),
      }),
    },
  },
  /** The seeded credentials (concepts/authentication.md#unauthenticated-401). */
  tokens: {
    'customer-1-token': {
      principal: 'customer:1',
      owns: [1],
      scopes: ['read', 'write'],
    },
    'customer-2-token': {
      principal: 'customer:2',
      owns: [2],
      scopes: ['read', 'write'],
    },
    'readonly-token': { principal: 'customer:1', owns: [1], scopes: ['read'] },
    'admin-token': {
      principal: 'admin',
      owns: 'all',
      scopes: ['read', 'write'],
    },
    'expired-token': { expired: true },
  },
  scenarios,
})

export type ShopApi = typeof shopApi
