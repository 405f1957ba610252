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
  // `test`, then the parts by index: no match array per request.
  if (!PLAIN_URL.test(href)) return null
  // The host holds no `/` and the path no `?`: the first of each after the scheme starts them.
  const start = href.indexOf('/', href.indexOf('//') + 2)
  const queryAt = href.indexOf('?', start)
  const path = queryAt === -1 ? href.slice(start) : href.slice(start, queryAt)
  if (DOT_SEGMENT.test(path)) return null
  // An empty query (`?` alone) reads as none, as `URL.search` has it.
  return {
    path,
    search:
      queryAt === -1 || queryAt === href.length - 1 ? '' : href.slice(queryAt),
  }
}
