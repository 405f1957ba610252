import type { Preview } from '@storybook/react-vite'
import { applyScenario } from 'hypermock-api'
import { mountDevtools, type DevtoolsHandle } from 'hypermock-api/devtools/lazy'
import { createHandlers } from 'hypermock-api/msw'
import type { ScenarioId } from 'hypermock-api/shop'
import { setupWorker } from 'msw/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { api } from '../src/mock-api.ts'

let panel: Promise<DevtoolsHandle> | undefined

const preview: Preview = {
  loaders: [
    mswLoader(async () => {
      // The mock's handlers are the worker's initial handlers, so they survive the addon's
      // handler reset between stories; a story may still add its own with `msw.use()`.
      const worker = setupWorker(...createHandlers(api))
      await worker.start({ onUnhandledFrame: 'bypass', quiet: true })
      return worker
    }),
    // The devtools panel beside every story: the story's requests, retries and verdicts (each
    // story resets the mock, and the journal the panel reads with it).
    async () => {
      panel ??= mountDevtools(api, { storageKey: 'hypermock-storybook' })
      await panel
      return {}
    },
  ],
  // Every story starts from a fresh mock: the seed data, then the story's scenario.
  beforeEach({ args }) {
    applyScenario(
      api,
      (args as { scenario?: ScenarioId }).scenario ?? 'happy-path',
    )
  },
}

export default preview
