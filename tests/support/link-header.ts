/** Parses an RFC 8288 `Link` header of the form `<href>; rel="name", ...` into `{ name: href }`. */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const links: Record<string, string> = {}
  if (!header) return links
  for (const match of header.matchAll(/<([^>]*)>\s*;\s*rel="?([^",;]+)"?/g)) {
    links[match[2]!] = match[1]!
  }
  return links
}
