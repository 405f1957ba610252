/**
 * Which web pages may talk to the mock. "Public" means no credential, not "any web page": a page on
 * another site must not reset the mock, read its state or spend its rate limit. Loopback origins and
 * the request's own origin are answered by default, like Vite's dev server since its 2025 advisory.
 */
const LOOPBACK_ORIGIN =
  /^https?:\/\/(?:(?:[a-z0-9-]+\.)*localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i

export type AllowedOrigins = readonly string[] | '*'

/** `https://app.example:8443`: a scheme, a host and an optional port, nothing else. */
export function isOrigin(value: string) {
  if (value === '*' || value === 'null') return false
  try {
    return new URL(value).origin === value.toLowerCase()
  } catch {
    return false
  }
}

export function isLoopbackOrigin(origin: string) {
  return LOOPBACK_ORIGIN.test(origin)
}

/** Whether a request sent with this `Origin` header may be answered. */
export function originAllowed(
  origin: string,
  allowed: AllowedOrigins,
  requestUrl: URL,
) {
  if (allowed === '*') return true
  // `null` is a sandboxed frame, a file:// page or a redirect chain: never one the user chose.
  if (origin === 'null') return false
  const normalized = origin.toLowerCase()
  return (
    isLoopbackOrigin(normalized) ||
    normalized === requestUrl.origin ||
    allowed.some((entry) => entry.toLowerCase() === normalized)
  )
}

/**
 * Why this request must not be answered, or `null`. A browser always sends `Origin` on cross-origin
 * requests and on every POST; `Sec-Fetch-Site` also marks cross-site reads that carry no `Origin`
 * (an `<img>` or `<script>` pointing at the control API).
 */
export function refusedOrigin(
  request: Request,
  allowed: AllowedOrigins,
  target: { readonly url: URL },
  control: boolean,
): string | null {
  const origin = request.headers.get('origin')
  if (origin !== null) {
    return originAllowed(origin, allowed, target.url)
      ? null
      : `Requests from the origin ${origin} are not answered: the mock answers loopback origins (localhost, 127.0.0.1, [::1]) and its own origin. To open it to that page, start the server with --allow-origin ${origin} (or pass allowedOrigins to createMockApi).`
  }
  if (control && request.headers.get('sec-fetch-site') === 'cross-site') {
    return 'The control API never answers a cross-site request. Call it from the same site, a loopback origin, or a tool such as curl.'
  }
  return null
}
