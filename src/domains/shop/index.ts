import { defineApi } from '../../mock-server/index.ts'
import { z } from 'zod'
import { accounts } from './accounts.ts'
import { customers } from './customers.ts'
import { orders } from './orders.ts'
import { payments } from './payments.ts'
import { scenarios } from './scenarios.ts'
import { transfers } from './transfers.ts'

/**
 * The built-in shop: orders, payments, transfers, accounts and customers, declared with the public
 * declaration API alone, as any app declares its own. The package's root entry serves it when
 * `createMockApi()` is given no `api`; import it from `hypermock-api/shop` to extend or copy it.
 *
 * @example
 * import { createMockApi } from 'hypermock-api'
 * import { shopApi } from 'hypermock-api/shop'
 * const api = createMockApi({ api: shopApi, basePath: 'https://shop.example.test/api' })
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
  /** The seeded credentials: who each token is, what it owns and may do. */
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

/** The type of the built-in shop's declaration: `MockApi<ShopApi>` is a mock typed from it. */
export type ShopApi = typeof shopApi

export { scenarios, type ScenarioId } from './scenarios.ts'
