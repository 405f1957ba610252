import { TrieRouter } from 'hono/router/trie-router'

export type PathParams = Readonly<Record<string, string>>

/** What a path matches: each route's value with its parameters, in the order they were added. */
export type PathMatches<T> = readonly (readonly [T, PathParams])[]

/** Paths answered from memory; a longer one is matched each time. */
const KEPT_PATHS = 256
const KEPT_PATH_LENGTH = 256

/**
 * Matches paths against route patterns (`/orders/:id`) with hono's TrieRouter. A client asks for
 * the same few URLs again and again, so the last answers are kept, up to `KEPT_PATHS` paths of at
 * most `KEPT_PATH_LENGTH` characters (the memory stays bounded whatever the traffic); the routes
 * never change after they are added, so a kept answer is never stale. Answers are frozen: callers
 * share them.
 */
export function pathRouter<T>(
  routes: Iterable<readonly [path: string, value: T]>,
): (path: string) => PathMatches<T> {
  const router = new TrieRouter<T>()
  for (const [path, value] of routes) router.add('ALL', path, value)
  const kept = new Map<string, PathMatches<T>>()
  return (path) => {
    const known = kept.get(path)
    if (known !== undefined) return known
    const matches: PathMatches<T> = Object.freeze(
      router
        .match('ALL', path)[0]
        .map(([value, params]) =>
          Object.freeze([
            value,
            Object.freeze({ ...(params as Record<string, string>) }),
          ] as const),
        ),
    )
    if (path.length <= KEPT_PATH_LENGTH) {
      // The oldest answer makes room: a Map iterates in insertion order.
      if (kept.size >= KEPT_PATHS) kept.delete(kept.keys().next().value!)
      kept.set(path, matches)
    }
    return matches
  }
}

/**
 * A route's path and the variant it names, if any: a description that gives one path several
 * operations of a method names each variant with a fragment (`/shared_items#folders`) or a query
 * (`/responses/{id}?beta=true`, whose query holds a `name=value`).
 */
export function splitFragment(route: string): {
  path: string
  fragment?: string
  query?: string
} {
  const at = route.indexOf('#')
  const [before, fragment] =
    at < 0 ? [route, undefined] : [route.slice(0, at), route.slice(at + 1)]
  const query = /\?([^?]*=[^?]*)$/.exec(before)
  const path = query ? before.slice(0, query.index) : before
  return {
    path,
    ...(fragment !== undefined && { fragment }),
    ...(query && { query: query[1]! }),
  }
}
