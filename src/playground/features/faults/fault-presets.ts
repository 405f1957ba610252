import type { FaultRuleInput } from '../../../mock-server/index.ts'

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
      'The next payment is created, then its response is lost on the way back.',
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
