import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { MockApi, Scenario } from '../index.ts'
import type { Preferences } from './boot/preferences.ts'
import { serverConnection } from './boot/connect-server.ts'
import { HypermockClientProvider } from '../react/index.ts'
import { ExplorerView } from './features/explorer/explorer-view.tsx'
import { ViewBoundary } from './components/view-boundary.tsx'
import { ViewLink } from './components/view-link.tsx'
import { useLocation, views, type View } from './navigation/use-location.ts'
import { useMockValue } from './services/use-mock-value.ts'
import {
  PlaygroundProvider,
  usePlayground,
  type Token,
} from './services/playground-context.tsx'
import { speeds, type Speed } from './services/speed.ts'
import type { VirtualClock } from './services/virtual-clock.ts'
import type { Credential } from './services/declared-credentials.ts'

/**
 * A view's module, loaded when the view is first opened: the page ships the shell and the view it
 * opens on (the Explorer), and each other view is a chunk of its own.
 */
const onDemand = <Name extends string>(
  load: () => Promise<Record<Name, () => React.ReactNode>>,
  name: Name,
) => lazy(async () => ({ default: (await load())[name] }))

/** Each view: its navigation label and its component (features never import each other). */
const viewRegistry: Record<
  View,
  { label: string; Component: React.ComponentType }
> = {
  explorer: { label: 'Explorer', Component: ExplorerView },
  console: {
    label: 'Console',
    Component: onDemand(
      () => import('./features/console/console-view.tsx'),
      'ConsoleView',
    ),
  },
  data: {
    label: 'Data',
    Component: onDemand(
      () => import('./features/data/data-view.tsx'),
      'DataView',
    ),
  },
  guide: {
    label: 'Guide',
    Component: onDemand(
      () => import('./features/guide/guide-view.tsx'),
      'GuideView',
    ),
  },
  reference: {
    label: 'Reference',
    Component: onDemand(
      () => import('./features/reference/reference-view.tsx'),
      'ReferenceView',
    ),
  },
  timeline: {
    label: 'Timeline',
    Component: onDemand(
      () => import('./features/timeline/timeline-view.tsx'),
      'TimelineView',
    ),
  },
  faults: {
    label: 'Faults',
    Component: onDemand(
      () => import('./features/faults/faults-view.tsx'),
      'FaultsView',
    ),
  },
  scenarios: {
    label: 'Scenarios',
    Component: onDemand(
      () => import('./features/scenarios/scenarios-view.tsx'),
      'ScenariosView',
    ),
  },
  journal: {
    label: 'Journal',
    Component: onDemand(
      () => import('./features/journal/journal-view.tsx'),
      'JournalView',
    ),
  },
  events: {
    label: 'Events',
    Component: onDemand(
      () => import('./features/events/events-view.tsx'),
      'EventsView',
    ),
  },
  graphql: {
    label: 'GraphQL',
    Component: onDemand(
      () => import('./features/graphql/graphql-view.tsx'),
      'GraphqlView',
    ),
  },
}

const readRules = (api: MockApi) => api.faults.list()

/** Fault rules change every answer, so the header says when some are active, on every view. */
function FaultBadge() {
  const { api } = usePlayground()
  const rules = useMockValue(api, ['faults', 'request'], readRules)
  const count = rules.length
  return (
    <div aria-live="polite" className="fault-badge-slot">
      {count > 0 && (
        <span className="fault-badge">
          <ViewLink view="faults">
            {count} fault{count === 1 ? '' : 's'} active
          </ViewLink>{' '}
          <button
            type="button"
            aria-label={`Clear the ${count} fault rule${count === 1 ? '' : 's'}`}
            onClick={() => api.faults.clear()}
          >
            Clear
          </button>
        </span>
      )}
    </div>
  )
}

