import { HttpResponse } from '../http-response.ts'
import { PatternRouter } from 'hono/router/pattern-router'
import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import type { Method, RouteSpec } from '../route-spec.ts'

function allowedMethods(spec: RouteSpec) {
  const methods = Object.keys(spec.methods) as Method[]
  const allowed: string[] = []
  for (const method of methods) {
    allowed.push(method)
    if (method === 'GET') allowed.push('HEAD')
  }
  allowed.push('OPTIONS')
  return allowed
}

/**
 * 404 for an unknown path, 405 + `Allow` for a method the resource lacks, 204 + `Allow` for OPTIONS.
 * These come before authentication: they describe the URL space, not the caller's data.
 */
export function routeMatch(
  basePath: string,
  routes: readonly RouteSpec[],
): Stage {
  const router = new PatternRouter<RouteSpec>()
  for (const spec of routes)
    router.add('ALL', `${basePath}${spec.path}` || '/', spec)
  return async (c, next) => {
    const state = c.env.state
    const [matches] = router.match('ALL', state.path)
    const match = matches[0]
    if (!match) {
      fail('not-found', {
        detail: `No resource exists at ${state.path}. Start from GET ${basePath || '/'} and follow its links.`,
      })
    }
    const [spec, params] = match
    const allow = allowedMethods(spec).join(', ')
    const raw = c.req.method.toUpperCase()
    if (raw === 'OPTIONS') {
      return HttpResponse.empty({ headers: { Allow: allow } })
    }
    const method = (raw === 'HEAD' ? 'GET' : raw) as Method
    const handler = Object.hasOwn(spec.methods, method)
      ? spec.methods[method]
      : undefined
    if (!handler) {
      fail('method-not-allowed', {
        detail: `${raw} is not supported on ${state.path}; use ${allow}.`,
        extensions: { allowed: allow.split(', ') },
        headers: { Allow: allow },
      })
    }
    state.route = {
      spec,
      params: params as Record<string, string>,
      method,
      handler,
    }
    await next()
  }
}
