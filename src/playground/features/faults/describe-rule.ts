import type { FaultEffect, FaultRule } from '../../../index.ts'
import { statusPhrases } from '../../../mock-server/problems/status-phrases.ts'

/** `POST /api/payments*`, `any method, any path`. */
export function describeMatch(
  rule: Pick<FaultRule, 'match'> & { target?: FaultRule['target'] },
): string {
  if (rule.target === 'events') return 'the next events delivered'
  const { method, path } = rule.match
  return `${method ?? 'any method'} ${path ?? 'any path'}`
}

/** `503 Service Unavailable, Retry-After 2 s`, `delay 1500 ms`, `network error`... */
export function describeEffect(effect: FaultEffect): string {
  switch (effect.kind) {
    case 'status':
      return `${effect.status} ${statusPhrases[effect.status] ?? ''}${effect.retryAfter === undefined ? '' : `, Retry-After ${effect.retryAfter} s`}`
    case 'network-error':
      return 'network error'
    case 'delay':
      return `delay ${effect.ms} ms, then answer`
    case 'hang':
      return 'hang (never answers)'
    case 'lose-response':
      return 'lose the response after the operation ran'
    case 'duplicate':
      return 'deliver the event twice'
    case 'drop':
      return 'skip the event (Last-Event-ID brings it back)'
    case 'reorder':
      return 'deliver the event after the next one'
    case 'disconnect':
      return 'close the connection before the event'
    case 'bad-signature':
      return 'sign the webhook wrongly'
  }
}

/** `next 2 matches`, `skip the first 1`, `probability 0.5`, or `every match`. */
export function describeLimits(
  rule: Pick<FaultRule, 'times' | 'probability' | 'skip'>,
): string {
  const parts: string[] = []
  if (rule.skip !== undefined) parts.push(`skip the first ${rule.skip}`)
  if (rule.times !== undefined)
    parts.push(
      `fire ${rule.times} time${rule.times === 1 ? '' : 's'}, then retire`,
    )
  if (rule.probability !== undefined)
    parts.push(`probability ${rule.probability}`)
  return parts.length === 0 ? 'every match, until removed' : parts.join('; ')
}
