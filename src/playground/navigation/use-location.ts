import { useCallback, useSyncExternalStore } from 'react'

/** The views in navigation order; each one lives in src/playground/features/<view>/. */
export const views = [
  'guide',
  'explorer',
  'console',
  'timeline',
  'faults',
  'scenarios',
  'data',
  'journal',
  'events',
  'graphql',
  'reference',
] as const
export type View = (typeof views)[number]

export interface PlaygroundLocation {
  view: View
  /** Every query parameter, for a view's own state (the explorer's `href`, `?scenario=`…). */
  params: URLSearchParams
}

function subscribe(notify: () => void) {
  window.addEventListener('popstate', notify)
  window.addEventListener('hypermock:navigate', notify)
  return () => {
    window.removeEventListener('popstate', notify)
    window.removeEventListener('hypermock:navigate', notify)
  }
}

const getSearch = () => window.location.search

function parse(search: string): PlaygroundLocation {
  const params = new URLSearchParams(search)
  const view = params.get('view')
  return {
    view: (views as readonly string[]).includes(view ?? '')
      ? (view as View)
      : // A bare `?scenario=<id>` link opens the scenario gallery.
        params.has('scenario')
        ? 'scenarios'
        : 'explorer',
    params,
  }
}

/**
 * The playground's location lives in the URL, so Back and Forward work and any view can be shared.
 * `navigate` pushes a history entry; `replace` edits the current one.
 */
export function useLocation() {
  const search = useSyncExternalStore(subscribe, getSearch)
  const navigate = useCallback(
    (
      view: View,
      params: Record<string, string> = {},
      mode: 'push' | 'replace' = 'push',
    ) => {
      const next = new URLSearchParams({ view, ...params })
      const url = `${window.location.pathname}?${next.toString()}`
      if (mode === 'push') window.history.pushState(null, '', url)
      else window.history.replaceState(null, '', url)
      window.dispatchEvent(new Event('hypermock:navigate'))
    },
    [],
  )
  return { ...parse(search), navigate }
}
