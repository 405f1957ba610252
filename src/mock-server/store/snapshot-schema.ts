import { z } from 'zod'
import { limits } from '../limits.ts'
import {
  toFieldError,
  type FieldError,
  type Issue,
} from '../validation/validate.ts'
import type { ApiModel } from '../model/compiled-api.ts'
import { checkWith } from '../declare/schema-tools.ts'
import type { AnyRecord } from '../declare/types.ts'
import type { StateSnapshot } from './types.ts'

const timestamp = z.iso.datetime()
const text = z.string().max(limits.snapshotString, {
  error: `must be at most ${limits.snapshotString} characters`,
})
const rows = <T extends z.ZodType>(row: T) =>
  z.array(row).max(limits.snapshotRows, {
    error: `must hold at most ${limits.snapshotRows} rows`,
  })
// Replayed as response headers: only the ones the mock stores, with values a header can carry.
const headerValue = text.regex(/^[\t\x20-\x7e]*$/, {
  error: 'must be printable ASCII (a header value)',
})
const NULL_BODY = new Set([204, 205, 304])

const storedBody = z.string().max(limits.snapshotStoredBody, {
  error: `must be at most ${limits.snapshotStoredBody} characters`,
})
const idempotencyRecord = z.strictObject({
  scope: text,
  key: text,
  method: z.literal('POST'),
  path: text,
  principal: text,
  fingerprint: storedBody,
  createdAt: timestamp,
  expiresAt: timestamp,
  state: z.literal('completed'),
  response: z
    .strictObject({
      status: z
        .number()
        .int()
        .min(200, { error: 'must be a final status from 200 to 599' })
        .max(599, { error: 'must be a final status from 200 to 599' }),
      body: storedBody,
      headers: z.strictObject({
        Location: headerValue.optional(),
        ETag: headerValue.optional(),
        'Content-Type': headerValue.optional(),
      }),
    })
    .refine((r) => !NULL_BODY.has(r.status) || r.body === '', {
      error: 'a 204, 205 or 304 response has an empty body',
    }),
})

/**
 * A snapshot that is JSON but no state the mock can hold. `errors` lists each problem in the shape
 * of every `errors` array (`field`, `message`, `pointer`); `issues` says the same in one line each.
 */
export class InvalidSnapshotError extends Error {
  override readonly name = 'InvalidSnapshotError'
  readonly errors: FieldError[]
  readonly issues: string[]

  constructor(issues: Issue[]) {
    const errors = issues.map(toFieldError)
    const lines = errors.map(
      (error) => `${error.field || '(root)'}: ${error.message}`,
    )
    super(
      `Failed to restore the mock state: the snapshot is invalid (${lines.slice(0, 3).join('; ')}).`,
    )
    this.errors = errors
    this.issues = lines
  }
}

/** Strings longer than the snapshot limit, anywhere in a row. */
function longStrings(value: unknown, path: PropertyKey[], issues: Issue[]) {
  if (typeof value === 'string') {
    if (value.length > limits.snapshotString)
      issues.push({
        path,
        message: `must be at most ${limits.snapshotString} characters`,
      })
  } else if (Array.isArray(value))
    value.forEach((item, i) => longStrings(item, [...path, i], issues))
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      longStrings(item, [...path, key], issues)
}

/**
 * The checked row with its members in the order the snapshot gave them (a schema's parse returns
 * them in the schema's order): a restored row's bytes are the bytes it had when it was taken.
 */
function inOrderOf(given: AnyRecord, checked: AnyRecord): AnyRecord {
  const out: AnyRecord = {}
  for (const key of Object.keys(given))
    if (key in checked) out[key] = checked[key]
  for (const key of Object.keys(checked))
    if (!(key in out)) out[key] = checked[key]
  return out
}

const header = z.strictObject({
  schemaVersion: z.literal(1, { error: 'must be 1' }),
  idempotencyKeys: rows(idempotencyRecord),
})

/**
 * Validates a snapshot whole before anything is replaced: its shape, every table's rows against
 * their resource's schema, unique ids, and every reference a relation declares.
 */
