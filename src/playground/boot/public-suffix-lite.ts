/**
 * Stands in for `tldts` in the playground bundle only (see vite.config.ts). msw keeps an in-page
 * cookie jar through tough-cookie, which asks tldts for a host's registrable domain; tldts carries
 * the whole public-suffix list (about 110 kB gzipped, most of the playground's size). hypermock never
 * sets cookies (credentials are Bearer tokens), so the approximation "the last two labels" cannot
 * change what it does. Tests and library users get the real tldts.
 */
export function getDomain(hostname: string): string | null {
  const host = String(hostname).toLowerCase().replace(/\.$/, '')
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':')
  const labels = host.split('.').filter(Boolean)
  if (isIp || labels.length < 2) return null
  return labels.slice(-2).join('.')
}
