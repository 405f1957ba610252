import { useEffect } from 'react'
import type { DevtoolsOptions, DevtoolsSource } from './devtools-options.ts'
import { mountPanel } from './mount-panel.ts'

export type { DevtoolsOptions, DevtoolsSource }

/** The props of `<HypermockDevtools>`: the mock to show, and the panel's options. */
export interface HypermockDevtoolsProps extends DevtoolsOptions {
  /** The mock to show: what `startMockWorker()` or `createMockApi()` returned. */
  api: DevtoolsSource
}

function Devtools({
  api,
  initialIsOpen,
  storageKey,
  container,
}: HypermockDevtoolsProps) {
  useEffect(() => {
    const handle = mountPanel(api, {
      ...(initialIsOpen !== undefined && { initialIsOpen }),
      ...(storageKey !== undefined && { storageKey }),
      ...(container !== undefined && { container }),
    })
    return () => handle.unmount()
  }, [api, initialIsOpen, storageKey, container])
  return null
}

/**
 * The devtools panel as a React component: it mounts the framework-free panel (in its own shadow
 * root, outside your tree's DOM) and removes it on unmount. Renders nothing unless
 * `process.env.NODE_ENV === 'development'`.
 *
 * @example
 * <HypermockDevtools api={api} />
 */
export const HypermockDevtools: (props: HypermockDevtoolsProps) => null =
  process.env.NODE_ENV !== 'development' ? () => null : Devtools
