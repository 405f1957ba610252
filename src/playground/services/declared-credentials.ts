import type { Scenario } from '../../index.ts'
import type { ApiDeclaration } from '../../mock-server/index.ts'
import { declaredExtras } from '../../mock-server/control/declared-extras.ts'

/** A credential the playground offers; `null` sends no Authorization header. */
export interface Credential {
  token: string | null
  label: string
  /** A declared token whose scope is read: a write with it gets 403. */
  readOnly?: boolean
  /** A declared token that is always refused with 401. */
  expired?: boolean
}

/** A token as `GET <control>/declaration` lists it. */
export interface DeclaredToken {
  token: string
  expired: boolean
  owns: 'all' | readonly (string | number)[]
  scopes: readonly string[]
}

function describe({ token, expired, owns, scopes }: DeclaredToken) {
  if (expired) return `${token} (expired)`
  const sees = owns === 'all' ? 'every owner' : `owner ${owns.join(', ')}`
  const readOnly = scopes.includes('write') ? '' : ', read-only'
  return `${token} (${owns.length === 0 ? 'no rows' : sees}${readOnly})`
}

/**
 * The credentials to pick for an API known over HTTP: its declared tokens, described by what
 * they see; an API that declares none lets any Bearer token in.
 */
export function declaredCredentials(
  tokens: readonly DeclaredToken[],
): Credential[] {
  const declared: Credential[] =
    tokens.length > 0
      ? tokens.map((token) => ({
          token: token.token,
          label: describe(token),
          readOnly: !token.expired && !token.scopes.includes('write'),
          expired: token.expired,
        }))
      : [{ token: 'any-token', label: 'Any Bearer token' }]
  return [...declared, { token: null, label: 'No credential' }]
}

/** The credentials of a declaration the page holds (the in-browser mock): the same as over HTTP. */
export function credentialsOf(declaration: ApiDeclaration): Credential[] {
  return declaredCredentials(declaredExtras(declaration).tokens)
}

/** Reads the declared tokens and scenarios of the mock behind `controlPath`. */
export async function loadDeclared(
  controlPath: string,
  fetchJson: (url: string) => Promise<unknown> = (url) =>
    window.fetch(url).then((response) => response.json()),
): Promise<{ credentials: Credential[]; scenarios: Scenario[] }> {
  const { tokens, scenarios } = (await fetchJson(
    `${controlPath}/declaration`,
  )) as { tokens?: DeclaredToken[]; scenarios?: Scenario[] }
  return {
    credentials: declaredCredentials(tokens ?? []),
    scenarios: scenarios ?? [],
  }
}
