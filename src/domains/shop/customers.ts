import { defineResource } from '../../mock-server/index.ts'
import { customer } from './schemas.ts'
import { customerSeed } from './seed.ts'

/** Customers and what they own; a customer sees only itself. */
export const customers = defineResource({
  schema: customer,
  title: 'Customers',
  description: 'Customers and what they own.',
  owner: 'id',
  filters: ['name', 'email'],
  create: false,
  replace: false,
  delete: false,
  seed: customerSeed,
})
