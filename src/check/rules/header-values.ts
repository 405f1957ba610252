import {
  isEntityTag,
  isRetryAfter,
  linkProblem,
  parseAllow,
  structuredFieldProblem,
  wwwAuthenticateProblem,
} from '../header-syntax.ts'
import { findOperation, isObject } from '../openapi-document.ts'
import {
  defineRule,
  fail,
  findingSteps,
  pass,
  skip,
  type Finding,
} from '../rule.ts'

const DOCUMENTED = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * Reads the values of the headers every response of the run carried, not just their presence:
 * Prism's literal `Allow: string`, `ETag: string`, `Link: string` and `Location: string` pass a
 * check that only asks whether a header is there.
 */
export const headerValues = defineRule({
  id: 'header-values',
  level: 'must',
  concept: 'resources',
  also: 'RFC 9110 (Allow, ETag, Location, WWW-Authenticate, Retry-After); RFC 8288 (Link); RFC 9651 (RateLimit)',
  sends: 'nothing: judges the headers of every response of the run',
  writes: false,
  title:
    'Header values parse: Allow lists the methods the resource takes (and the documented ones), ETag is an entity-tag, Location reads back, Link, WWW-Authenticate, Retry-After and RateLimit parse',
  phase: 'journal',
  async run({ options, discovery, journal }) {
    const findings: Finding[] = []
    let judged = 0
    // An API whose description takes an API key has no registered scheme for its 401s to name.
    const schemes = discovery.openapi?.components?.securitySchemes
    const apiKeyApi =
      isObject(schemes) &&
      Object.values(schemes).some(
        (scheme) => isObject(scheme) && scheme.type === 'apiKey',
      )
    for (const exchange of journal) {
      const header = (name: string) => exchange.headers.get(name)
      const allow = header('allow')
      if (allow !== null) {
        judged++
        const methods = parseAllow(allow)
        if (methods === null)
          findings.push({
            exchange,
            what: `Allow: ${allow} is not a list of methods`,
          })
        else if (discovery.openapi) {
          const documented = DOCUMENTED.filter(
            (method) =>
              findOperation(
                discovery.openapi!,
                options.baseUrl,
                method,
                exchange.url.pathname,
              ) !== null,
          )
          const missing = documented.filter((m) => !methods.includes(m))
          if (missing.length > 0)
            findings.push({
              exchange,
              what: `Allow: ${allow} leaves out ${missing.join(', ')}, which the description documents for ${exchange.url.href}`,
            })
          const extra = methods.filter(
            (m) => DOCUMENTED.includes(m) && !documented.includes(m),
          )
          if (extra.length > 0)
            findings.push({
              exchange,
              what: `Allow: ${allow} names ${extra.join(', ')}, which the description does not offer for ${exchange.url.href}`,
            })
        }
        // A method Allow names must not be refused as not allowed on the same resource.
        const refusals = journal.filter(
          (other) =>
            other.status === 405 &&
            (methods ?? []).includes(other.method) &&
            other.url.origin === exchange.url.origin &&
            other.url.pathname === exchange.url.pathname,
        )
        const refused = [...new Set(refusals.map((other) => other.method))]
        if (refused.length > 0)
          findings.push({
            exchange,
            what: `Allow: ${allow} names ${refused.join(', ')}, which ${exchange.url.href} refused with 405`,
            also: refusals,
          })
      }
      const etag = header('etag')
      if (etag !== null) {
        judged++
        if (!isEntityTag(etag))
          findings.push({
            exchange,
            what: `ETag: ${etag} is not an entity-tag (a quoted value, W/ for a weak one)`,
          })
      }
      const link = header('link')
      if (link !== null) {
        judged++
        const problem = linkProblem(link)
        if (problem)
          findings.push({
            exchange,
            what: `Link: ${link} does not parse as RFC 8288 (${problem})`,
          })
      }
      const challenge = header('www-authenticate')
      if (challenge !== null) {
        judged++
        const problem = wwwAuthenticateProblem(challenge, apiKeyApi)
        if (problem)
          findings.push({
            exchange,
            what: `WWW-Authenticate: ${challenge}: ${problem}`,
          })
      }
      const retryAfter = header('retry-after')
      if (retryAfter !== null) {
        judged++
        if (!isRetryAfter(retryAfter))
          findings.push({
            exchange,
            what: `Retry-After: ${retryAfter} is neither seconds nor an HTTP-date`,
          })
      }
      for (const name of ['ratelimit', 'ratelimit-policy'] as const) {
        const value = header(name)
        if (value === null) continue
        judged++
        const problem = structuredFieldProblem(value, name)
        if (problem)
          findings.push({
            exchange,
            what: `${name === 'ratelimit' ? 'RateLimit' : 'RateLimit-Policy'}: ${value} does not parse as the field (${problem})`,
          })
      }
      const location = header('location')
      if (location !== null && exchange.status === 201) {
        judged++
        const target = resolve(location, exchange.url)
        // The run reads every created record back at its Location (createRecord does).
        const readBack = target
          ? journal.find(
              (e) =>
                e.method === 'GET' &&
                e.retried !== true &&
                e.url.href === target.href &&
                journal.indexOf(e) > journal.indexOf(exchange),
            )
          : undefined
        if (!target)
          findings.push({
            exchange,
            what: `Location: ${location} is not a URI reference`,
          })
        else if (readBack && readBack.status !== 200)
          findings.push({
            exchange,
            what: `Location: ${location} of a new record does not read back: GET ${target.href} answered ${readBack.status}`,
            also: [readBack],
          })
      }
    }
    if (judged === 0) return skip('no response carried a header it judges')
    const first = findings[0]
    if (!first) return pass(`${judged} header values parse`)
    const distinct = [...new Set(findings.map((f) => f.what))]
    return fail(
      'header values that parse: Allow with methods, ETag an entity-tag, a Location that reads back, Link, WWW-Authenticate, Retry-After and RateLimit by their grammar',
      `${distinct.length} bad value(s): ${distinct.slice(0, 5).join('; ')}`,
      findingSteps(findings),
    )
  },
})

function resolve(reference: string, base: URL): URL | null {
  try {
    return new URL(reference, base)
  } catch {
    return null
  }
}
