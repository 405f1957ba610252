import type { FaultRule } from '../index.ts'
import { h } from './dom.ts'

function effectText(rule: FaultRule) {
  const { effect } = rule
  switch (effect.kind) {
    case 'status':
      return `${effect.status}${effect.retryAfter === undefined ? '' : `, Retry-After ${effect.retryAfter} s`}`
    case 'delay':
      return `delay ${effect.ms} ms`
    default:
      return effect.kind.replace('-', ' ')
  }
}

/** The fault rules in force, in the order they are tried, with how often each fired and a Remove. */
export function renderFaults(
  rules: readonly FaultRule[],
  remove: (id: string) => void,
): HTMLElement {
  if (rules.length === 0)
    return h('p', { class: 'empty' }, 'No fault rules are active.')
  return h(
    'ul',
    { class: 'faults', 'aria-label': 'Active faults' },
    ...rules.map((rule) =>
      h(
        'li',
        {},
        h('strong', {}, effectText(rule)),
        rule.target === 'events'
          ? ' on the events delivered'
          : ` on ${rule.match.method ?? 'any method'} ${rule.match.path ?? 'any path'}`,
        ` · fired ${rule.fired}${rule.times === undefined ? '' : `/${rule.times}`}`,
        h('span', { class: 'muted' }, ` (${rule.id})`),
        ' ',
        h(
          'button',
          {
            type: 'button',
            class: 'remove',
            'aria-label': `Remove ${rule.id}`,
            onclick: () => remove(rule.id),
          },
          'Remove',
        ),
      ),
    ),
  )
}
