import { checkWith } from '../declare/schema-tools.ts'
import type { AnyRecord } from '../declare/types.ts'
import type { ApiModel } from '../model/compiled-api.ts'
import type { StoredState } from './mock-store.ts'
import { InvalidSnapshotError, parseSnapshot } from './snapshot-schema.ts'
import type { StateSnapshot } from './types.ts'

/** One stored row (or a whole table) the declaration no longer accepts, and why. */
export interface StoredRowProblem {
  table: string
  /** The row's id; `null` for a table the declaration no longer has. */
  id: unknown
  /** Each member at fault with what is wrong (`''`: the row as a whole). */
  members: { member: string; message: string }[]
}

/** What a check of stored rows against the declaration found (`StoredRowsMismatchError.report`). */
export interface StoredRowsReport {
  /** Every stored row fits: `fitting` is what was stored. */
  fits: boolean
  problems: StoredRowProblem[]
  /** Rows dropped in all (a table no longer declared counts each of its rows). */
  dropped: number
  /** Idempotency records that no longer fit (their response can still replay; they are dropped). */
  droppedKeys: number
  /** The rows that fit, as a snapshot the mock can load. */
  fitting: StateSnapshot
  /** Every problem in one message, one row a line. */
  message: string
}

const MAX_ROUNDS = 8

/**
 * Checks rows a store kept against the declaration as it is now: a member it no longer has, a
 * value its type no longer allows (a state renamed, a type narrowed), an id or a reference that no
 * longer holds. Reports every such row and member at once, and the rows that fit, so that the
 * caller can offer to keep those or to start again; it never throws for the data.
 *
 * @example
 * const report = checkStoredRows(runtime.api, await store.load())
 * if (!report.fits) console.error(report.message)
 */
export function checkStoredRows(
  api: ApiModel,
  stored: StoredState,
): StoredRowsReport {
  const problems: StoredRowProblem[] = []
  let dropped = 0
  const tables: Record<string, AnyRecord[]> = {}
  // The ids of the rows dropped so far: a reference to one names a row that exists but no longer fits.
  const leftOut = new Map<string, Set<unknown>>()
  for (const [name, rows] of Object.entries(stored.tables)) {
    const resource = api.resources.get(name)
    if (!resource) {
      if (rows.length === 0) continue
      problems.push({
        table: name,
        id: null,
        members: [
          {
            member: '',
            message: `no resource is named "${name}" any more (${rows.length} row${rows.length === 1 ? '' : 's'}); declared: ${[...api.resources.keys()].join(', ')}`,
          },
        ],
      })
      dropped += rows.length
      continue
    }
    const kept: AnyRecord[] = []
    const left = leftOut.get(name) ?? new Set<unknown>()
    leftOut.set(name, left)
    for (const row of rows) {
      const checked = checkWith(resource.schema, row)
      const members =
        'errors' in checked
          ? checked.errors.map((e) => ({ member: e.field, message: e.message }))
          : Object.keys(row)
              .filter((key) => !(key in (checked.value as object)))
              .map((key) => ({
                member: key,
                message: `no longer a member of ${resource.singular}`,
              }))
      if (members.length > 0) {
        problems.push({ table: name, id: row.id, members })
        left.add(row.id)
        dropped += 1
      } else kept.push(row)
    }
    tables[name] = kept
  }
  for (const resource of api.resources.values()) tables[resource.name] ??= []

  // What only the whole state can tell (ids twice, references to rows gone, limits): parsed
  // again without the rows at fault, until it holds.
  let keys = stored.idempotencyKeys
  let droppedKeys = 0
  let fitting: StateSnapshot | null = null
  for (let round = 0; round < MAX_ROUNDS && fitting === null; round++) {
    try {
      fitting = parseSnapshot(
        api,
        { schemaVersion: 1, idempotencyKeys: keys, ...tables },
        leftOut,
      )
    } catch (error) {
      if (!(error instanceof InvalidSnapshotError)) throw error
      const badKeys = new Set<number>()
      const badRows = new Map<string, Map<number, StoredRowProblem>>()
      for (const e of error.errors) {
        const [first, second, ...rest] = (e.pointer ?? '')
          .split('/')
          .slice(1)
          .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
        if (first === 'idempotencyKeys') {
          badKeys.add(Number(second))
          continue
        }
        const rows = first === undefined ? undefined : tables[first]
        const index = Number(second)
        const row = rows?.[index]
        if (!row || first === undefined) {
          // A table at fault as a whole (too many rows): none of it can load.
          if (first !== undefined && rows) {
            problems.push({
              table: first,
              id: null,
              members: [{ member: '', message: e.message }],
            })
            dropped += rows.length
            tables[first] = []
          }
          continue
        }
        let perTable = badRows.get(first)
        if (!perTable) badRows.set(first, (perTable = new Map()))
        let problem = perTable.get(index)
        if (!problem) {
          problem = { table: first, id: row.id, members: [] }
          perTable.set(index, problem)
          problems.push(problem)
          dropped += 1
        }
        problem.members.push({ member: rest.join('.'), message: e.message })
      }
      for (const [table, rows] of badRows) {
        for (const index of rows.keys())
          leftOut.get(table)?.add(tables[table]![index]!.id)
        tables[table] = tables[table]!.filter((_, index) => !rows.has(index))
      }
      if (badKeys.size > 0) {
        droppedKeys += badKeys.size
        keys = keys.filter((_, index) => !badKeys.has(index))
      }
      if (badRows.size === 0 && badKeys.size === 0 && round > 0) break
    }
  }
  fitting ??= {
    schemaVersion: 1,
    idempotencyKeys: [],
    ...Object.fromEntries([...api.resources.keys()].map((name) => [name, []])),
  } as StateSnapshot
  return {
    fits: problems.length === 0 && droppedKeys === 0,
    problems,
    dropped,
    droppedKeys,
    fitting,
    message: reportMessage(problems, dropped, droppedKeys),
  }
}

function reportMessage(
  problems: StoredRowProblem[],
  dropped: number,
  droppedKeys: number,
) {
  if (problems.length === 0 && droppedKeys === 0)
    return 'Every stored row fits the declaration.'
  const lines = problems.map((p) => {
    const what = p.id === null ? `${p.table}` : `${p.table} ${String(p.id)}`
    const members = p.members
      .map((m) => (m.member === '' ? m.message : `${m.member}: ${m.message}`))
      .join('; ')
    return `  ${what}: ${members}`
  })
  if (droppedKeys > 0)
    lines.push(
      `  ${droppedKeys} idempotency record${droppedKeys === 1 ? '' : 's'} no longer fit${droppedKeys === 1 ? 's' : ''}`,
    )
  return `${dropped} stored row${dropped === 1 ? '' : 's'} no longer fit${dropped === 1 ? 's' : ''} the declaration:\n${lines.join('\n')}`
}
