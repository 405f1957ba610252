import type { FaultRuleInput } from '../../../index.ts'
import { isObject } from '../../../common/is-object.ts'

export interface FaultPreset {
  readonly label: string
  readonly description: string
  /** Its default aim (method and path pattern), which the user may change before adding it. */
  readonly rule: FaultRuleInput & {
    readonly match: { readonly method: string; readonly path: string }
  }
}

/**
 * One-click fault rules for the common failure stories. Each aims at one operation, never at
 * every request: a preset for a list of orders leaves the Explorer's `GET /api` alone.
 */
export const faultPresets: readonly FaultPreset[] = [
  {
    label: 'Rate limited',
    description: 'The next matching request gets 429 with Retry-After: 2.',
    rule: {
      match: { method: 'GET', path: '/api/orders' },
      effect: { kind: 'status', status: 429, retryAfter: 2 },
      times: 1,
    },
  },
  {
    label: 'Upstream down twice',
    description: 'The next two matching requests get 503.',
    rule: {
      match: { method: 'GET', path: '/api/orders' },
      effect: { kind: 'status', status: 503 },
      times: 2,
    },
  },
  {
    label: 'Network error once',
    description: 'The next matching request fails without a response.',
    rule: {
      match: { method: 'GET', path: '/api/orders' },
      effect: { kind: 'network-error' },
      times: 1,
    },
  },
  {
    label: 'Lost response after commit',
    description:
      'The next matching create is stored, then its response is lost on the way back.',
    rule: {
      match: { method: 'POST', path: '/api/payments*' },
      effect: { kind: 'lose-response' },
      times: 1,
    },
  },
  {
    label: 'Slow',
    description: 'Every matching request waits 1500 ms before it is answered.',
    rule: {
      match: { method: 'GET', path: '/api/orders/*' },
      effect: { kind: 'delay', ms: 1500 },
    },
  },
  {
    label: 'Hang',
    description:
      'The next matching request never answers: the client times out and retries.',
    rule: {
      match: { method: 'GET', path: '/api/orders/*' },
      effect: { kind: 'hang' },
      times: 1,
    },
  },
]

/**
 * The presets aimed at the loaded API: reads at its first collection (and that collection's
 * items), the lost response at its first collection that takes a POST. The built-in domain keeps
 * the aims above; an API the description does not show yet keeps them too.
 */
export function presetsFor(description: unknown): readonly FaultPreset[] {
  const paths =
    isObject(description) && isObject(description.paths)
      ? description.paths
      : {}
  const templates = Object.keys(paths)
  if (templates.length === 0 || '/api/orders' in paths) return faultPresets
  // A collection: a path of plain segments whose items live at <path>/{id}.
  const collections = templates.filter(
    (template) =>
      !template.includes('{') &&
      // The problem catalogue is the conventions', not the API's data.
      !template.endsWith('/problems') &&
      templates.some(
        (other) =>
          /^\/\{[^}]+\}$/.test(other.slice(template.length)) &&
          other.startsWith(template),
      ),
  )
  const read = collections[0]
  if (read === undefined) return faultPresets
  const write =
    collections.find((template) => {
      const item = paths[template]
      return isObject(item) && 'post' in item
    }) ?? read
  return faultPresets.map((preset) => {
    const { path, method } = preset.rule.match
    const aimed =
      method === 'POST' ? `${write}*` : path.endsWith('/*') ? `${read}/*` : read
    return {
      ...preset,
      rule: { ...preset.rule, match: { method, path: aimed } },
    }
  })
}
