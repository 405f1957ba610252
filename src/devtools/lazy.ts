import type {
  DevtoolsHandle,
  DevtoolsOptions,
  DevtoolsSource,
} from './devtools-options.ts'

export type { DevtoolsHandle, DevtoolsOptions, DevtoolsSource }

/**
 * Loads the panel's code on demand, then mounts it, in any build mode: for a mock-mode build, a
 * Storybook, or a button that opens it. Bundlers put the panel in a chunk of its own, fetched only
 * when this is called.
 *
 * @example
 * if (import.meta.env.VITE_MOCK === 'true') {
 *   const api = await startMockWorker()
 *   const { mountDevtools } = await import('hypermock-api/devtools/lazy')
 *   await mountDevtools(api)
 * }
 */
export async function mountDevtools(
  source: DevtoolsSource,
  options?: DevtoolsOptions,
): Promise<DevtoolsHandle> {
  const { mountPanel } = await import('./mount-panel.ts')
  return mountPanel(source, options)
}
