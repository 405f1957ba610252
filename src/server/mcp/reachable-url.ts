import { hostname, isLoopbackHost, type AllowedHosts } from '../host-check.ts'

/**
 * Whether the MCP server may send requests to this URL: one on this machine (localhost,
 * 127.0.0.0/8, [::1]) always; another only when the user opened its host with `--allowed-hosts`,
 * the flag `serve` takes (a leading dot covers subdomains, `all` any host). An agent is steered by
 * what it reads, so it must not be able to aim the mock's tools at a server the user did not name.
 */
export function reachableUrl(
  raw: string,
  allowedHosts: AllowedHosts,
  what: string,
): { url: URL } | { error: string } {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return {
      error: `${what} must be an absolute http: URL such as http://127.0.0.1:8787, got "${raw}".`,
    }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return {
      error: `${what} must be an http: or https: URL, got "${raw}".`,
    }
  if (url.username !== '' || url.password !== '')
    return {
      error: `${what} must not carry a user name or password; pass a credential with --token.`,
    }
  const name = hostname(url.host)
  if (isLoopbackHost(name) || allowedHosts === 'all') return { url }
  const opened = allowedHosts.some((entry) => {
    const wanted = entry.toLowerCase()
    return wanted.startsWith('.')
      ? name === wanted.slice(1) || name.endsWith(wanted)
      : name === wanted
  })
  if (opened) return { url }
  return {
    error: `${what} ${url.origin} is not on this machine: only loopback hosts (localhost, 127.0.0.1, [::1]) are reached unless you open one, e.g. hypermock-api mcp ... --allowed-hosts ${name}.`,
  }
}
