import { Fragment, useId, useMemo, useState } from 'react'
import { JsonView } from '../../components/json-view.tsx'
import { CopyAsButtons } from '../../components/copy-as-buttons.tsx'
import {
  exchangeLog,
  redact,
  type Exchange,
} from '../../services/exchange-log.ts'
import { ScrollBox } from '../../components/scroll-box.tsx'
import type { JournalEntry, MockApi } from '../../../index.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useMockValue } from '../../services/use-mock-value.ts'
import {
  emptyJournalFilter,
  filterJournal,
  statusClassOf,
  statusClasses,
  type JournalFilter,
  type StatusClass,
} from './journal-filter.ts'

const readJournal = (api: MockApi) => api.journal.list()

const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

function statusLabel(status: number): string {
  return status === 0 ? '0, no response' : String(status)
}

/** `12:03:04.512`: the time of day of an ISO time, in UTC like the mock clock. */
function timeOfDay(iso: string): string {
  return iso.length >= 23 ? iso.slice(11, 23) : iso
}

function HeaderList({
  headers,
}: {
  headers: readonly (readonly [string, string])[]
}) {
  if (headers.length === 0) return <>none</>
  return (
    <pre tabIndex={0} className="jr-pre">
      {headers
        .map(([name, value]) => `${name}: ${redact(name, value)}`)
        .join('\n')}
    </pre>
  )
}

function BodyText({ body, label }: { body: string; label: string }) {
  if (body === '') return <>empty</>
  let parsed: { json: unknown } | null = null
  try {
    parsed = { json: JSON.parse(body) as unknown }
  } catch {
    // Not JSON: shown as sent.
  }
  if (parsed) return <JsonView value={parsed.json} label={label} />
  return (
    <pre tabIndex={0} className="jr-pre">
      {body}
    </pre>
  )
}

/** The exchange as curl or fetch, with the headers as sent (the copy is for replaying it). */
function CopyExchange({
  entry,
  exchange,
}: {
  entry: JournalEntry
  exchange: Exchange
}) {
  const request = {
    method: entry.method,
    path: entry.path,
    headers: exchange.requestHeaders.map(
      ([name, value]) => [name, value] as [string, string],
    ),
    body: exchange.requestBody,
  }
  return (
    <div className="button-row">
      <CopyAsButtons request={() => request} />
    </div>
  )
}

function EntryDetails({ entry }: { entry: JournalEntry }) {
  const exchange = exchangeLog.get(entry.id)
  const rows: [string, React.ReactNode][] = [
    ['Entry', entry.id],
    ['Time (mock clock, UTC)', <code key="t">{entry.time}</code>],
    ['Method', entry.method],
    ['Path', <code key="p">{entry.path}</code>],
    [
      'Status',
      `${statusLabel(entry.status)} (${statusClasses.find((c) => c.value === statusClassOf(entry.status))?.label ?? ''})`,
    ],
    ['Duration', `${entry.durationMs} ms`],
    ['Fault', entry.fault ?? 'none'],
    [
      'Idempotency-Key',
      entry.idempotencyKey === null ? (
        'none'
      ) : (
        <code key="k">{entry.idempotencyKey}</code>
      ),
    ],
    [
      'Replayed',
      entry.replayed
        ? 'yes: answered from the idempotency store (Idempotent-Replayed: true)'
        : 'no',
    ],
  ]
  if (exchange) {
    rows.push(
      [
        'Request headers',
        <HeaderList key="qh" headers={exchange.requestHeaders} />,
      ],
      [
        'Request body',
        <BodyText key="qb" body={exchange.requestBody} label="Request body" />,
      ],
      [
        'Response headers',
        exchange.responseHeaders === null ? (
          'no response reached the caller'
        ) : (
          <HeaderList key="rh" headers={exchange.responseHeaders} />
        ),
      ],
      [
        'Response body',
        exchange.responseBody === null ? (
          'none'
        ) : (
          <BodyText
            key="rb"
            body={exchange.responseBody}
            label="Response body"
          />
        ),
      ],
    )
  } else {
    rows.push([
      'Headers and bodies',
      'not captured (the playground records those of requests answered since this page loaded)',
    ])
  }
  return (
    <>
      <dl className="jr-details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {exchange && <CopyExchange entry={entry} exchange={exchange} />}
    </>
  )
}

