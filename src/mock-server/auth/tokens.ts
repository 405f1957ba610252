/** The `realm` of every `WWW-Authenticate` challenge (RFC 6750). */
export const AUTH_REALM = 'hypermock'

export type Scope = 'read' | 'write'

export interface Principal {
  /** Identity for rate limits and idempotency scopes: tokens of one customer share it. */
  id: string
  /** The customers whose items this principal sees; `'all'` for admin. */
  customers: 'all' | readonly number[]
  scopes: readonly Scope[]
}

export type TokenEntry = Principal | { expired: true }

/** The seeded credentials (contract section 4). */
export const defaultTokens: Record<string, TokenEntry> = {
  'customer-1-token': {
    id: 'customer:1',
    customers: [1],
    scopes: ['read', 'write'],
  },
  'customer-2-token': {
    id: 'customer:2',
    customers: [2],
    scopes: ['read', 'write'],
  },
  'readonly-token': { id: 'customer:1', customers: [1], scopes: ['read'] },
  'admin-token': { id: 'admin', customers: 'all', scopes: ['read', 'write'] },
  'expired-token': { expired: true },
}

export function isAdmin(principal: Principal) {
  return principal.customers === 'all'
}

export function canSeeCustomer(
  principal: Principal,
  customerId: number | null,
) {
  if (principal.customers === 'all') return true
  return customerId !== null && principal.customers.includes(customerId)
}
