/**
 * A request URL whose path and query read the same as the WHATWG parser gives them: http(s), no
 * user info, a path of plain characters without `%` or dot segments, a query without the characters
 * the parser escapes. Most requests have one, and then the `URL` need not be parsed unless a stage
 * asks for it (a query-string credential, a list's filters).
 */
const PLAIN_URL =
  /^https?:\/\/[^/?#@\\]+(\/[\w\-.~!$&'()*+,;=:@/]*)(\?[\w\-.~!$&()*+,;=:@/?%]*)?$/
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/

/**
 * `URL.pathname` and `URL.search` of `href` read off the text, or null when the text is not that
 * plain (then parse it).
 */
export function plainPathAndQuery(
  href: string,
): { path: string; search: string } | null {
  const plain = PLAIN_URL.exec(href)
  if (plain === null || DOT_SEGMENT.test(plain[1]!)) return null
  const query = plain[2]
  // An empty query (`?` alone) reads as none, as `URL.search` has it.
  return {
    path: plain[1]!,
    search: query === undefined || query === '?' ? '' : query,
  }
}