export function parseSnapshot(
  api: ApiModel,
  input: unknown,
  /** Per table, the ids of rows left out before this parse because they do not fit. */
  leftOut: ReadonlyMap<string, ReadonlySet<unknown>> = new Map(),
): StateSnapshot {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    throw new InvalidSnapshotError([
      { path: [], message: 'must be a JSON object' },
    ])
  const raw = input as Record<string, unknown>
  const issues: Issue[] = []
  const parsed = header.safeParse({
    schemaVersion: raw.schemaVersion,
    idempotencyKeys: raw.idempotencyKeys,
  })
  if (!parsed.success)
    for (const { path, message } of parsed.error.issues)
      issues.push({ path, message })
  const known = new Set([
    'schemaVersion',
    'idempotencyKeys',
    ...api.resources.keys(),
  ])
  for (const key of Object.keys(raw))
    if (!known.has(key))
      issues.push({
        path: [key],
        message: `is not a table of this API; tables: ${[...api.resources.keys()].join(', ')}`,
      })
  const tables: Record<string, AnyRecord[]> = {}
  // Rows that are there but do not fit: a reference to one names a row that exists.
  const unfit = new Map<string, Set<unknown>>(
    [...leftOut].map(([name, ids]) => [name, new Set(ids)]),
  )
  const markUnfit = (name: string, row: unknown) => {
    if (row === null || typeof row !== 'object' || !('id' in row)) return
    let ids = unfit.get(name)
    if (!ids) unfit.set(name, (ids = new Set()))
    ids.add(row.id)
  }
  for (const resource of api.resources.values()) {
    const name = resource.name
    const list = raw[name]
    if (!Array.isArray(list)) {
      issues.push({ path: [name], message: 'must be an array of rows' })
      continue
    }
    if (list.length > limits.snapshotRows) {
      issues.push({
        path: [name],
        message: `must hold at most ${limits.snapshotRows} rows`,
      })
      continue
    }
    const out: AnyRecord[] = []
    const seen = new Set<unknown>()
    list.forEach((row, index) => {
      const before = issues.length
      longStrings(row, [name, index], issues)
      if (issues.length > before) return
      const checked = checkWith(resource.schema, row)
      if ('errors' in checked) {
        markUnfit(name, row)
        for (const e of checked.errors)
          issues.push({
            path: [name, index, ...(e.field === '' ? [] : e.field.split('.'))],
            message: e.message,
          })
        return
      }
      const id = checked.value.id
      const idOk =
        resource.idKind === 'integer'
          ? Number.isInteger(id) &&
            (id as number) >= 1 &&
            (id as number) <= limits.maxId
          : typeof id === 'string' && id.length > 0
      if (!idOk)
        issues.push({
          path: [name, index, 'id'],
          message:
            resource.idKind === 'integer'
              ? `must be an integer from 1 to ${limits.maxId}`
              : 'must be a non-empty string',
        })
      else if (seen.has(id))
        issues.push({
          path: [name, index, 'id'],
          message: `${String(id)} appears twice`,
        })
      seen.add(id)
      out.push(inOrderOf(row as AnyRecord, checked.value))
    })
    tables[name] = out
  }
  for (const resource of api.resources.values())
    for (const relation of resource.relations) {
      const target = tables[relation.to]
      if (!target) continue
      const ids = new Set(target.map((r) => r.id))
      const targetName = api.resources.get(relation.to)?.singular ?? relation.to
      tables[resource.name]?.forEach((row, index) => {
        const value = row[relation.field]
        if (value !== null && value !== undefined && !ids.has(value))
          issues.push({
            path: [resource.name, index, relation.field],
            message: unfit.get(relation.to)?.has(value)
              ? `names ${targetName} ${String(value)}, which exists but does not fit`
              : `names unknown ${targetName} ${String(value)}`,
          })
      })
    }
  if (issues.length > 0) throw new InvalidSnapshotError(issues)
  return {
    ...tables,
    schemaVersion: 1,
    idempotencyKeys: parsed.data!.idempotencyKeys,
  } as StateSnapshot
}
