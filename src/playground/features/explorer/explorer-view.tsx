import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
} from 'react'
import {
  isHttpError,
  isLink,
  isNetworkError,
  selfHref,
  type Link,
} from '../../../client/index.ts'
import { useResource } from '../../../react/index.ts'
import { ErrorView } from '../../components/error-view.tsx'
import { JsonView } from '../../components/json-view.tsx'
import { ViewLink } from '../../components/view-link.tsx'
import { useLocation } from '../../navigation/use-location.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { stateMachineFor } from '../../services/state-machines.ts'
import { useApiDescription } from '../../services/use-api-description.ts'
import { ActionButton, type ActionOutcome } from './action-button.tsx'
import { CollectionItems } from './collection-items.tsx'
import { LinksTable } from './links-table.tsx'
import { linkHeaderLinks, listItemsOf } from './list-of.ts'
import { MembersTable } from './members-table.tsx'
import { StateDiagram } from './state-diagram.tsx'
import { PagingNav } from './paging-nav.tsx'
import { ReadSummary } from './read-summary.tsx'
import { resourceTitle } from './value-text.ts'
import { WaitControls } from './wait-controls.tsx'

interface Resource {
  _links?: Record<string, unknown>
  items?: unknown
  [member: string]: unknown
}

function actionsOf(links: Record<string, unknown>): [string, Link][] {
  return Object.entries(links).filter(
    (entry): entry is [string, Link] =>
      isLink(entry[1]) && entry[1].method !== undefined,
  )
}

function ActionResult({ outcome }: { outcome: ActionOutcome }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // The button that was pressed may be gone (the new state does not offer it): keep the
    // keyboard user's place by moving focus to the result instead of the page's start.
    const active = document.activeElement
    if (active === null || active === document.body) ref.current?.focus()
  }, [outcome])
  if (!outcome.ok) {
    return (
      <div role="alert" className="outcome" ref={ref} tabIndex={-1}>
        <p>
          <strong>{outcome.rel}</strong> failed:
        </p>
        <ErrorView error={outcome.error} />
      </div>
    )
  }
  const self = selfHref(outcome.result)
  return (
    <div role="status" className="outcome outcome-ok" ref={ref} tabIndex={-1}>
      <p>
        <strong>{outcome.rel}</strong> succeeded
        {self !== undefined && (
          <>
            {'; it returned '}
            <ViewLink view="explorer" params={{ href: self }}>
              {self}
            </ViewLink>
          </>
        )}
        . The view was refreshed.
      </p>
      {outcome.result !== undefined && (
        <details>
          <summary>Returned representation</summary>
          <JsonView value={outcome.result} label="Returned representation" />
        </details>
      )}
    </div>
  )
}

