import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './playground/app.tsx'
import {
  loadPreferences,
  savePreferences,
} from './playground/boot/preferences.ts'
import { startMock } from './playground/boot/start-mock.ts'
import './playground/styles.css'

const root = createRoot(document.getElementById('root')!)

// The worker must intercept before the first request the playground sends.
startMock()
  .then(({ api, storageNotice }) => {
    root.render(
      <StrictMode>
        <App
          api={api}
          storageNotice={storageNotice}
          preferences={loadPreferences()}
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
