/**
 * What the writes that name records by their keys share (`replaceAll`, `byKeys`): reading the
 * keys, refusing a key another parent holds, and creating the absent ones. Each keeps its own
 * reading of where the keys are (a body member, a query parameter).
 */
import {
  underParents,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import { handlerContext } from '../declare/handler-context.ts'
import type { AnyRecord, Id, InputContext } from '../declare/types.ts'
import { newRow } from '../declare/write-checks.ts'
import { fail } from '../problems/problem-error.ts'
import type { RouteContext } from '../route-spec.ts'
import type { FieldError } from '../validation/validate.ts'

/** The most keys one write may name: a set is changed in one step, within the body limit. */
export const NAMED_KEYS_LIMIT = 1000

/** A key of the resource's kind, for the description. */
export const keySchema = (resource: CompiledResource) =>
  resource.idKind === 'integer'
    ? { type: 'integer', minimum: 1 }
    : { type: 'string', minLength: 1, maxLength: 200 }

/**
 * The keys of a list, each of the resource's kind, once each; every bad one (and a list over the
 * limit) pushed to `errors`. From a query, text: an integer key is read from its digits, and
 * every key's error points at the parameter.
 */
export function keysIn(
  resource: CompiledResource,
  list: readonly unknown[],
  at: { field: string; pointer: string; queried?: boolean },
  errors: FieldError[],
): Id[] {
  const { field, pointer, queried = false } = at
  if (list.length > NAMED_KEYS_LIMIT)
    errors.push({
      field,
      pointer,
      message: `names ${list.length} keys; at most ${NAMED_KEYS_LIMIT} may be named at once`,
    })
  const integer = resource.idKind === 'integer'
  const keys: Id[] = []
  list.forEach((raw, i) => {
    const key =
      queried && integer && typeof raw === 'string' && /^\d{1,15}$/.test(raw)
        ? Number(raw)
        : raw
    const ok = integer
      ? typeof key === 'number' && Number.isSafeInteger(key) && key >= 1
      : typeof key === 'string' && key.length > 0 && key.length <= 200
    if (ok) keys.push(key as Id)
    else
      errors.push({
        field: `${field}[${i}]`,
        pointer: queried ? pointer : `${pointer}/${i}`,
        message: integer
          ? 'must be a whole number from 1, the key of a record'
          : 'must be a string of 1 to 200 characters, the key of a record',
      })
  })
  return [...new Set(keys)]
}

/**
 * A 409 `already-exists` for a key whose record another parent (or another owner) holds: a key
 * names one record across parents. Checked before anything changes.
 */
export function refuseKeysHeldElsewhere(
  resource: CompiledResource,
  keys: readonly Id[],
  below: AnyRecord,
  ctx: RouteContext,
  leaveOut: string,
) {
  const { runtime, principal } = ctx
  const table = runtime.db.table(resource.name)
  for (const key of keys) {
    const row = table.get(key)
    if (
      row &&
      (!underParents(resource, row, below) ||
        !runtime.api.visible(resource, row, principal, runtime))
    )
      fail('already-exists', {
        detail: `${resource.singular} ${String(key)} belongs elsewhere, and a key names one record across parents. ${leaveOut}`,
        extensions: { existing: { resource: resource.name, id: key } },
      })
  }
}

/** Creates a record for each key that has none, below the parents, filled by `fill`. */
export function insertAbsentKeys(
  resource: CompiledResource,
  keys: readonly Id[],
  below: AnyRecord,
  ctx: RouteContext,
  fill: (key: Id, context: InputContext<AnyRecord>) => AnyRecord | undefined,
) {
  const { runtime, principal } = ctx
  const table = runtime.db.table(resource.name)
  const handle = runtime.db.handle(resource.name)
  const context: InputContext<AnyRecord> = {
    ...handlerContext(ctx),
    input: {},
  }
  for (const key of keys) {
    if (table.get(key)) continue
    const values: AnyRecord = {
      ...fill(key, context),
      ...below,
      [resource.key.member]: key,
    }
    handle.insert(newRow(resource, values, principal))
  }
}