/** `orders, payments, transfers`: the resources the in-page mock declares, the first few. */
function resourceNames(api: MockApi): string {
  const names = Object.keys(api.declaration.resources)
  return names.length > 4
    ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`
    : names.join(', ')
}

/** What this is, where it runs, where to start: the first thing a new visitor reads, in two lines. */
function Welcome() {
  const { api, declaredScenarios } = usePlayground()
  const hasScenarios =
    declaredScenarios === undefined || declaredScenarios.length > 0
  const server = serverConnection()
  return (
    <section className="welcome" aria-label="Welcome">
      {server ? (
        <>
          <p>
            <strong>hypermock</strong> is serving your API at{' '}
            <code>{api.basePath || '/'}</code>, with a client that retries as
            the API&apos;s conventions say.
          </p>
          <p>
            This page talks to that server over HTTP: every request shows in
            your browser&apos;s network tab, and curl reaches the same mock.
          </p>
        </>
      ) : (
        <>
          <p>
            <strong>hypermock</strong> is a mock of a whole JSON API (
            {resourceNames(api)}) and a client that retries as the API&apos;s
            conventions say.
          </p>
          <p>
            The mock runs in this tab, behind a service worker: your
            browser&apos;s network tab shows every request, and nothing leaves
            the page.
          </p>
        </>
      )}
      <p>
        New here? Start with the <ViewLink view="guide">Guide</ViewLink>,
        {hasScenarios && (
          <>
            {' '}
            run a <ViewLink view="scenarios">scenario</ViewLink>,
          </>
        )}{' '}
        or follow the links below from <code>GET {api.basePath || '/'}</code>.
      </p>
    </section>
  )
}

/**
 * The views as tabs. Where they do not fit (a phone), the bar scrolls: an arrow at each edge with
 * more tabs past it says so and scrolls on click, and the current view's tab is scrolled into view.
 */
function ViewTabs({
  view,
  navigate,
}: {
  view: View
  navigate: (view: View) => void
}) {
  const listRef = useRef<HTMLUListElement>(null)
  const [more, setMore] = useState({ left: false, right: false })
  const measure = useCallback(() => {
    const list = listRef.current
    if (!list) return
    const left = list.scrollLeft > 1
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 1
    setMore((was) =>
      was.left === left && was.right === right ? was : { left, right },
    )
  }, [])
  useEffect(() => {
    const list = listRef.current
    if (!list || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(list)
    return () => observer.disconnect()
  }, [measure])
  useEffect(() => {
    const list = listRef.current
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (list && current) {
      // Scrolls the bar only (never the page): the tab's box against the bar's.
      const start = current.offsetLeft - list.offsetLeft
      const end = start + current.offsetWidth
      if (start < list.scrollLeft) list.scrollLeft = start - 24
      else if (end > list.scrollLeft + list.clientWidth)
        list.scrollLeft = end - list.clientWidth + 24
    }
    measure()
  }, [view, measure])
  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current
    list?.scrollBy({ left: direction * list.clientWidth * 0.6 })
  }
  return (
    <nav aria-label="Views" className="app-nav">
      <ul ref={listRef} onScroll={measure}>
        {views.map((v) => (
          <li key={v}>
            <a
              href={`?view=${v}`}
              aria-current={v === view ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault()
                navigate(v)
              }}
            >
              {viewRegistry[v].label}
            </a>
          </li>
        ))}
      </ul>
      {more.left && (
        <button
          type="button"
          className="app-nav-more app-nav-more-left"
          aria-label="More views to the left"
          tabIndex={-1}
          onClick={() => scrollBy(-1)}
        >
          ‹
        </button>
      )}
      {more.right && (
        <button
          type="button"
          className="app-nav-more app-nav-more-right"
          aria-label="More views to the right"
          tabIndex={-1}
          onClick={() => scrollBy(1)}
        >
          ›
        </button>
      )}
    </nav>
  )
}

/**
 * The credential the requests carry, picked from those the API offers. An API that offers one
 * only (declared with `auth: false`: no credential needed) has nothing to pick: it is said, not
 * offered as a choice.
 */
function CredentialSetting() {
  const { credentials, token, setToken } = usePlayground()
  if (credentials.length < 2)
    return (
      <span className="app-setting app-setting-fixed">
        {credentials[0]?.label ?? 'No credential'}
      </span>
    )
  return (
    <label className="app-setting">
      <span className="app-setting-label">Credential</span>{' '}
      <select
        value={token ?? ''}
        onChange={(event) => setToken((event.target.value || null) as Token)}
      >
        {credentials.map((c) => (
          <option key={c.label} value={c.token ?? ''}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  )
}

function CurrentView({ view }: { view: View }) {
  const { label, Component } = viewRegistry[view]
  return (
    <ViewBoundary key={view} label={label}>
      <Suspense fallback={<p role="status">Loading the {label} view…</p>}>
        <Component />
      </Suspense>
    </ViewBoundary>
  )
}

function Shell() {
  const {
    client,
    queryClient,
    speed,
    setSpeed,
    storageNotice,
    dismissStorageNotice,
  } = usePlayground()
  const { view, navigate } = useLocation()
  return (
    <HypermockClientProvider client={client}>
      <QueryClientProvider client={queryClient}>
        {/* One sticky bar, as a tool's: the views and the settings every view depends on. */}
        <header className="app-header">
          <div className="app-bar">
            <h1>hypermock</h1>
            <CredentialSetting />
            <label className="app-setting">
              <span aria-hidden="true" className="app-setting-label">
                Speed
              </span>
              <span className="visually-hidden">
                Demo speed (playground only)
              </span>{' '}
              <select
                value={speed}
                title="Demo speed (playground only): how fast waits pass"
                onChange={(event) =>
                  setSpeed(Number(event.target.value) as Speed)
                }
              >
                {speeds.map((s) => (
                  <option key={s} value={s}>
                    {s}×
                  </option>
                ))}
              </select>
            </label>
            <FaultBadge />
          </div>
          <ViewTabs view={view} navigate={navigate} />
        </header>
        {storageNotice && (
          <div role="alert" className="notice">
            {storageNotice}{' '}
            <button onClick={dismissStorageNotice}>Dismiss</button>
          </div>
        )}
        {view === 'explorer' && <Welcome />}
        <main>
          <CurrentView view={view} />
        </main>
      </QueryClientProvider>
    </HypermockClientProvider>
  )
}

export interface AppProps {
  api: MockApi
  storageNotice?: string | null
  /** The credential and speed to start with (the page passes the ones saved last time). */
  preferences?: Partial<Preferences>
  onPreferencesChange?: (preferences: Preferences) => void
  /** The clock the mock runs on; the demo speed is set on it. */
  clock?: VirtualClock
  fetch?: (request: Request) => Promise<Response>
  /** The credentials to offer. @default the built-in domain's */
  credentials?: readonly Credential[]
  /** The scenarios to offer. @default those the loaded API's declaration carries */
  declaredScenarios?: readonly Scenario[]
}

/** The playground: explore the mock through its links, break it with faults, watch the client retry. */
export function App({
  api,
  storageNotice = null,
  preferences = {},
  onPreferencesChange,
  clock,
  fetch,
  credentials,
  declaredScenarios,
}: AppProps) {
  return (
    <PlaygroundProvider
      api={api}
      storageNotice={storageNotice}
      {...(preferences.token !== undefined && {
        initialToken: preferences.token,
      })}
      {...(preferences.speed !== undefined && {
        initialSpeed: preferences.speed,
      })}
      {...(onPreferencesChange && { onPreferencesChange })}
      {...(clock && { clock })}
      {...(fetch && { fetch })}
      {...(credentials && { credentials })}
      {...(declaredScenarios && { declaredScenarios })}
    >
      <Shell />
    </PlaygroundProvider>
  )
}
