import type { Scenario } from '../../index.ts'
import type {
  ApiDeclaration,
  AuthDeclaration,
} from '../../mock-server/index.ts'
import { declaredExtras } from '../../mock-server/control/declared-extras.ts'

/** A credential the playground offers; `null` sends no Authorization header. */
export interface Credential {
  token: string | null
  label: string
  /** A declared token whose scope is read: a write with it gets 403. */
  readOnly?: boolean
  /** A declared token that is always refused with 401. */
  expired?: boolean
  /**
   * The `Authorization` header it is sent as, in the API's scheme (`Basic …`, `Token token=…`);
   * left out for Bearer, the default, and for a key sent elsewhere.
   */
  authorization?: string
}

/** A token as `GET <control>/declaration` lists it. */
export interface DeclaredToken {
  token: string
  expired: boolean
  owns: 'all' | readonly (string | number)[]
  scopes: readonly string[]
}

/** What `GET <control>/declaration` says about credentials (fields a mock may leave out are optional). */
export interface DeclaredAuth {
  /** How the API takes its credential; `false`: it needs none. @default 'bearer' */
  auth?: AuthDeclaration
  tokens?: readonly DeclaredToken[]
  /** The served resources by whether their rows have an owner; unknown when left out. */
  resources?: { owned: readonly string[]; unowned: readonly string[] }
}

/** `rooms only`, `rooms and guests only`; past three names, how many. */
function onlyThose(names: readonly string[]) {
  if (names.length > 3)
    return `only the ${names.length} resources without an owner`
  const listed =
    names.length === 1
      ? names[0]!
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`
  return `${listed} only`
}

/**
 * The rows a token sees, as the mock decides it: every row of a resource without an owner, and of
 * one with an owner only the rows of the owners the token `owns` (all of them for `'all'`).
 */
function seenBy(
  owns: DeclaredToken['owns'],
  resources: DeclaredAuth['resources'],
) {
  if (resources && resources.owned.length === 0) return 'every row'
  if (owns === 'all') return 'every owner'
  if (owns.length > 0) return `owner ${owns.join(', ')}`
  if (!resources) return 'no owner'
  if (resources.unowned.length === 0) return 'no rows'
  return onlyThose(resources.unowned)
}

function describe(
  { token, expired, owns, scopes }: DeclaredToken,
  resources: DeclaredAuth['resources'],
) {
  if (expired) return `${token} (expired)`
  const readOnly = scopes.includes('write') ? '' : ', read-only'
  return `${token} (${seenBy(owns, resources)}${readOnly})`
}

/**
 * The credentials to pick for an API known over HTTP: none but "no credential" for an API that
 * needs none; else its declared tokens, described by what they see (an API that declares none
 * lets any Bearer token in), and no credential at all.
 */
export function declaredCredentials({
  auth = 'bearer',
  tokens = [],
  resources,
}: DeclaredAuth): Credential[] {
  if (auth === false) return [{ token: null, label: 'No credential needed' }]
  const sentAs = (token: string) => authorizationOf(auth, token)
  const declared: Credential[] =
    tokens.length > 0
      ? tokens.map((token) => ({
          token: token.token,
          label: describe(token, resources),
          readOnly: !token.expired && !token.scopes.includes('write'),
          expired: token.expired,
          ...sentAs(token.token),
        }))
      : [
          {
            token: auth === 'basic' ? 'any-user:any-password' : 'any-token',
            label:
              auth === 'bearer'
                ? 'Any Bearer token'
                : auth === 'basic'
                  ? 'Any user and password'
                  : 'Any API key',
            ...sentAs(auth === 'basic' ? 'any-user:any-password' : 'any-token'),
          },
        ]
  return [...declared, { token: null, label: 'No credential' }]
}

/** How a credential goes in the `Authorization` header where the scheme is not Bearer. */
function authorizationOf(
  auth: Exclude<AuthDeclaration, false>,
  token: string,
): { authorization?: string } {
  if (auth === 'basic')
    return {
      authorization: `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(token)))}`,
    }
  if (
    typeof auth === 'object' &&
    auth.in === 'header' &&
    auth.name.toLowerCase() === 'authorization'
  )
    return { authorization: `${auth.prefix ?? ''}${token}` }
  return {}
}

/** The credentials of a declaration the page holds (the in-browser mock): the same as over HTTP. */
export function credentialsOf(declaration: ApiDeclaration): Credential[] {
  return declaredCredentials(declaredExtras(declaration))
}

/** Reads the declared tokens and scenarios of the mock behind `controlPath`. */
export async function loadDeclared(
  controlPath: string,
  fetchJson: (url: string) => Promise<unknown> = (url) =>
    window.fetch(url).then((response) => response.json()),
): Promise<{ credentials: Credential[]; scenarios: Scenario[] }> {
  const declared = (await fetchJson(
    `${controlPath}/declaration`,
  )) as DeclaredAuth & { scenarios?: Scenario[] }
  return {
    credentials: declaredCredentials(declared),
    scenarios: declared.scenarios ?? [],
  }
}
