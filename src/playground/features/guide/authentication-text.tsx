import { apiCollections } from '../../services/api-collections.ts'
import type { Credential } from '../../services/declared-credentials.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useApiDescription } from '../../services/use-api-description.ts'
import { apiAuthentication } from './api-authentication.ts'

const stateless = (
  <>
    The API is stateless: every request carries its credential as{' '}
    <code>Authorization: Bearer &lt;token&gt;</code>. Only the entry point, the
    problem-type pages and the control API under <code>/__mock</code> are
    public.
  </>
)

const challenge = (
  <>
    401 with a <code>WWW-Authenticate: Bearer</code> header saying why
  </>
)

const insufficientScope = (
  <>
    403 with <code>error=&quot;insufficient_scope&quot;</code>
  </>
)

/** The built-in domain's seeded tokens and who owns what. */
function BuiltInText() {
  return (
    <>
      <p>
        {stateless} The seeded tokens are <code>customer-1-token</code>,{' '}
        <code>customer-2-token</code>, <code>readonly-token</code> (customer 1,
        read only), <code>admin-token</code> (every customer) and{' '}
        <code>expired-token</code> (always refused).
      </p>
      <p>
        No credential, or an unknown or expired one: {challenge}. A valid
        credential that may not write: {insufficientScope}. Another
        customer&apos;s item: 404, because its existence is not disclosed.
      </p>
    </>
  )
}

/** `ada-token (owner 1), visitor-token (books only, read-only)`, as the credential picker labels them. */
function TokenList({ tokens }: { tokens: readonly Credential[] }) {
  return tokens.map((credential, index) => (
    <span key={credential.token}>
      {index > 0 && ', '}
      <code>{credential.token}</code>
      {credential.label.slice(credential.token!.length)}
    </span>
  ))
}

/**
 * The Authentication section's text, about what the loaded API has: the built-in domain's seeded
 * tokens; an API's own tokens, with the 403 only when one of them is read-only; no tokens (any
 * Bearer token is let in); or no credential at all (`auth: false`).
 */
export function AuthenticationText() {
  const description = useApiDescription()
  const { credentials } = usePlayground()
  const collections = apiCollections(description)
  const auth = apiAuthentication(description, credentials)
  // Until the description arrives, the page shows what it showed before.
  if (collections === null || collections.builtIn || auth === null)
    return <BuiltInText />
  if (auth.kind === 'open')
    return (
      <>
        <p>
          This API asks for no credential: no request needs an{' '}
          <code>Authorization</code> header, and every caller sees and may
          change every row.
        </p>
        <p>
          A request without a credential gets the same answer as any other; a
          credential, if one is sent, is not looked at.
        </p>
      </>
    )
  if (auth.kind === 'any-bearer')
    return (
      <>
        <p>
          {stateless} This API declares no tokens: any Bearer token is let in,
          and every caller sees every row.
        </p>
        <p>
          No credential, or one that is not a Bearer token: {challenge}. Every
          token may read and write.
        </p>
      </>
    )
  return (
    <>
      <p>
        {stateless} Its tokens: <TokenList tokens={auth.tokens} />.
      </p>
      <p>
        No credential, or an unknown{' '}
        {auth.expired ? (
          <>
            or expired one such as <code>{auth.expired.token}</code>
          </>
        ) : (
          'one'
        )}
        : {challenge}.
        {auth.readOnly && (
          <>
            {' '}
            A valid credential that may not write, such as{' '}
            <code>{auth.readOnly.token}</code>: {insufficientScope}.
          </>
        )}
      </p>
    </>
  )
}
