import type { FaultRuleInput } from '../../../mock-server/index.ts'

export interface FaultPreset {
  readonly label: string
  readonly description: string
  readonly rule: FaultRuleInput
}

/** One-click fault rules for the common failure stories. */
export const faultPresets: readonly FaultPreset[] = [
  {
    label: 'Rate limited',
    description: 'The next request gets 429 with Retry-After: 2.',
    rule: {
      match: {},
      effect: { kind: 'status', status: 429, retryAfter: 2 },
      times: 1,
    },
  },
  {
    label: 'Upstream down twice',
    description: 'The next two requests get 503.',
    rule: { match: {}, effect: { kind: 'status', status: 503 }, times: 2 },
  },
  {
    label: 'Network error once',
    description: 'The next request fails without a response.',
    rule: { match: {}, effect: { kind: 'network-error' }, times: 1 },
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
    description: 'Every request waits 1500 ms before it is answered.',
    rule: { match: {}, effect: { kind: 'delay', ms: 1500 } },
  },
  {
    label: 'Hang',
    description:
      'The next request never answers: the client times out and retries.',
    rule: { match: {}, effect: { kind: 'hang' }, times: 1 },
  },
]
