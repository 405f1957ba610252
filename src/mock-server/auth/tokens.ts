/** The `realm` of every `WWW-Authenticate` challenge (RFC 6750). */
export const AUTH_REALM = 'hypermock'

export type Scope = 'read' | 'write'

export interface Principal {
  /** Identity for rate limits and idempotency scopes: tokens of one owner share it. */
  id: string
  /** The owners whose rows this principal sees (customer ids, member ids…); `'all'` for an admin. */
  owns: 'all' | readonly (number | string)[]
  scopes: readonly Scope[]
}

export type TokenEntry = Principal | { expired: true }

export function isAdmin(principal: Principal) {
  return principal.owns === 'all'
}
