import type { DocOperation } from './openapi-reader.ts'
import {
  authScheme,
  credentialHint,
  type AuthDeclaration,
} from '../mock-server/declare/dialect-auth.ts'
import { isObject, resolve, type Json } from './schema-view.ts'

/**
 * Whether the description asks for credentials, and in which scheme the mock takes them: Bearer
 * (OAuth 2, OpenID Connect, HTTP Bearer), HTTP Basic, or an API key in a header, query parameter
 * or cookie. Where the operations use several, the first is the API's own (its 401s name it) and
 * the others are also taken (`authAlso`).
 */
export function securityOf(document: Json, operations: DocOperation[]) {
  const schemes = resolve(
    document,
    (document.components as Json | undefined)?.securitySchemes,
  )
  const global = (document.security as unknown[] | undefined) ?? []
  const used = new Set<string>()
  let open = 0
  for (const { operation } of operations) {
    const requirements = (operation.security as unknown[] | undefined) ?? global
    if (
      requirements.length === 0 ||
      requirements.some((r) => isObject(r) && Object.keys(r).length === 0)
    )
      open += 1
    for (const r of requirements)
      if (isObject(r)) for (const name of Object.keys(r)) used.add(name)
  }
  const notes: string[] = []
  if (used.size === 0)
    return {
      auth: false as const,
      also: [],
      summary: 'none: no operation asks for credentials',
      notes,
    }
  let auth: AuthDeclaration | undefined
  const also: Exclude<AuthDeclaration, false>[] = []
  const kinds: string[] = []
  for (const name of used) {
    const scheme = resolve(document, (schemes as Json)[name])
    const type = String(scheme.type)
    const served = servedAs(scheme)
    kinds.push(
      `${name} (${type}${type === 'http' ? ` ${String(scheme.scheme)}` : ''}${type === 'apiKey' ? ` in ${String(scheme.in)} "${String(scheme.name)}"` : ''})`,
    )
    if (served === undefined)
      notes.push(
        `security scheme ${name} is ${type}${type === 'http' ? ` ${String(scheme.scheme)}` : ''}, which the mock cannot check: it asks for ${auth === undefined ? 'Authorization: Bearer <token>' : credentialHint(authScheme(auth))} instead`,
      )
    else if (auth === undefined) auth = served
    else if (
      served !== false &&
      JSON.stringify(served) !== JSON.stringify(auth) &&
      !also.some((one) => JSON.stringify(one) === JSON.stringify(served))
    )
      also.push(served)
    if (type === 'oauth2') {
      const scopes = new Set<string>()
      for (const flow of Object.values(
        (scheme.flows as Json | undefined) ?? {},
      ))
        for (const scope of Object.keys(
          ((flow as Json).scopes as Json | undefined) ?? {},
        ))
          scopes.add(scope)
      const other = [...scopes].filter((s) => s !== 'read' && s !== 'write')
      if (other.length > 0)
        notes.push(
          `scopes ${other.join(', ')} of ${name} are not checked; tokens have read and write scopes`,
        )
    }
  }
  if (open > 0)
    notes.push(
      `${open} operation${open === 1 ? '' : 's'} the description leaves open still need a credential on the mock`,
    )
  const chosen = auth ?? 'bearer'
  const scheme = authScheme(chosen)
  const challenge =
    scheme.type === 'bearer'
      ? '401 with WWW-Authenticate: Bearer, 403 insufficient_scope'
      : `401 with WWW-Authenticate naming ${scheme.type === 'basic' ? 'Basic' : 'the key'}`
  const others = also.map((one) => credentialHint(authScheme(one)))
  return {
    auth: chosen,
    also,
    summary: `${credentialHint(scheme)}${others.length > 0 ? `, or ${others.join(', or ')}` : ''} (${kinds.join(', ')}): ${challenge}`,
    notes,
  }
}

/**
 * The scheme the mock serves for a description's security scheme: OAuth 2 and OpenID Connect
 * send Bearer tokens; HTTP Bearer and Basic as named; an API key where it says, with the text before
 * the key where the scheme's description shows one (`Authorization: Token token=<key>`).
 */
function servedAs(scheme: Json): AuthDeclaration | undefined {
  const type = String(scheme.type)
  if (type === 'oauth2' || type === 'openIdConnect') return 'bearer'
  if (type === 'http') {
    const name = String(scheme.scheme).toLowerCase()
    return name === 'bearer' ? 'bearer' : name === 'basic' ? 'basic' : undefined
  }
  if (type !== 'apiKey') return undefined
  const where = String(scheme.in)
  const name = scheme.name
  if (
    (where !== 'header' && where !== 'query' && where !== 'cookie') ||
    typeof name !== 'string' ||
    !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)
  )
    return undefined
  const description =
    typeof scheme.description === 'string' ? scheme.description : ''
  // `Authorization: Token token=<key>`, `Token token="..."`: the words before the key.
  const text = description.replace(/`/g, '')
  const prefix =
    where === 'header' && name.toLowerCase() === 'authorization'
      ? (/Authorization:\s*([A-Za-z][\w.-]*\s(?:[a-z_]+=)?)/i.exec(text)?.[1] ??
        /\b([A-Z][A-Za-z]* [a-z_]+=)/.exec(text)?.[1])
      : undefined
  return {
    type: 'apiKey',
    in: where,
    name,
    ...(prefix !== undefined && { prefix }),
  }
}
