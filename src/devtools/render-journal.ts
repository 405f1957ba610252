import type { JournalEntry } from '../mock-server/journal.ts'
import { graphqlLabel } from '../operations/operation.ts'
import { answerClass, statusText } from './describe.ts'
import { h } from './dom.ts'

/** Every request the mock served, newest first, as a compact table. */
export function renderJournal(entries: readonly JournalEntry[]): HTMLElement {
  if (entries.length === 0)
    return h('p', { class: 'empty' }, 'The journal is empty.')
  const head = [
    'time',
    'method',
    'path',
    'status',
    'ms',
    'fault',
    'Idempotency-Key',
  ]
  return h(
    'table',
    { class: 'journal', 'aria-label': 'Journal' },
    h(
      'thead',
      {},
      h('tr', {}, ...head.map((text) => h('th', { scope: 'col' }, text))),
    ),
    h(
      'tbody',
      {},
      ...entries
        .slice(-200)
        .reverse()
        .map((entry) =>
          h(
            'tr',
            {},
            h('td', {}, entry.time.slice(11, 23)),
            h('td', {}, entry.method),
            h(
              'td',
              { class: 'path' },
              entry.path +
                entry.search +
                (entry.graphql ? ` (${graphqlLabel(entry.graphql)})` : ''),
            ),
            h(
              'td',
              { class: `status ${answerClass(entry.status)}` },
              statusText(entry.status) + (entry.replayed ? ' (replay)' : ''),
            ),
            h('td', {}, String(entry.durationMs)),
            h('td', {}, entry.fault ?? ''),
            h('td', {}, entry.idempotencyKey ?? ''),
          ),
        ),
    ),
  )
}
