import type { Operation } from '../operations/operation.ts'
import { groupingText, seconds, statusText } from './describe.ts'
import { h } from './dom.ts'

/** An operation opened: how it was grouped, its attempts with their waits, and its verdicts. */
export function renderOperationDetails(operation: Operation): HTMLElement {
  const head = [
    '#',
    'status',
    'sent',
    'took',
    'wait before',
    'request id',
    'fault',
  ]
  // Explicit roles: on a phone the rows are stacked (CSS `display`), which would drop a table's.
  const cell = (column: number, text: string) =>
    h('td', { role: 'cell', 'data-label': head[column] }, text)
  const rows = operation.attempts.map((attempt, i) =>
    h(
      'tr',
      { role: 'row' },
      cell(0, String(i + 1)),
      cell(
        1,
        statusText(attempt.status) + (attempt.replayed ? ' (replay)' : ''),
      ),
      cell(2, `+${seconds(attempt.startMs - operation.startMs)}`),
      cell(3, seconds(attempt.durationMs)),
      cell(4, i === 0 ? '' : (operation.waits[i - 1]?.label ?? '')),
      cell(5, attempt.requestId),
      cell(6, attempt.fault ?? ''),
    ),
  )
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
      { role: 'table', class: 'attempts', 'aria-label': 'Attempts' },
      h(
        'thead',
        { role: 'rowgroup' },
        h(
          'tr',
          { role: 'row' },
          ...head.map((text) =>
            h('th', { scope: 'col', role: 'columnheader' }, text),
          ),
        ),
      ),
      h('tbody', { role: 'rowgroup' }, ...rows),
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
