import { h } from './dom.ts'

/** The rows of one table as the panel receives them: the first rows, and how many there are. */
export interface StateTable {
  name: string
  /** The first rows, in id order (at most `STATE_ROWS_SHOWN`). */
  rows: readonly Record<string, unknown>[]
  /** How many rows the table holds. */
  size: number
}

/** Rows shown per table: a big table is summarised, never copied whole into the panel. */
export const STATE_ROWS_SHOWN = 50
/** Columns shown per table; the rest are left out of the grid. */
const COLUMNS_SHOWN = 12
/** Characters shown of one value. */
const VALUE_CHARS = 80

/** A value as one short line: strings bare, everything else as JSON, cut at `VALUE_CHARS`. */
function cellText(value: unknown): string {
  if (value === undefined) return ''
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text
}

/**
 * The data state: one table per resource, headed by its name and row count, its first rows under
 * the members they have (the first `COLUMNS_SHOWN`).
 */
export function renderState(tables: readonly StateTable[]): HTMLElement {
  if (tables.length === 0)
    return h('p', { class: 'empty' }, 'This API declares no resources.')
  return h(
    'div',
    { class: 'state' },
    ...tables.map((table) => {
      const columns = [
        ...new Set(table.rows.flatMap((row) => Object.keys(row))),
      ].slice(0, COLUMNS_SHOWN)
      const shown = table.rows.slice(0, STATE_ROWS_SHOWN)
      const count = `${table.size} ${table.size === 1 ? 'row' : 'rows'}`
      return h(
        'section',
        { 'aria-label': table.name },
        h('h3', {}, table.name, h('span', { class: 'muted' }, ` · ${count}`)),
        shown.length === 0
          ? h('p', { class: 'empty' }, 'No rows.')
          : h(
              'table',
              { 'aria-label': `${table.name} rows` },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...columns.map((column) => h('th', { scope: 'col' }, column)),
                ),
              ),
              h(
                'tbody',
                {},
                ...shown.map((row) =>
                  h(
                    'tr',
                    {},
                    ...columns.map((column) =>
                      h('td', {}, cellText(row[column])),
                    ),
                  ),
                ),
              ),
            ),
        table.size > shown.length
          ? h(
              'p',
              { class: 'muted' },
              `The first ${shown.length} of ${table.size} rows.`,
            )
          : null,
      )
    }),
  )
}
