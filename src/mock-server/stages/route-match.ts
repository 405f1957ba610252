import { HttpResponse } from '../http-response.ts'
import { pathRouter, splitFragment } from '../path-router.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import type { Method, RouteSpec } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import type { StageAnswers } from './stage-answers.ts'

function allowedMethods(specs: readonly RouteSpec<Runtime>[]) {
  const allowed: string[] = []
  for (const spec of specs)
    for (const method of Object.keys(spec.methods) as Method[]) {
      if (allowed.includes(method)) continue
      allowed.push(method)
      if (method === 'GET') allowed.push('HEAD')
    }
  allowed.push('OPTIONS')
  return allowed
}

/**
 * The matches with the fewest path parameters: a concrete path is matched before a templated one
 * (OpenAPI's rule), whatever their methods, so `POST /pet/findByStatus` is the 405 of that path and
 * not a `POST /pet/{petId}` for a pet named "findByStatus".
 */
function mostLiteral<T>(
  matches: readonly (readonly [T, Readonly<Record<string, string>>])[],
) {
  const fewest = Math.min(...matches.map(([, p]) => Object.keys(p).length))
  return matches.filter(([, p]) => Object.keys(p).length === fewest)
}

/**
 * Of the routes a path matches, the ones a request's fragment picks: the variant it names where a
 * route names that fragment (an in-page client's URL keeps it), else the routes that name none.
 * Over the network no fragment travels, and the path's plain operation answers.
 */
function byFragment<T>(
  matches: readonly (readonly [RouteSpec<Runtime>, T])[],
  fragments: ReadonlyMap<RouteSpec<Runtime>, string>,
  hash: () => string,
) {
  if (!matches.some(([spec]) => fragments.has(spec))) return matches
  const wanted = hash().slice(1)
  const named = matches.filter(([spec]) => fragments.get(spec) === wanted)
  if (wanted !== '' && named.length > 0) return named
  const plain = matches.filter(([spec]) => !fragments.has(spec))
  return plain.length > 0 ? plain : matches
}

/**
 * Of the routes a path matches, the ones a request's query picks: a variant whose query
 * (`?beta=true`) the URL carries, every name with its value; else the routes that name none.
 */
function byQuery<T>(
  matches: readonly (readonly [RouteSpec<Runtime>, T])[],
  queries: ReadonlyMap<RouteSpec<Runtime>, URLSearchParams>,
  search: () => URLSearchParams,
) {
  if (!matches.some(([spec]) => queries.has(spec))) return matches
  const sent = search()
  const named = matches.filter(([spec]) => {
    const wanted = queries.get(spec)
    return (
      wanted !== undefined &&
      [...wanted].every(([name, value]) => sent.getAll(name).includes(value))
    )
  })
  if (named.length > 0) return named
  const plain = matches.filter(([spec]) => !queries.has(spec))
  return plain.length > 0 ? plain : matches
}

/** RFC 5789: where a PATCH is served, OPTIONS and a 405 say what body it takes. */
function described(spec: RouteSpec<Runtime>, allow: string) {
  const acceptPatch = spec.methods.PATCH && spec.accepts?.PATCH
  return acceptPatch
    ? { Allow: allow, 'Accept-Patch': acceptPatch }
    : { Allow: allow }
}

/**
 * 404 for an unknown path, 405 + `Allow` for a method the resource lacks, 204 + `Allow` for OPTIONS.
 * These come before authentication: they describe the URL space, not the caller's data.
 */
export function routeMatch(
  basePath: string,
  routes: readonly RouteSpec<Runtime>[],
): Stage {
  const fragments = new Map<RouteSpec<Runtime>, string>()
  const queries = new Map<RouteSpec<Runtime>, URLSearchParams>()
  const match = pathRouter(
    routes.map((spec) => {
      const { path, fragment, query } = splitFragment(spec.path)
      if (fragment !== undefined) fragments.set(spec, fragment)
      if (query !== undefined) queries.set(spec, new URLSearchParams(query))
      return [`${basePath}${path}` || '/', spec] as const
    }),
  )
  // Each route's `Allow`, joined once: a path matched by one route (most) builds none per request.
  const allowOf = new Map<RouteSpec<Runtime>, string>()
  for (const spec of routes)
    allowOf.set(spec, allowedMethods([spec]).join(', '))
  return (c, next) => {
    const state = c.env.state
    // Most APIs name no query or fragment variant: their routes are matched by path alone.
    const byPath = match(state.path)
    const matches =
      queries.size === 0 && fragments.size === 0
        ? byPath
        : byFragment(
            byQuery(byPath, queries, () => state.url.searchParams),
            fragments,
            () => state.url.hash,
          )
    if (matches.length === 0) {
      fail('not-found', {
        detail: `No resource exists at ${state.path}. Start from GET ${basePath || '/'} and follow its links.`,
      })
    }
    const raw = c.req.method.toUpperCase()
    const method = (raw === 'HEAD' ? 'GET' : raw) as Method
    // Declared routes may share a path with a resource or each other, a method each; a
    // fixed segment wins over a template (`/pet/findByStatus` over `/pet/{petId}`).
    const nearest = matches.length === 1 ? matches : mostLiteral(matches)
    // Read by index: destructuring a pair walks an iterator on every request.
    const found =
      nearest.length === 1
        ? nearest[0]!
        : (nearest.find((pair) => Object.hasOwn(pair[0].methods, method)) ??
          nearest[0]!)
    const spec = found[0]
    const params = found[1]
    const allow =
      nearest.length === 1
        ? allowOf.get(spec)!
        : allowedMethods(nearest.map(([s]) => s)).join(', ')
    if (raw === 'OPTIONS') {
      return HttpResponse.empty({ headers: described(spec, allow) })
    }
    const handler = Object.hasOwn(spec.methods, method)
      ? spec.methods[method]
      : undefined
    if (!handler) {
      fail('method-not-allowed', {
        detail: `${raw} is not supported on ${state.path}; use ${allow}.`,
        extensions: { allowed: allow.split(', ') },
        headers: described(spec, allow),
      })
    }
    state.route = {
      spec,
      params: params as Record<string, string>,
      method,
      handler,
    }
    return next()
  }
}

export const routeMatchAnswers: StageAnswers = {
  problems: ({ doc }) => (doc === 'not-allowed' ? ['method-not-allowed'] : []),
  headers: ({ doc, route }, status) =>
    (doc === 'options' && status === 204) || status === 405
      ? route.methods.PATCH && route.accepts?.PATCH
        ? ['Allow', 'Accept-Patch']
        : ['Allow']
      : [],
  ends: ({ doc }) => typeof doc !== 'object',
}
