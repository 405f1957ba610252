import type { DocOperation } from './openapi-reader.ts'
import { isObject, resolve, type Json } from './schema-view.ts'

/**
 * Whether the description asks for credentials, and how hypermock answers: Bearer tokens with
 * RFC 6750 challenges (401 `WWW-Authenticate: Bearer`, 403 `insufficient_scope`).
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
      auth: false,
      summary: 'none: no operation asks for credentials',
      notes,
    }
  const kinds: string[] = []
  for (const name of used) {
    const scheme = resolve(document, (schemes as Json)[name])
    const type = String(scheme.type)
    const bearer =
      type === 'oauth2' ||
      type === 'openIdConnect' ||
      (type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer')
    kinds.push(
      `${name} (${type}${type === 'http' ? ` ${String(scheme.scheme)}` : ''})`,
    )
    if (!bearer)
      notes.push(
        `security scheme ${name} is ${type}${type === 'apiKey' ? ` in ${String(scheme.in)} "${String(scheme.name)}"` : ''}: the mock asks for Authorization: Bearer <token> instead`,
      )
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
      `${open} operation${open === 1 ? '' : 's'} the description leaves open still need a token on the mock`,
    )
  return {
    auth: true,
    summary: `Bearer tokens (${kinds.join(', ')}): 401 with WWW-Authenticate: Bearer, 403 insufficient_scope`,
    notes,
  }
}
