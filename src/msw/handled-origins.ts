import { isLoopbackOrigin } from '../mock-server/security/origin-policy.ts'

/**
 * Where an API at a path base (`/api`) and the control API are answered through msw: a list of
 * origins (`http://localhost:5173`), `'loopback'` for every loopback origin (localhost, 127.0.0.1,
 * [::1], any port), or `'*'` for every origin. A base with a host is answered at that host only.
 */
export type HandledOrigins = readonly (string | 'loopback')[] | '*'

/** The page's origin where there is a page (a browser, or jsdom and happy-dom in tests), else ''. */
export function pageOrigin(): string {
  const origin = (globalThis as { location?: { origin?: unknown } }).location
    ?.origin
  return typeof origin === 'string' && /^https?:\/\//.test(origin) ? origin : ''
}

/** Whether a request to this origin is the mock's to answer, given the handled origins. */
export function handlesOrigin(origins: HandledOrigins, origin: string) {
  if (origins === '*') return true
  const lower = origin.toLowerCase()
  return origins.some((entry) =>
    entry === 'loopback'
      ? isLoopbackOrigin(lower)
      : entry.toLowerCase().replace(/\/+$/, '') === lower,
  )
}
