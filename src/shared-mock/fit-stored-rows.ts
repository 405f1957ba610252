import type { CompiledApi } from '../mock-server/declare/compile-api.ts'
import {
  InvalidSnapshotError,
  parseSnapshot,
} from '../mock-server/store/snapshot-schema.ts'
import type { StateSnapshot } from '../mock-server/store/types.ts'

/** A stored row the declaration no longer accepts, and why, member by member. */
export interface UnfitRow {
  table: string
  /** The row's id as stored (its position when it has none). */
  id: unknown
  members: { member: string; message: string }[]
}

export interface FittedState {
  /** The stored state without the rows that no longer fit: what the mock can load. */
  state: StateSnapshot
  /** Every row left out, and every member in it that does not fit. */
  unfit: UnfitRow[]
}

type Raw = Record<string, unknown>

const RELATION = /^names unknown /

/**
 * Sorts stored rows into those the declaration still accepts and those it does not, after the
 * declaration changed between visits: a member removed, a type narrowed, a state renamed, a table
 * gone. Leaving a row out can leave another naming it, so this runs until what is left fits.
 * A member the declaration no longer has counts too: loading would drop it without a word.
 */
export function fitStoredRows(
  api: CompiledApi,
  stored: StateSnapshot,
): FittedState {
  const raw: Raw = {}
  for (const [key, value] of Object.entries(stored))
    raw[key] = Array.isArray(value) ? [...value] : value
  const unfit: UnfitRow[] = []
  const leaveOut = (
    table: string,
    index: number,
    members: UnfitRow['members'],
  ) => {
    const rows = raw[table] as unknown[]
    const row = rows[index] as Raw | undefined
    unfit.push({ table, id: row?.id ?? `#${index}`, members })
  }
  for (const [table, rows] of Object.entries(raw)) {
    if (table === 'schemaVersion' || table === 'idempotencyKeys') continue
    if (api.resources.has(table) || !Array.isArray(rows)) continue
    // A table the declaration no longer has: every row of it is reported.
    for (const row of rows as Raw[])
      unfit.push({
        table,
        id: row?.id,
        members: [{ member: '', message: 'its table is no longer declared' }],
      })
    delete raw[table]
  }
  for (let round = 0; round < 100; round++) {
    try {
      const state = parseSnapshot(api, raw)
      const extra = extraMembers(api, raw, state)
      if (extra.length === 0) return { state, unfit }
      for (const { table, index, members } of extra.reverse()) {
        leaveOut(table, index, members)
        ;(raw[table] as unknown[]).splice(index, 1)
      }
      continue
    } catch (error) {
      if (!(error instanceof InvalidSnapshotError)) throw error
      const byRow = new Map<
        string,
        { table: string; index: number; members: UnfitRow['members'] }
      >()
      const paths = error.errors.map((e, i) => ({
        path: (e.pointer ?? '').split('/').slice(1),
        message: e.message,
        relation: RELATION.test(error.errors[i]!.message),
      }))
      // Relations are checked on the rows that passed, so their positions hold only in a round
      // where every row passed its schema.
      const schemaIssues = paths.filter((p) => !p.relation)
      const acting = schemaIssues.length > 0 ? schemaIssues : paths
      const badKeys = acting.filter((p) => p.path[0] === 'idempotencyKeys')
      if (badKeys.length > 0) raw.idempotencyKeys = []
      for (const { path, message } of acting) {
        const [table, at, ...member] = path
        if (table === undefined || table === 'idempotencyKeys') continue
        if (at === undefined) {
          // A table that is not a list: nothing of it can be read.
          raw[table] = []
          continue
        }
        const index = Number(at)
        const key = `${table}/${index}`
        const entry = byRow.get(key) ?? { table, index, members: [] }
        entry.members.push({ member: member.join('.'), message })
        byRow.set(key, entry)
      }
      const rows = [...byRow.values()].sort((a, b) => b.index - a.index)
      for (const { table, index, members } of rows) {
        leaveOut(table, index, members)
        ;(raw[table] as unknown[]).splice(index, 1)
      }
    }
  }
  throw new Error('Failed to sort the stored rows: they kept changing.')
}

/** Members stored in a row that its resource no longer declares (the parse dropped them). */
function extraMembers(api: CompiledApi, raw: Raw, state: StateSnapshot) {
  const found: {
    table: string
    index: number
    members: UnfitRow['members']
  }[] = []
  const parsed = state as unknown as Record<string, Raw[]>
  for (const table of api.resources.keys()) {
    const rows = raw[table] as Raw[]
    rows.forEach((row, index) => {
      const kept = parsed[table]?.[index] ?? {}
      const members = Object.keys(row)
        .filter((member) => !(member in kept))
        .map((member) => ({ member, message: 'is no longer declared' }))
      if (members.length > 0) found.push({ table, index, members })
    })
  }
  return found
}

/** One message naming every row left out and every member of it, for the page and the console. */
export function describeUnfitRows(unfit: readonly UnfitRow[]): string {
  const lines = unfit.map(
    ({ table, id, members }) =>
      `${table} ${String(id)}: ${members.map(({ member, message }) => (member ? `${member} ${message}` : message)).join('; ')}`,
  )
  return `${unfit.length} stored row${unfit.length === 1 ? '' : 's'} no longer fit the API's declaration and ${unfit.length === 1 ? 'was' : 'were'} left out; they stay stored until the mock's data next changes, which keeps only the rows that fit (api.reset() starts over from the seed). ${lines.join(' | ')}`
}
