import { isLink, type Link } from '../../../client/index.ts'
import { ScrollBox } from '../../components/scroll-box.tsx'
import { ViewLink } from '../../components/view-link.tsx'

/** A read the explorer can show: JSON, or a link that names no other media type. */
function opensHere(link: Link) {
  return (
    link.method === undefined &&
    (link.type === undefined ||
      /^application\/(?:[\w.-]+\+)?json$/.test(link.type)) &&
    link.type !== 'application/graphql-response+json'
  )
}

/**
 * Every link the resource offers: relation, href, method. Read links open in the explorer; one
 * whose target is not a JSON document (a stream of events, GraphQL) says its media type instead.
 */
export function LinksTable({ links }: { links: Record<string, unknown> }) {
  const rows = Object.entries(links).filter((entry): entry is [string, Link] =>
    isLink(entry[1]),
  )
  if (rows.length === 0) return <p className="muted">No links.</p>
  return (
    <ScrollBox>
      <table>
        <caption>Links</caption>
        <thead>
          <tr>
            <th scope="col">Relation</th>
            <th scope="col">Href</th>
            <th scope="col">Method</th>
            <th scope="col">Title</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([rel, link]) => (
            <tr key={rel}>
              <th scope="row">
                {opensHere(link) ? (
                  <ViewLink view="explorer" params={{ href: link.href }}>
                    {rel}
                  </ViewLink>
                ) : (
                  rel
                )}
              </th>
              <td>
                <code>{link.href}</code>
              </td>
              <td>{link.method ?? 'GET'}</td>
              <td>
                {link.title ?? ''}
                {link.type !== undefined &&
                  !opensHere(link) &&
                  link.method === undefined && (
                    <>
                      {' '}
                      <span className="muted">({link.type})</span>
                    </>
                  )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  )
}
