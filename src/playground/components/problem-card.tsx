import { useId } from 'react'
import type { Problem } from '../../client/index.ts'

export interface ProblemCardProps {
  problem: Problem
  /** The HTTP status, when it is known apart from the document's own `status`. */
  status?: number
}

const STANDARD = new Set(['type', 'title', 'status', 'detail', 'instance'])

interface FieldError {
  field?: unknown
  message?: unknown
  pointer?: unknown
}

function text(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  if (
    Array.isArray(value) &&
    value.every((item) => typeof item !== 'object' || item === null)
  )
    return value.length === 0
      ? '(none)'
      : value.map((item) => String(item)).join(', ')
  return JSON.stringify(value)
}

function isRecordArray(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null)
  )
}

function ErrorsTable({ errors }: { errors: FieldError[] }) {
  // Every item has a `field`; body members add a JSON `pointer`, query parameters have none.
  const hasPointer = errors.some((e) => e.pointer !== undefined)
  const byParameter = !hasPointer
  return (
    <div className="table-scroll">
      <table>
        <caption>
          {byParameter ? 'Errors by parameter' : 'Errors by field'}
        </caption>
        <thead>
          <tr>
            <th scope="col">{byParameter ? 'Parameter' : 'Field'}</th>
            <th scope="col">Message</th>
            {hasPointer && <th scope="col">Pointer</th>}
          </tr>
        </thead>
        <tbody>
          {errors.map((error, index) => (
            <tr key={index}>
              <th scope="row">
                <code>{text(error.field)}</code>
              </th>
              <td>{text(error.message)}</td>
              {hasPointer && (
                <td>
                  <code>{text(error.pointer)}</code>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * An RFC 9457 problem document for people: title and status, detail, instance, the type as a link
 * to its documentation, the `errors` list by field or parameter, and every extension member.
 */
export function ProblemCard({ problem, status }: ProblemCardProps) {
  const headingId = useId()
  const shownStatus = status ?? problem.status
  const { errors } = problem
  const tabular = isRecordArray(errors) && errors.length > 0
  // `errors` gets its own table; anything else unusual still shows, as it came.
  const extensions = Object.entries(problem).filter(
    ([name]) => !STANDARD.has(name) && !(name === 'errors' && tabular),
  )
  const linkable = problem.type !== 'about:blank'
  return (
    <article className="problem-card" aria-labelledby={headingId}>
      <h4 id={headingId} className="problem-title">
        <span className="status-badge">{shownStatus}</span>{' '}
        {problem.title ?? 'Problem'}
      </h4>
      {problem.detail !== undefined && (
        <p className="problem-detail">{problem.detail}</p>
      )}
      <dl className="pairs">
        <div className="pair">
          <dt>Type</dt>
          <dd>
            {linkable ? (
              <a href={problem.type} target="_blank" rel="noreferrer">
                {problem.type}
                <span className="visually-hidden">
                  {' '}
                  (documentation, opens in a new tab)
                </span>
              </a>
            ) : (
              <code>{problem.type}</code>
            )}
          </dd>
        </div>
        {problem.status !== shownStatus && (
          <div className="pair">
            <dt>Status in the document</dt>
            <dd>{problem.status}</dd>
          </div>
        )}
        {problem.instance !== undefined && (
          <div className="pair">
            <dt>Instance</dt>
            <dd>
              <code>{problem.instance}</code>
            </dd>
          </div>
        )}
      </dl>
      {tabular && <ErrorsTable errors={errors} />}
      {extensions.length > 0 && (
        <section aria-labelledby={`${headingId}-extensions`}>
          <h5 id={`${headingId}-extensions`}>Extension members</h5>
          <dl className="pairs">
            {extensions.map(([name, value]) => (
              <div key={name} className="pair">
                <dt>
                  <code>{name}</code>
                </dt>
                <dd>
                  <code>{text(value)}</code>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </article>
  )
}
