import { useResource } from '../../../react/index.ts'
import { useLocation } from '../../navigation/use-location.ts'
import { usePlayground } from '../../services/playground-context.tsx'

interface Resource {
  _links?: Record<string, { href: string; method?: string; title?: string }>
  [member: string]: unknown
}

/** Starts at GET /api and walks the links; the location (`href`) lives in the URL. */
export function ExplorerView() {
  const { api } = usePlayground()
  const { params, navigate } = useLocation()
  const href = params.get('href') ?? api.basePath
  const query = useResource<Resource>(href)
  return (
    <section aria-labelledby="explorer-heading">
      <h2 id="explorer-heading">Explorer</h2>
      <p>
        Location: <code>GET {href}</code>
      </p>
      {query.isPending && <p role="status">Loading…</p>}
      {query.isError && <p role="alert">{query.error.message}</p>}
      {query.data && (
        <>
          <h3>Links</h3>
          <ul aria-label="Links">
            {Object.entries(query.data._links ?? {}).map(([rel, link]) => (
              <li key={rel}>
                <button
                  type="button"
                  onClick={() => navigate('explorer', { href: link.href })}
                >
                  {rel}
                </button>{' '}
                <code>{link.href}</code>
              </li>
            ))}
          </ul>
          <h3>Representation</h3>
          <pre aria-label="Representation">
            {JSON.stringify(query.data, null, 2)}
          </pre>
        </>
      )}
    </section>
  )
}
