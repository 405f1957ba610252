import type { NormalizedCheckOptions } from './normalized-check-options.ts'
import type { Credential } from './probe-types.ts'

/** A credential no server issued: what `unauthenticated-401` sends as the wrong one. */
const WRONG_TOKEN = 'hypermock-check-invalid-token'

/**
 * The credentials as sent and as shown: every report, curl line and recorded body names them
 * `$TOKEN` and `$TOKEN_READONLY`, never by value.
 */
export function createCredentials(options: NormalizedCheckOptions) {
  const secrets: [string, string][] = []
  if (options.token) secrets.push([options.token, '$TOKEN'])
  if (options.tokenReadonly)
    secrets.push([options.tokenReadonly, '$TOKEN_READONLY'])
  // A credential is replaced where it stands whole: not inside a longer word, so a short one
  // (`t`) leaves `http://…` and the other text it is part of as they are.
  const patterns = secrets.map(
    ([secret, name]) =>
      [
        new RegExp(
          `(?<![A-Za-z0-9._~+/-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9._~+/=-])`,
          'g',
        ),
        name,
      ] as const,
  )
  const mask = (text: string) =>
    patterns.reduce(
      (out, [pattern, name]) => out.replace(pattern, () => name),
      text,
    )
  /** `[sent, shown]`, or `null` for none. */
  const credentialFor = (auth: Credential): readonly [string, string] | null =>
    auth === 'token'
      ? options.token
        ? [options.token, '$TOKEN']
        : null
      : auth === 'readonly'
        ? options.tokenReadonly
          ? [options.tokenReadonly, '$TOKEN_READONLY']
          : null
        : auth === 'wrong'
          ? [WRONG_TOKEN, WRONG_TOKEN]
          : null
  return { mask, credentialFor }
}

export type Credentials = ReturnType<typeof createCredentials>
