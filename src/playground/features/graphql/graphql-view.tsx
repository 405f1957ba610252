import { lazy, Suspense } from 'react'
import { useLocation } from '../../navigation/use-location.ts'
import { usePlayground } from '../../services/playground-context.tsx'

/** GraphiQL and its editor load when the view opens: a chunk of their own, not the page's. */
const GraphiqlPanel = lazy(() => import('./graphiql-panel.tsx'))

/**
 * The mock's GraphQL at `<API base>/graphql` in GraphiQL: the schema the declaration implies, its
 * queries, mutations and subscriptions, sent with the credential picked in the header bar.
 * `?query=` starts the editor with a query.
 */
export function GraphqlView() {
  const { api, token, credentials } = usePlayground()
  // `?view=graphql&query=…`: a link may bring its query.
  const query = useLocation().params.get('query') ?? undefined
  const authorization =
    token === null
      ? null
      : (credentials.find((credential) => credential.token === token)
          ?.authorization ?? `Bearer ${token}`)
  const url = new URL(`${api.basePath}/graphql`, window.location.origin).href
  return (
    <section aria-labelledby="graphql-heading" className="graphql-view">
      <h2 id="graphql-heading">GraphQL</h2>
      <p className="muted">
        <code>{url}</code> answers the same rows as the REST API, and follows
        the same rules. Requests carry{' '}
        {authorization === null ? (
          'no credential'
        ) : (
          <code>Authorization: {authorization}</code>
        )}{' '}
        (the credential picked above); an <code>Authorization</code> in the
        Headers tab replaces it. Subscriptions travel over a WebSocket
        (graphql-ws).
      </p>
      <Suspense fallback={<p role="status">Loading GraphiQL…</p>}>
        <GraphiqlPanel url={url} authorization={authorization} query={query} />
      </Suspense>
    </section>
  )
}
