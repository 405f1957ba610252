import { graphqlLabel, type Operation } from '../operations/operation.ts'
import { answerClass, describeAttempt, statusText } from './describe.ts'
import { h } from './dom.ts'
import { renderOperationDetails } from './render-operation-details.ts'

/** The bars of one operation on a scale shared by every row: attempts, and the waits between. */
function waterfall(operation: Operation, scaleMs: number) {
  const bar = h('span', { class: 'bars', 'aria-hidden': 'true' })
  const at = (ms: number) => `${((ms / scaleMs) * 100).toFixed(2)}%`
  operation.attempts.forEach((attempt, i) => {
    const start = attempt.startMs - operation.startMs
    const wait = operation.waits[i - 1]
    if (wait !== undefined)
      bar.append(
        h('span', {
          class: 'wait',
          style: `left:${at(start - wait.ms)};width:${at(wait.ms)}`,
        }),
      )
    bar.append(
      h('span', {
        class: `attempt ${answerClass(attempt.status)}`,
        style: `left:${at(start)};width:max(3px,${at(attempt.durationMs)})`,
      }),
    )
  })
  return bar
}

/**
 * One dense line per operation, newest first, as a network waterfall: every bar on one scale, so
 * a slow retry is visibly long. A row opens (Enter or click) into its attempts, waits and verdicts.
 */
export function renderTimeline(
  operations: readonly Operation[],
  openIds: Set<string>,
): HTMLElement {
  if (operations.length === 0)
    return h(
      'p',
      { class: 'empty' },
      'No requests yet. Operations appear here as your app calls the API.',
    )
  const shown = operations.slice(-200).reverse()
  const scaleMs = Math.max(1000, ...shown.map((op) => op.endMs - op.startMs))
  const list = h('ul', { class: 'operations', 'aria-label': 'Operations' })
  for (const operation of shown) {
    const violations = operation.verdicts.filter(
      (v) => v.level === 'violation',
    ).length
    const notes = operation.verdicts.length - violations
    const row = h(
      'details',
      {
        'data-id': operation.id,
        open: openIds.has(operation.id),
        ontoggle: (event: Event) => {
          const element = event.currentTarget as HTMLDetailsElement
          if (element.open) openIds.add(operation.id)
          else openIds.delete(operation.id)
        },
      },
      h(
        'summary',
        {},
        h('span', { class: 'method' }, operation.method),
        h(
          'span',
          { class: 'path', title: operation.path + operation.search },
          operation.path + operation.search,
        ),
        ...(operation.graphql
          ? [h('span', { class: 'graphql' }, graphqlLabel(operation.graphql))]
          : []),
        h(
          'span',
          { class: `status ${answerClass(operation.status)}` },
          operation.outcome === 'waiting'
            ? `${statusText(operation.status)}…`
            : statusText(operation.status),
        ),
        h('span', { class: 'count' }, `${operation.attempts.length}×`),
        h('span', { class: 'grouping' }, operation.grouping),
        waterfall(operation, scaleMs),
        h(
          'span',
          {
            class:
              violations > 0
                ? 'flag violation'
                : notes > 0
                  ? 'flag information'
                  : 'flag',
          },
          violations > 0
            ? `${violations} violation${violations === 1 ? '' : 's'}`
            : notes > 0
              ? `${notes} note${notes === 1 ? '' : 's'}`
              : '',
        ),
        h(
          'span',
          { class: 'sr-only' },
          operation.attempts
            .map((attempt, i) => describeAttempt(operation, attempt, i + 1))
            .join('; '),
        ),
      ),
      renderOperationDetails(operation),
    )
    list.append(h('li', {}, row))
  }
  return list
}
