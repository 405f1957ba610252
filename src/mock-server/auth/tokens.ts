/** The `realm` of every `WWW-Authenticate` challenge (RFC 6750). */
export const AUTH_REALM = 'hypermock'

/** What a credential may do: `read` for GET and HEAD, `write` for the methods that change data. */
export type Scope = 'read' | 'write'

/** Who a request comes from, as its Bearer token names it: the rows it sees and what it may do. */
export interface Principal {
  /** Identity for rate limits and idempotency scopes: tokens of one owner share it. */
  id: string
  /** The owners whose rows this principal sees (customer ids, member ids…); `'all'` for an admin. */
  owns: 'all' | readonly (number | string)[]
  scopes: readonly Scope[]
}

/** What a token stands for: a principal, or an expired token (401 `invalid_token`). */
export type TokenEntry = Principal | { expired: true }

export function isAdmin(principal: Principal) {
  return principal.owns === 'all'
}