/** Every request the in-page mock served, newest first, live, filterable, each with its details. */
export function JournalView() {
  const { api } = usePlayground()
  const id = useId()
  const entries = useMockValue(api, ['request', 'journal'], readJournal)
  const [filter, setFilter] = useState<JournalFilter>(emptyJournalFilter)
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set())
  const shown = useMemo(
    () => filterJournal(entries, filter).reverse(),
    [entries, filter],
  )
  const update = (patch: Partial<JournalFilter>) =>
    setFilter((current) => ({ ...current, ...patch }))
  const toggle = (entryId: number) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(entryId)) next.add(entryId)
      return next
    })

  return (
    <section aria-labelledby={`${id}-heading`} className="jr-view">
      <h2 id={`${id}-heading`}>Journal</h2>
      <p>
        Every request the mock served, newest first, as it happens (the control
        API under <code>/__mock</code> is not journalled). Status 0 means the
        caller got no response: a network error, a hang it gave up on, or a lost
        response.
      </p>
      <form
        role="search"
        aria-label="Filter the journal"
        className="jr-filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Method{' '}
          <select
            value={filter.method}
            onChange={(event) => update({ method: event.target.value })}
          >
            <option value="">Any method</option>
            {methods.map((method) => (
              <option key={method}>{method}</option>
            ))}
          </select>
        </label>
        <label>
          Status{' '}
          <select
            value={filter.status}
            onChange={(event) =>
              update({ status: event.target.value as StatusClass })
            }
          >
            {statusClasses.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Path contains{' '}
          <input
            type="search"
            value={filter.path}
            spellCheck={false}
            onChange={(event) => update({ path: event.target.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={filter.faultsOnly}
            onChange={(event) => update({ faultsOnly: event.target.checked })}
          />{' '}
          Faults only
        </label>
        <button type="button" onClick={() => setFilter(emptyJournalFilter)}>
          Reset filters
        </button>
        <button
          type="button"
          disabled={entries.length === 0}
          onClick={() => {
            api.journal.clear()
            setExpanded(new Set())
          }}
        >
          Clear journal
        </button>
      </form>
      <p role="status" className="jr-summary">
        {entries.length === 0
          ? 'No requests yet.'
          : `Showing ${shown.length} of ${entries.length} request${entries.length === 1 ? '' : 's'}, newest first.`}
      </p>
      {shown.length > 0 && (
        <ScrollBox label="Journal entries" className="jr-scroll">
          <table className="jr-table">
            <caption>Requests served by the mock</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Status</th>
                <th scope="col">Method</th>
                <th scope="col">Path</th>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Duration</th>
                <th scope="col">Fault</th>
                <th scope="col">Replayed</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((entry) => {
                const open = expanded.has(entry.id)
                const kind = statusClassOf(entry.status)
                return (
                  <Fragment key={entry.id}>
                    <tr className={open ? 'jr-open' : undefined}>
                      <td>{entry.id}</td>
                      <td>
                        <span className={`jr-status jr-${kind}`}>
                          {statusLabel(entry.status)}
                        </span>
                      </td>
                      <td>{entry.method}</td>
                      <td className="jr-path">
                        <code>{entry.path}</code>
                      </td>
                      <td>
                        <time dateTime={entry.time}>
                          {timeOfDay(entry.time)}
                        </time>
                      </td>
                      <td>{entry.durationMs} ms</td>
                      <td>{entry.fault ?? '—'}</td>
                      <td>{entry.replayed ? 'replayed' : '—'}</td>
                      <td>
                        <button
                          type="button"
                          aria-expanded={open}
                          aria-controls={
                            open ? `${id}-entry-${entry.id}` : undefined
                          }
                          onClick={() => toggle(entry.id)}
                        >
                          {/* A disclosure: one name ("Details of request 3", the visible word
                              first: WCAG 2.5.3), the state in aria-expanded and, for the eye,
                              the arrow. */}
                          <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
                          Details{' '}
                          <span className="visually-hidden">
                            of request {entry.id}
                          </span>
                        </button>
                      </td>
                    </tr>
                    {open && (
                      <tr
                        id={`${id}-entry-${entry.id}`}
                        className="jr-detail-row"
                      >
                        <td colSpan={9}>
                          <EntryDetails entry={entry} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                )
              })}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  )
}
