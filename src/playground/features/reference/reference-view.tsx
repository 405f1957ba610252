import { useId, useMemo, useState } from 'react'
import { isLink } from '../../../client/index.ts'
import { ErrorView } from '../../components/error-view.tsx'
import { ViewLink } from '../../components/view-link.tsx'
import { usePlayground } from '../../services/playground-context.tsx'
import { usePageResource } from '../../services/use-page-resource.ts'
import { OperationDetails, Prose } from './operation-details.tsx'
import {
  readOperations,
  type ReferenceGroup,
  type ReferenceOperation,
} from './reference-operations.ts'

const SECONDARY = new Set(['HEAD', 'OPTIONS'])

function matches(operation: ReferenceOperation, filter: string) {
  const needle = filter.trim().toLowerCase()
  if (needle === '') return true
  return [operation.method, operation.path, operation.summary]
    .join(' ')
    .toLowerCase()
    .includes(needle)
}

function OperationRow({
  doc,
  op,
}: {
  doc: Record<string, unknown>
  op: ReferenceOperation
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const name = `${op.method} ${op.path}`
  return (
    <>
      <tr className={open ? 'ref-open' : undefined}>
        <th scope="row">
          <button
            type="button"
            className="ref-toggle"
            aria-expanded={open}
            aria-controls={open ? id : undefined}
            aria-label={`Details of ${name}`}
            onClick={() => setOpen(!open)}
          >
            <span className={`method-badge method-${op.method.toLowerCase()}`}>
              {op.method}
            </span>{' '}
            <code>{op.path}</code>
          </button>
        </th>
        <td>
          <Prose text={op.summary} />
          {op.public && <span className="muted"> (public)</span>}
        </td>
        <td>{op.statuses.join(', ')}</td>
        <td>
          <ViewLink
            view="console"
            params={op.console}
            aria-label={`Open in the console: ${name}`}
          >
            Open in the console
          </ViewLink>
        </td>
      </tr>
      {open && (
        <tr id={id} className="ref-open">
          <td colSpan={4}>
            <OperationDetails doc={doc} operation={op.details} name={name} />
          </td>
        </tr>
      )}
    </>
  )
}

function OperationsTable({
  doc,
  group,
}: {
  doc: Record<string, unknown>
  group: ReferenceGroup
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="reference-group">
      <h3 id={headingId}>{group.tag}</h3>
      {group.description && (
        <p className="muted">
          <Prose text={group.description} />
        </p>
      )}
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">{group.tag} operations</caption>
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Summary</th>
              <th scope="col">Answers</th>
              <th scope="col">Console</th>
            </tr>
          </thead>
          <tbody>
            {group.operations.map((op) => (
              <OperationRow key={`${op.method} ${op.path}`} doc={doc} op={op} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/**
 * The API's operations, read at run time from the OpenAPI description the mock serves (the root's
 * `service-desc` link), so the list is the description and nothing else. Each opens in the console.
 */
export function ReferenceView() {
  // The page's own reads (not the user's operations: the timeline leaves them out).
  const { pageClient } = usePlayground()
  const root = usePageResource<{ _links?: Record<string, unknown> }>(
    pageClient.baseUrl,
  )
  const serviceDesc = root.data?._links?.['service-desc']
  const description = usePageResource<unknown>(
    isLink(serviceDesc) ? serviceDesc : undefined,
    { staleTime: Infinity },
  )
  const [filter, setFilter] = useState('')
  const [showAll, setShowAll] = useState(false)
  const read = useMemo(() => {
    if (description.data === undefined) return null
    try {
      return { groups: readOperations(description.data) }
    } catch (error) {
      return { error }
    }
  }, [description.data])
  const error =
    root.error ??
    description.error ??
    (read && 'error' in read ? read.error : null) ??
    (root.data && !isLink(serviceDesc)
      ? new Error('The root offers no service-desc link.')
      : null)
  const groups = (read && 'groups' in read ? read.groups : [])
    .map((group) => ({
      ...group,
      operations: group.operations.filter(
        (op) => (showAll || !SECONDARY.has(op.method)) && matches(op, filter),
      ),
    }))
    .filter((group) => group.operations.length > 0)
  return (
    <section aria-labelledby="reference-heading">
      <h2 id="reference-heading">Reference</h2>
      <p>
        Every operation of the API, read from the OpenAPI 3.1 description the
        mock generates from its own schemas and routes and serves at{' '}
        {isLink(serviceDesc) ? (
          <a href={serviceDesc.href}>
            <code>{serviceDesc.href}</code>
          </a>
        ) : (
          <code>openapi.json</code>
        )}{' '}
        (the root links to it as <code>service-desc</code>). Open any operation
        in the console, with a seeded id in its path and an example body.
      </p>
      <div className="reference-filters">
        <label>
          Filter{' '}
          <input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={showAll}
            onChange={(event) => setShowAll(event.target.checked)}
          />
          Show HEAD and OPTIONS
        </label>
      </div>
      {error ? (
        <div role="alert">
          <ErrorView error={error} />
        </div>
      ) : !read ? (
        <p role="status">Loading the description…</p>
      ) : groups.length === 0 ? (
        <p role="status">No operation matches “{filter}”.</p>
      ) : (
        groups.map((group) => (
          <OperationsTable
            key={group.tag}
            doc={description.data as Record<string, unknown>}
            group={group}
          />
        ))
      )}
    </section>
  )
}
