import type { Operation } from '../operations/operation.ts'
import { groupingText, seconds, statusText } from './describe.ts'
import { h } from './dom.ts'

/** An operation opened: how it was grouped, its attempts with their waits, and its verdicts. */
export function renderOperationDetails(operation: Operation): HTMLElement {
  const rows = operation.attempts.map((attempt, i) =>
    h(
      'tr',
      {},
      h('td', {}, String(i + 1)),
      h(
        'td',
        {},
        statusText(attempt.status) + (attempt.replayed ? ' (replay)' : ''),
      ),
      h('td', {}, `+${seconds(attempt.startMs - operation.startMs)}`),
      h('td', {}, seconds(attempt.durationMs)),
      h('td', {}, i === 0 ? '' : (operation.waits[i - 1]?.label ?? '')),
      h('td', {}, attempt.requestId),
      h('td', {}, attempt.fault ?? ''),
    ),
  )
  const head = [
    '#',
    'status',
    'sent',
    'took',
    'wait before',
    'request id',
    'fault',
  ]
  return h(
    'div',
    { class: 'details' },
    h(
      'p',
      {},
      `Grouped ${groupingText[operation.grouping]}`,
      operation.idempotencyKey === null
        ? ''
        : ` · key ${operation.idempotencyKey}`,
      operation.correlationId === null
        ? ''
        : ` · correlation ${operation.correlationId}`,
    ),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h('tr', {}, ...head.map((text) => h('th', { scope: 'col' }, text))),
      ),
      h('tbody', {}, ...rows),
    ),
    operation.verdicts.length === 0
      ? h('p', {}, 'No verdicts: this follows the retry rules.')
      : h(
          'ul',
          { class: 'verdicts', 'aria-label': 'Verdicts' },
          ...operation.verdicts.map((verdict) =>
            h(
              'li',
              { class: verdict.level },
              h(
                'strong',
                {},
                verdict.level === 'violation' ? 'Violation' : 'Note',
              ),
              ` ${verdict.id}: ${verdict.message}`,
            ),
          ),
        ),
  )
}
