import { QueryClientProvider } from '@tanstack/react-query'
import type { MockApi } from '../mock-server/index.ts'
import type { Preferences } from './boot/preferences.ts'
import { HypermockClientProvider } from '../react/index.ts'
import { ExplorerView } from './features/explorer/explorer-view.tsx'
import { ConsoleView } from './features/console/console-view.tsx'
import { DataView } from './features/data/data-view.tsx'
import { GuideView } from './features/guide/guide-view.tsx'
import { FaultsView } from './features/faults/faults-view.tsx'
import { JournalView } from './features/journal/journal-view.tsx'
import { ReferenceView } from './features/reference/reference-view.tsx'
import { ScenariosView } from './features/scenarios/scenarios-view.tsx'
import { TimelineView } from './features/timeline/timeline-view.tsx'
import { useLocation, views, type View } from './navigation/use-location.ts'
import {
  credentials,
  PlaygroundProvider,
  usePlayground,
  type Token,
} from './services/playground-context.tsx'
import { speeds, type Speed } from './services/speed.ts'

/** Each view: its navigation label and its component (features never import each other). */
const viewRegistry: Record<
  View,
  { label: string; Component: () => React.ReactNode }
> = {
  explorer: { label: 'Explorer', Component: ExplorerView },
  console: { label: 'Console', Component: ConsoleView },
  data: { label: 'Data', Component: DataView },
  guide: { label: 'Guide', Component: GuideView },
  reference: { label: 'Reference', Component: ReferenceView },
  timeline: { label: 'Timeline', Component: TimelineView },
  faults: { label: 'Faults', Component: FaultsView },
  scenarios: { label: 'Scenarios', Component: ScenariosView },
  journal: { label: 'Journal', Component: JournalView },
}

function CurrentView({ view }: { view: View }) {
  const { Component } = viewRegistry[view]
  return <Component />
}

function Shell() {
  const {
    client,
    queryClient,
    token,
    setToken,
    speed,
    setSpeed,
    storageNotice,
    dismissStorageNotice,
  } = usePlayground()
  const { view, navigate } = useLocation()
  return (
    <HypermockClientProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <header className="app-header">
          <h1>hypermock</h1>
          <label>
            Credential{' '}
            <select
              value={token ?? ''}
              onChange={(event) =>
                setToken((event.target.value || null) as Token)
              }
            >
              {credentials.map((c) => (
                <option key={c.label} value={c.token ?? ''}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Demo speed (playground only){' '}
            <select
              value={speed}
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
        </header>
        {storageNotice && (
          <div role="alert" className="notice">
            {storageNotice}{' '}
            <button onClick={dismissStorageNotice}>Dismiss</button>
          </div>
        )}
        <nav aria-label="Views">
          <ul>
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
        </nav>
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
  fetch?: (request: Request) => Promise<Response>
}

/** The playground: explore the mock through its links, break it with faults, watch the client retry. */
export function App({
  api,
  storageNotice = null,
  preferences = {},
  onPreferencesChange,
  fetch,
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
      {...(fetch && { fetch })}
    >
      <Shell />
    </PlaygroundProvider>
  )
}
