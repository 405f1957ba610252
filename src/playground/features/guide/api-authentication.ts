import type { Credential } from '../../services/declared-credentials.ts'
import { isObject } from '../../../common/is-object.ts'

/** How the loaded API asks for credentials, as the Guide explains it. */
export type ApiAuthentication =
  /** Declared with `auth: false`: no request needs a credential. */
  | { kind: 'open' }
  /** No tokens declared: any Bearer token is let in; none at all is a 401. */
  | { kind: 'any-bearer' }
  /** Its own tokens; a read-only or an expired one when it declares one. */
  | {
      kind: 'tokens'
      tokens: Credential[]
      readOnly: Credential | undefined
      expired: Credential | undefined
    }

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** Whether every operation the description lists asks for no credential (`security: []`). */
function asksForNothing(paths: Record<string, unknown>) {
  const operations = Object.values(paths).flatMap((item) =>
    isObject(item)
      ? methods.map((method) => item[method]).filter(isObject)
      : [],
  )
  return (
    operations.length > 0 &&
    operations.every(
      (operation) =>
        Array.isArray(operation.security) && operation.security.length === 0,
    )
  )
}

/**
 * How the loaded API authenticates, from the description it serves (an API declared with
 * `auth: false` describes every operation with `security: []`) and the credentials the page
 * offers (its declared tokens, read from the mock). `null` while the description is not known.
 */
export function apiAuthentication(
  description: unknown,
  credentials: readonly Credential[],
): ApiAuthentication | null {
  if (!isObject(description) || !isObject(description.paths)) return null
  if (asksForNothing(description.paths)) return { kind: 'open' }
  const tokens = credentials.filter(
    (credential) =>
      credential.token !== null && credential.token !== 'any-token',
  )
  if (tokens.length === 0) return { kind: 'any-bearer' }
  return {
    kind: 'tokens',
    tokens,
    readOnly: tokens.find((credential) => credential.readOnly === true),
    expired: tokens.find((credential) => credential.expired === true),
  }
}
