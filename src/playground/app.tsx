import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import type { MockApi } from '../mock-server/index.ts'
import { createQueryClient, HypermockClientProvider } from '../react/index.ts'
import { ExplorerView } from './features/explorer/explorer-view.tsx'
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
}

function CurrentView({ view }: { view: View }) {
  const { Component } = viewRegistry[view]
  return <Component />
}

function Shell() {
  const {
    client,
    token,
    setToken,
    speed,
    setSpeed,
    storageNotice,
    dismissStorageNotice,
  } = usePlayground()
  const { view, navigate } = useLocation()
  const [queryClient] = useState(() => createQueryClient())
  return (
    <HypermockClientProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <header className="app-header">
          <h1>hypermock</h1>
          <label>
            Credential{' '}
            <select
              value={token ?? ''}
              onChange={(event) => {
                setToken((event.target.value || null) as Token)
                queryClient.clear()
              }}
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
  fetch?: (request: Request) => Promise<Response>
}

/** The playground: explore the mock through its links, break it with faults, watch the client retry. */
export function App({ api, storageNotice = null, fetch }: AppProps) {
  return (
    <PlaygroundProvider
      api={api}
      storageNotice={storageNotice}
      {...(fetch && { fetch })}
    >
      <Shell />
    </PlaygroundProvider>
  )
}
