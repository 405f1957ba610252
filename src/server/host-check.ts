/**
 * The DNS-rebinding guard: a page on `evil.example` whose name is made to resolve to 127.0.0.1 sends
 * `Host: evil.example`, so only names the user chose are answered. Like Vite's `server.allowedHosts`,
 * `localhost`, its subdomains and IP literals are always allowed (a rebinding needs a name).
 */
export type AllowedHosts = readonly string[] | 'all'

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

/** The name in a `Host` header, lowercase, without port or trailing dot; IPv6 keeps its brackets. */
export function hostname(header: string) {
  const host = header.trim().toLowerCase()
  const name = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : host.split(':')[0]!
  return name.endsWith('.') ? name.slice(0, -1) : name
}

export function hostAllowed(header: string | undefined, allowed: AllowedHosts) {
  if (allowed === 'all') return true
  if (header === undefined || header === '') return false
  const name = hostname(header)
  if (name === 'localhost' || name.endsWith('.localhost')) return true
  if (IPV4.test(name) || (name.startsWith('[') && name.endsWith(']')))
    return true
  return allowed.some((entry) => {
    const wanted = entry.toLowerCase()
    // `.example.com` allows the domain and every subdomain, as in Vite.
    return wanted.startsWith('.')
      ? name === wanted.slice(1) || name.endsWith(wanted)
      : name === wanted
  })
}

/** Whether binding to this host keeps the server on this machine. */
export function isLoopbackHost(host: string) {
  const name = hostname(
    host.includes(':') && !host.startsWith('[') ? `[${host}]` : host,
  )
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(name) ||
    name === '[::1]'
  )
}
