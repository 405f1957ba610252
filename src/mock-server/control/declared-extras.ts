import type { ApiDeclaration } from '../declare/types.ts'

/** One declared credential as the playground offers it: the token and what it may do. */
export interface DeclaredToken {
  token: string
  expired: boolean
  owns: 'all' | readonly (string | number)[]
  scopes: readonly ('read' | 'write')[]
}

/**
 * The resources the API serves, by whether their rows have an owner: a token sees every row of
 * an `unowned` one, and of an `owned` one only the rows of the owners it `owns`.
 */
export interface ResourcesByOwner {
  owned: string[]
  unowned: string[]
}

function resourcesByOwner(declaration: ApiDeclaration): ResourcesByOwner {
  const byOwner: ResourcesByOwner = { owned: [], unowned: [] }
  for (const [name, resource] of Object.entries(declaration.resources)) {
    // A table only has no routes: no request reads its rows.
    if (resource.tableOnly === true) continue
    byOwner[resource.owner === undefined ? 'unowned' : 'owned'].push(name)
  }
  return byOwner
}

/**
 * What a declaration holds beyond its OpenAPI description: the mock credentials, whether any is
 * needed (`auth: false` needs none), which resources have owners (what a token sees) and the ready
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
    auth: declaration.auth ?? 'bearer',
    tokens,
    resources: resourcesByOwner(declaration),
    scenarios: declaration.scenarios ?? [],
  }
}
