import type {
  DevtoolsHandle,
  DevtoolsOptions,
  DevtoolsSource,
} from './devtools-options.ts'
import { mountPanel } from './mount-panel.ts'

export type { DevtoolsHandle, DevtoolsOptions, DevtoolsSource }

const nothing: DevtoolsHandle = { open() {}, close() {}, unmount() {} }

/**
 * Mounts the devtools panel (the retry timeline, the journal, the active faults) in the page,
 * beside the mock. Renders nothing unless `process.env.NODE_ENV === 'development'`, so a
 * production build drops the panel; to load it elsewhere, use `hypermock-api/devtools/lazy`.
 *
 * @example
 * const api = await startMockWorker()
 * mountDevtools(api)
 */
export const mountDevtools: (
  source: DevtoolsSource,
  options?: DevtoolsOptions,
) => DevtoolsHandle =
  process.env.NODE_ENV !== 'development' ? () => nothing : mountPanel
