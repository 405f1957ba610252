import type { ApiDeclaration } from '../declare/types.ts'

/** One declared credential as the playground offers it: the token and what it may do. */
export interface DeclaredToken {
  token: string
  expired: boolean
  owns: 'all' | readonly (string | number)[]
  scopes: readonly ('read' | 'write')[]
}

/**
 * What a declaration holds beyond its OpenAPI description: the mock credentials and the ready
 * scenarios, so a page connected over HTTP (the playground in server mode) can offer the API's
 * own. Tokens here are mock credentials their author declared, never a real secret.
 */
export function declaredExtras(declaration: ApiDeclaration) {
  const tokens: DeclaredToken[] = Object.entries(declaration.tokens ?? {}).map(
    ([token, entry]) =>
      'expired' in entry
        ? { token, expired: true, owns: [], scopes: [] }
        : {
            token,
            expired: false,
            owns: entry.owns ?? [],
            scopes: entry.scopes ?? ['read', 'write'],
          },
  )
  return {
    name: declaration.name,
    tokens,
    scenarios: declaration.scenarios ?? [],
  }
}
