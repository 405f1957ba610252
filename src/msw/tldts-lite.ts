/**
 * A stand-in for `tldts` in a browser bundle that runs msw (the playground's, and an app's that
 * opts in with a bundler alias: see docs/reference/package.md). msw keeps an in-page cookie jar through
 * tough-cookie, which asks tldts only for a host's registrable domain; tldts carries the whole
 * public-suffix list (about 110 kB gzipped). hypermock never sets cookies (credentials are Bearer
 * tokens), so the approximation "the last two labels" cannot change what it does. Apps whose own
 * mocks set cookies on hosts under a multi-label suffix (`example.co.uk`) should keep the real tldts.
 *
 * @example
 * // vite.config.ts
 * export default defineConfig({ resolve: { alias: { tldts: 'hypermock-api/tldts-lite' } } })
 */
export function getDomain(hostname: string): string | null {
  const host = String(hostname).toLowerCase().replace(/\.$/, '')
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')
  const labels = host.split('.').filter(Boolean)
  if (isIp || labels.length < 2) return null
  return labels.slice(-2).join('.')
}
