import type { ReactNode } from 'react'
import { apiCollections } from '../../services/api-collections.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useApiDescription } from '../../services/use-api-description.ts'

/** Text about the built-in domain (its tokens, its owners), shown only when that is the API loaded. */
export function BuiltInOnly({
  children,
  otherwise = null,
}: {
  children: ReactNode
  otherwise?: ReactNode
}) {
  const api = apiCollections(useApiDescription())
  return api === null || api.builtIn ? children : otherwise
}

/** The loaded API's own tokens, as the credential picker offers them. */
export function DeclaredTokensText() {
  const { credentials } = usePlayground()
  const tokens = credentials.filter(
    (credential) =>
      credential.token !== null && credential.token !== 'any-token',
  )
  if (tokens.length === 0)
    return (
      <>
        This API declares no tokens: any Bearer token is let in, and every
        caller sees every row.
      </>
    )
  return (
    <>
      Its tokens:{' '}
      {tokens.map((credential, index) => (
        <span key={credential.token}>
          {index > 0 && ', '}
          <code>{credential.token}</code>
          {credential.label.slice(credential.token!.length)}
        </span>
      ))}
      .
    </>
  )
}
