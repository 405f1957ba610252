import type { CapturedResponse } from './captured-response.ts'
import { JsonView } from './json-view.tsx'
import { ProblemCard } from './problem-card.tsx'
import { reasonPhrase } from './reason-phrase.ts'

export interface ResponseViewProps {
  response: CapturedResponse
  /**
   * `all`: every response header in a table (the console); a list of names: only those, when
   * present (the guide points at the ones its paragraph is about).
   */
  headers?: 'all' | readonly string[]
}

const MAX_TEXT = 4000

function statusClass(status: number) {
  return `status-badge status-${String(status).charAt(0)}xx`
}

function Body({ response }: { response: CapturedResponse }) {
  if (response.bodyText === '') return <p className="muted">No body.</p>
  if (response.json !== undefined)
    return <JsonView value={response.json} label="Response body" />
  const text = response.bodyText
  const shown =
    text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}\n…(cut)` : text
  return (
    <pre tabIndex={0} aria-label="Response body">
      {shown}
    </pre>
  )
}

/** A status line, the headers asked for, and the body: a problem document as a ProblemCard. */
export function ResponseView({ response, headers = 'all' }: ResponseViewProps) {
  const { status, problem } = response
  const picked =
    headers === 'all'
      ? response.headers
      : response.headers.filter(([name]) =>
          headers.some((wanted) => wanted.toLowerCase() === name),
        )
  return (
    <div className="response-view">
      <p className="status-line">
        <span className={statusClass(status)}>{status}</span>{' '}
        <strong>{reasonPhrase(status, response.statusText)}</strong>
        <span className="muted">
          {' '}
          · {Math.round(response.durationMs)} ms · {response.attempts} attempt
          {response.attempts === 1 ? '' : 's'}
        </span>
      </p>
      {picked.length > 0 && (
        <div className="table-scroll">
          <table className="headers-table">
            <caption>
              {headers === 'all' ? 'Response headers' : 'Headers of note'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
              {picked.map(([name, value]) => (
                <tr key={name}>
                  <th scope="row">
                    <code>{name}</code>
                  </th>
                  <td>
                    <code>{value}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {problem ? (
        <>
          <ProblemCard problem={problem} status={status} />
          <details>
            <summary>Raw problem document</summary>
            <Body response={response} />
          </details>
        </>
      ) : (
        <Body response={response} />
      )}
    </div>
  )
}
