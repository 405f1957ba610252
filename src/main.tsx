import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './playground/app.tsx'
import {
  loadPreferences,
  savePreferences,
} from './playground/boot/preferences.ts'
import {
  connectToServer,
  serverConnection,
} from './playground/boot/connect-server.ts'
import { startMock } from './playground/boot/start-mock.ts'
import { loadDeclared } from './playground/services/declared-credentials.ts'
import { VirtualClock } from './playground/services/virtual-clock.ts'
import './playground/styles.css'

const root = createRoot(document.getElementById('root')!)
const preferences = loadPreferences()

const clock = new VirtualClock(preferences.speed ?? 1)
// Served by `hypermock-api serve --playground`: the mock is that server, reached over HTTP.
// Otherwise the worker must intercept before the first request the playground sends.
const connection = serverConnection()
const started = connection
  ? Promise.all([
      connectToServer(connection),
      loadDeclared(connection.controlPath),
    ]).then(([api, declared]) => ({
      api,
      clock,
      storageNotice: null,
      declared,
    }))
  : startMock(window.localStorage, clock).then((booted) => ({
      ...booted,
      declared: undefined as
        | Awaited<ReturnType<typeof loadDeclared>>
        | undefined,
    }))
started
  .then(({ api, clock, storageNotice, declared }) => {
    const credentials = declared?.credentials
    // The API's own credentials (server mode): the saved one stays if this API declares it.
    const token =
      credentials && !credentials.some((c) => c.token === preferences.token)
        ? credentials[0]!.token
        : preferences.token
    root.render(
      <StrictMode>
        <App
          api={api}
          storageNotice={storageNotice}
          clock={clock}
          preferences={{
            ...preferences,
            ...(token !== undefined && { token }),
          }}
          {...(declared && {
            credentials: declared.credentials,
            declaredScenarios: declared.scenarios,
            // Through the connection, so it knows the writes this page sent itself.
            fetch: (request: Request) => api.fetch(request),
          })}
          onPreferencesChange={savePreferences}
        />
      </StrictMode>,
    )
  })
  .catch((error: unknown) => {
    root.render(
      <div role="alert" style={{ padding: '1rem' }}>
        <h1>hypermock could not start its mock service worker</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <p>
          Service workers need a secure context (https or localhost) and a
          browser that allows them. Open the page through{' '}
          <code>npm run dev</code> at http://localhost:5173.
        </p>
      </div>,
    )
  })
