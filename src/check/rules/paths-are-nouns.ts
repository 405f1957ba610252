import { fail, pass, defineRule } from '../rule.ts'

/** Verbs seen in RPC-style paths; the method, not the path, should say what happens. */
const VERBS = new Set([
  'get',
  'set',
  'create',
  'add',
  'insert',
  'update',
  'edit',
  'modify',
  'change',
  'delete',
  'remove',
  'destroy',
  'fetch',
  'retrieve',
  'list',
  'find',
  'save',
  'make',
  'do',
  'execute',
  'run',
  'process',
  'send',
  'submit',
  'post',
  'put',
  'patch',
  'load',
  'read',
  'write',
])

const words = (segment: string) =>
  segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s\-_.]+/)
    .filter(Boolean)

/** Whether a path segment starts with a verb; ids and templates are not words. */
const isVerb = (segment: string) =>
  !/^\{.*\}$/.test(segment) &&
  !/^[\d-]+$/.test(segment) &&
  VERBS.has(words(segment)[0] ?? '')

/**
 * Collections, items, the description's readable paths and action links. An action link may name a
 * controller noun (POST /orders/{id}/cancel), never an RPC verb (/orders/{id}/createPayment).
 */
export const pathsAreNouns = defineRule({
  id: 'paths-are-nouns',
  level: 'should',
  concept: 'resources',
  sends: 'nothing: reads the paths discovery found and the action links',
  writes: false,
  title: 'No verbs in the discovered paths',
  async run({ options, discovery }) {
    const paths = new Set([
      ...discovery.collections.flatMap((c) => [
        c.url.pathname,
        ...c.items.map((i) => i.url.pathname),
      ]),
      ...discovery.describedPaths,
      // Action links too: POST /orders/1/cancel names a controller, /orders/1/createPayment a verb.
      ...discovery.collections.flatMap((c) =>
        c.items.flatMap((i) =>
          i.actions.map((a) => new URL(a.href, i.url).pathname),
        ),
      ),
    ])
    const verbal = [...paths].filter((path) => path.split('/').some(isVerb))
    if (verbal.length === 0) return pass(`${paths.size} paths read`)
    return fail(
      'paths that name nouns; the method supplies the verb',
      `verbs in ${verbal
        .slice(0, 5)
        .map((path) => `${options.baseUrl.origin}${path}`)
        .join(', ')}`,
      [],
    )
  },
})