function ResourceView({
  href,
  resource,
  refreshing,
}: {
  href: string
  resource: Resource
  /**
   * The resource shown is the copy read before, being read again (a write may have changed it):
   * marked busy, its actions off until the new read arrives, so none is pressed on a stale state.
   */
  refreshing: boolean
}) {
  const [raw, setRaw] = useState(false)
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null)
  const { api, client, responses } = usePlayground()
  const seen = useSyncExternalStore(responses.subscribe, () =>
    responses.get('GET', client.resolve(href)),
  )
  // A body without `_links` (a bare array, an imported API's records) is paged by its Link header.
  const links = (
    typeof resource._links === 'object' && resource._links !== null
      ? resource._links
      : linkHeaderLinks(seen?.headers.find(([name]) => name === 'Link')?.[1])
  ) as Record<string, unknown>
  const items = listItemsOf(resource)
  const isCollection = items !== undefined
  const actions = actionsOf(links)
  const self = selfHref(resource) ?? href
  // The lifecycle of whichever resource this is, from the description the mock serves. The API
  // root, which the engine serves itself, has none.
  const path = new URL(self, window.location.origin).pathname
  const root = new URL(
    `${api.origin}${api.basePath}` || '/',
    window.location.origin,
  ).pathname
  const mayHaveLifecycle =
    !isCollection && path.replace(/\/$/, '') !== root.replace(/\/$/, '')
  const description = useApiDescription(mayHaveLifecycle)
  const machine = mayHaveLifecycle
    ? stateMachineFor(description, path)
    : undefined
  const status = machine ? resource[machine.field] : undefined
  return (
    <article
      aria-labelledby="resource-heading"
      aria-busy={refreshing || undefined}
      className={refreshing ? 'resource-refreshing' : undefined}
    >
      <h3 id="resource-heading">{resourceTitle(self, isCollection)}</h3>
      {machine && typeof status === 'string' && (
        <StateDiagram
          machine={machine}
          status={status}
          offered={actions.map(([rel]) => rel)}
        />
      )}
      {actions.length > 0 && (
        <section aria-labelledby="actions-heading">
          <h4 id="actions-heading">Actions</h4>
          <ul className="action-list">
            {actions.map(([rel, link]) => (
              <li key={rel}>
                <ActionButton
                  rel={rel}
                  link={link}
                  onOutcome={setOutcome}
                  disabled={refreshing}
                />{' '}
                <code className="muted">
                  {link.method} {link.href}
                </code>
                {link.title !== undefined && ` — ${link.title}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {outcome && <ActionResult outcome={outcome} />}
      {isCollection && (
        <>
          <PagingNav links={links} />
          <CollectionItems
            collection={{ ...(resource as object), items: items! }}
          />
        </>
      )}
      <div className="side-by-side">
        <MembersTable
          resource={
            Array.isArray(resource)
              ? {}
              : Object.fromEntries(
                  Object.entries(resource).filter(([, v]) => v !== items),
                )
          }
        />
        <LinksTable links={links} />
      </div>
      <button
        type="button"
        aria-expanded={raw}
        aria-controls="raw-json"
        onClick={() => setRaw((shown) => !shown)}
      >
        {raw ? 'Hide raw JSON' : 'Show raw JSON'}
      </button>
      {raw && (
        <div id="raw-json">
          <JsonView value={resource} label="Raw JSON" />
        </div>
      )}
    </article>
  )
}

/** Where the explorer is, editable: any href can be typed in and read. */
function GoToForm({ href }: { href: string }) {
  const { api } = usePlayground()
  const { navigate } = useLocation()
  const [value, setValue] = useState(href)
  const [shown, setShown] = useState(href)
  if (shown !== href) {
    // Navigation elsewhere (a link, Back) moves the field along.
    setShown(href)
    setValue(href)
  }
  const go = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (value.trim() !== '') navigate('explorer', { href: value.trim() })
  }
  return (
    <form className="toolbar" onSubmit={go} aria-label="Location">
      <label>
        Resource href{' '}
        <input
          value={value}
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <button type="submit">Go</button>
      <ViewLink view="explorer" params={{ href: api.basePath }}>
        Back to the entry point
      </ViewLink>
      <ViewLink view="console" params={{ method: 'GET', path: href }}>
        Open in the console
      </ViewLink>
    </form>
  )
}

/** "Loading…" (or "Refreshing…" over a copy read before), and while the client retries, which attempt it is on. */
function FetchProgress({
  href,
  refreshing,
}: {
  href: string
  refreshing: boolean
}) {
  const { client, clientEvents } = usePlayground()
  const url = client.resolve(href)
  const last = useSyncExternalStore(clientEvents.subscribe, () =>
    clientEvents.getSnapshot().findLast((event) => event.url === url),
  )
  const reading = refreshing
    ? 'Refreshing: what is shown was read before, its actions are off until the new read arrives.'
    : 'Loading…'
  if (last?.type === 'retry:scheduled')
    return (
      <>
        {reading} Attempt {last.attempt + 1} failed; retrying in{' '}
        {(last.delayMs / 1000).toFixed(1)} s (see the{' '}
        <ViewLink view="timeline">timeline</ViewLink>).
      </>
    )
  if (last?.type === 'attempt:start' && last.attempt > 0)
    return (
      <>
        {reading} Attempt {last.attempt + 1}.
      </>
    )
  return <>{reading}</>
}

/** Starts at GET /api and walks the links; the location (`href`) lives in the URL. */
function ResourcePanel({ href }: { href: string }) {
  const query = useResource<Resource>(href)
  // A copy from the cache on screen while it is read again (after a write, on coming back).
  const refreshing = query.isRefetching
  const [cancelled, setCancelled] = useState(false)
  const retry = () => {
    setCancelled(false)
    void query.refetch()
  }
  return (
    <>
      <div role="status" className="status-summary">
        {query.isFetching ? (
          <FetchProgress href={href} refreshing={refreshing} />
        ) : cancelled && !query.data ? (
          'Cancelled: the read was stopped before an answer.'
        ) : (
          ''
        )}
      </div>
      {query.isFetching && (
        <WaitControls href={href} onCancel={() => setCancelled(true)} />
      )}
      {!query.isFetching && ((cancelled && !query.data) || query.isError) && (
        <p>
          <button type="button" onClick={retry}>
            Retry the read
          </button>
        </p>
      )}
      <ReadSummary href={href} />
      {query.isError && (
        <div role="alert">
          <ErrorView error={query.error} />
          {!isHttpError(query.error) && !isNetworkError(query.error) && (
            <p>
              It is not a JSON resource:{' '}
              <a href={href} target="_blank" rel="noreferrer">
                open {href} in a new tab
              </a>
              .
            </p>
          )}
        </div>
      )}
      {query.data && (
        <ResourceView
          key={href}
          href={href}
          resource={query.data}
          refreshing={refreshing}
        />
      )}
    </>
  )
}

export function ExplorerView() {
  const { api, token } = usePlayground()
  const { params } = useLocation()
  const href = params.get('href') ?? api.basePath
  const headingRef = useRef<HTMLHeadingElement>(null)
  const previousHref = useRef<string | null>(null)
  useEffect(() => {
    // A new location moves focus to the top of the view, as a page load would.
    if (previousHref.current !== null && previousHref.current !== href)
      headingRef.current?.focus()
    previousHref.current = href
  }, [href])
  return (
    <section aria-labelledby="explorer-heading">
      <h2 id="explorer-heading" ref={headingRef} tabIndex={-1}>
        Explorer
      </h2>
      <GoToForm href={href} />
      <p>
        <code>GET {href}</code>{' '}
        <span className="muted">
          as {token === null ? 'no credential' : token}
        </span>
      </p>
      <ResourcePanel key={href} href={href} />
    </section>
  )
}
