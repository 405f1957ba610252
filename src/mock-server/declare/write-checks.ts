/**
 * What every write checks before it changes anything: the body against its schema, `If-Match`,
 * the record's state, and the references the body makes.
 */
import { fail } from '../problems/problem-error.ts'
import type { Principal } from '../auth/tokens.ts'
import type { RouteContext } from '../route-spec.ts'
import type { HandlerRuntime } from '../ports/handler-runtime.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import { allowedActions, type CompiledResource } from './compile-resource.ts'
import { resourceOf } from './handler-context.ts'
import { checkWith } from './schema-tools.ts'
import type { AnyRecord, Id, Schema } from './types.ts'

/** The body of an action that declares none: nothing, or `{}`; a member is a 422. */
export const EMPTY_ACTION: Schema<AnyRecord> = {
  '~standard': {
    version: 1,
    vendor: 'hypermock',
    validate: (value) =>
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0
        ? {
            issues: Object.keys(value).map((key) => ({
              message:
                'is not a known member; this action takes no body members',
              path: [key],
            })),
          }
        : { value: {} },
  },
}

/**
 * The body, validated: every invalid field in one 422. When the schema fails, `alsoInvalid` reads the
 * raw body for what the schema cannot see (references that name nothing), so a bad date and a
 * `guestId` of no guest come back together; a field the schema already faults is said once.
 */
export function validInput<T>(
  schema: Schema<T> | undefined,
  body: unknown,
  alsoInvalid?: (raw: AnyRecord) => FieldError[],
  at = '',
): T {
  if (!schema) return body as T
  const result = checkWith(schema, body ?? {})
  if ('value' in result) return result.value
  // No body at all is checked as `{}` is: the same errors, the owner's among them.
  const raw =
    body === undefined
      ? {}
      : body !== null && typeof body === 'object' && !Array.isArray(body)
        ? (body as AnyRecord)
        : undefined
  const faulted = new Set(result.errors.map((error) => error.field))
  const more = raw && alsoInvalid ? alsoInvalid(raw) : []
  const errors = [
    ...result.errors,
    ...more.filter((error) => !faulted.has(error.field)),
  ]
  validationFailed(underPointer(errors, at), body !== undefined)
}

/**
 * Errors of a record's members, named where a body that wraps the record holds them
 * (`#/post/raw` of `{ "post": { "raw": 7 } }`; `at` is `/post`, empty for a bare body).
 */
export function underPointer(
  errors: readonly FieldError[],
  at: string,
): FieldError[] {
  if (at === '') return [...errors]
  return errors.map((error) =>
    error.pointer?.startsWith('#')
      ? { ...error, pointer: `#${at}${error.pointer.slice(1)}` }
      : error,
  )
}

function capitalise(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** 409 for what the record's state does not allow (a stale link was followed). */
export function stateConflict(
  resource: CompiledResource,
  row: AnyRecord,
  what: string,
  path: string,
): never {
  const field = resource.state!.field
  fail('state-conflict', {
    detail: `${capitalise(resource.singular)} ${String(row.id)} is ${String(row[field])}, so ${what}. Re-read the ${resource.singular} and follow the links it offers.`,
    instance: path,
    extensions: {
      currentStatus: row[field],
      allowedActions: allowedActions(resource, row),
    },
  })
}

/** Field errors for references that name nothing the caller can see, and for the owner field. */
export function referenceErrors(
  runtime: HandlerRuntime,
  resource: CompiledResource,
  input: AnyRecord,
  ctx: RouteContext,
  creating: boolean,
): FieldError[] {
  const errors: FieldError[] = []
  const admin = ctx.principal.owns === 'all'
  const owner = resource.ownerField
  if (owner && creating && input[owner] !== undefined && !admin)
    errors.push({
      field: owner,
      message: `may be set only with an admin token; ${resource.name} belong to the caller`,
      pointer: `#/${owner}`,
    })
  else if (
    owner &&
    creating &&
    admin &&
    input[owner] === undefined &&
    resource.relations.some((r) => r.field === owner)
  )
    errors.push({
      field: owner,
      message: 'is required with an admin token',
      pointer: `#/${owner}`,
    })
  for (const relation of resource.relations) {
    const value = input[relation.field]
    if (value === undefined || value === null) continue
    if (relation.field === owner && !admin) continue
    const target = resourceOf(runtime, relation.to)
    const row = runtime.db.table(relation.to).get(value as Id)
    if (!row || !runtime.api.visible(target, row, ctx.principal, runtime))
      errors.push({
        field: relation.field,
        message: `names no ${target.singular}${admin ? '' : ' of yours'} (${String(value)})`,
        pointer: `#/${relation.field}`,
      })
  }
  return errors
}

/** Nullable fields a body left out are stored as `null`; keys follow the record's field order. */
export function completeRow(
  resource: CompiledResource,
  values: AnyRecord,
): AnyRecord {
  const properties = (resource.json.properties ?? {}) as Record<
    string,
    Record<string, unknown>
  >
  const row: AnyRecord = {}
  for (const field of resource.fields) {
    if (values[field] !== undefined) row[field] = values[field]
    else {
      const p = properties[field] ?? {}
      const type = p.type
      const nullable =
        (Array.isArray(type) && type.includes('null')) ||
        (Array.isArray(p.anyOf) &&
          (p.anyOf as { type?: unknown }[]).some((v) => v.type === 'null'))
      if (nullable) row[field] = null
    }
  }
  for (const [key, value] of Object.entries(values))
    if (!(key in row) && value !== undefined) row[key] = value
  return row
}

/**
 * The row of a record a write makes: the caller's own (its owner field names the caller where the
 * values leave it out; a row that is its own owner, `owner: 'id'`, still gets a fresh key), in its
 * state's initial status, its other members filled as `completeRow` fills them.
 */
export function newRow(
  resource: CompiledResource,
  values: AnyRecord,
  principal: Principal,
): AnyRecord {
  const owner = resource.ownerField
  if (
    owner &&
    owner !== 'id' &&
    values[owner] === undefined &&
    principal.owns !== 'all'
  )
    values[owner] = principal.owns[0]
  if (resource.state) values[resource.state.field] = resource.state.initial
  return completeRow(resource, values)
}
