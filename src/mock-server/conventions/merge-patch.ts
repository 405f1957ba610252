/**
 * `PATCH` on an item with a JSON Merge Patch (RFC 7396): the members sent change, `null` removes
 * one, nested objects merge, arrays replace. The merged record must pass the resource's replace
 * schema, so a PATCH can store nothing a PUT could not.
 */
import { MERGE_PATCH } from '../../common/media-types.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { ItemHandler } from '../declare/item-route.ts'
import { checkWith, jsonSchemaOf } from '../declare/schema-tools.ts'
import type { AnyRecord } from '../declare/types.ts'
import { camel, withArticle } from '../openapi/schema-names.ts'
import { validationFailed, type FieldError } from '../validation/validate.ts'
import type { Convention } from './convention.ts'
import { exampleId, inStates } from './endpoint-doc.ts'
import { itemSchema, unwrapItem, wrappedAt } from './item-envelope.ts'
import { describePrefer } from './prefer.ts'
import { applyJsonPatch } from './json-patch.ts'
import { fail } from '../problems/problem-error.ts'
import { JSON_PATCH } from '../declare/dialect-auth.ts'
import { underPointer } from '../declare/write-checks.ts'
import {
  whileWritable,
  writeItemHandler,
  writeItemProblems,
} from './write-item.ts'
import { isObject } from '../../common/is-object.ts'
import { FORM_TYPES } from './form-values.ts'

/** The one media type a merge patch is sent with. */
export { MERGE_PATCH }

/** Sets an own member, even one named `__proto__`, as `JSON.parse` does. */
function put(target: AnyRecord, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** RFC 7396's MergePatch(Target, Patch), without changing either. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch
  const result: AnyRecord = {}
  if (isObject(target))
    for (const [key, value] of Object.entries(target)) put(result, key, value)
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key]
    else
      put(
        result,
        key,
        mergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value),
      )
  }
  return result
}

/** The media types an update takes: its patch types, and the forms its API's writes take. */
export function updateTypes(resource: CompiledResource): readonly string[] {
  return [
    ...resource.patchTypes,
    ...resource.bodies.filter((type) => FORM_TYPES.includes(type)),
  ]
}

/** The members a caller may change: those of the replace body (its `version` is a precondition). */
function writableFields(resource: CompiledResource): Set<string> {
  const input = resource.replace?.input
  const properties = input
    ? Object.keys(jsonSchemaOf(input, 'input').properties ?? {})
    : resource.fields.filter((f) => f !== 'id')
  return new Set(properties)
}

/** The members the replace body must have. */
function requiredFields(resource: CompiledResource): Set<string> {
  const input = resource.replace?.input
  const required = input ? jsonSchemaOf(input, 'input').required : undefined
  return new Set(Array.isArray(required) ? (required as string[]) : [])
}

/**
 * The stored record as its replace body would carry it, the patch merged in, then validated as a
 * replace body: server-set members sent are refused beside every invalid field, in one 422.
 */
function mergePatchHandler(resource: CompiledResource): ItemHandler<AnyRecord> {
  const replace = resource.replace!
  const writable = writableFields(resource)
  const required = requiredFields(resource)
  const known = new Set([...resource.fields, ...resource.hidden])
  return writeItemHandler(resource, {
    input: (ctx, item) => {
      const type = ctx.request.headers
        .get('Content-Type')
        ?.split(';')[0]
        ?.trim()
        .toLowerCase()
      if (type === JSON_PATCH) return jsonPatchInput(ctx.body, item)
      const body = unwrapItem(resource.item, ctx.body)
      if (Array.isArray(body))
        fail('invalid-json', {
          detail: `A merge patch must be a JSON object, not an array; send an array of operations as ${JSON_PATCH}.`,
        })
      // No body is the empty patch: nothing changes, and the record is checked as it stands.
      const patch = (body ?? {}) as AnyRecord
      const refused: FieldError[] = Object.keys(patch)
        .filter((key) => known.has(key) && !writable.has(key))
        .map((key) => ({
          field: key,
          message: `is set by the server; a merge patch cannot change ${key}`,
          pointer: `#/${key}`,
        }))
      const target = replaceForm(item)
      const allowed: AnyRecord = {}
      for (const [key, value] of Object.entries(patch))
        if (!refused.some((e) => e.field === key)) put(allowed, key, value)
      const merged = mergePatch(target, allowed) as AnyRecord
      let checked = replace.input ? checkWith(replace.input, merged) : null
      let schemaErrors = checked && 'errors' in checked ? checked.errors : []
      // A stored member the update body draws otherwise (Stripe's `source`: an object stored, an
      // id sent) and the patch leaves alone is kept as stored, not refused: the caller sent none.
      const untouched = drawnOtherwise(schemaErrors, allowed, merged)
      if (untouched.length > 0) {
        const rest: AnyRecord = {}
        for (const [key, value] of Object.entries(merged))
          if (!untouched.includes(key)) put(rest, key, value)
        checked = checkWith(replace.input!, rest)
        schemaErrors = 'errors' in checked ? checked.errors : []
        if (schemaErrors.length === 0 && 'value' in checked) {
          const value = { ...(checked.value as AnyRecord) }
          for (const key of untouched) put(value, key, item[key])
          checked = { value }
        }
      }
      if (refused.length > 0 || schemaErrors.length > 0)
        validationFailed(
          underPointer(
            [...refused, ...schemaErrors],
            wrappedAt(resource.item, ctx.body),
          ),
          true,
        )
      return (
        checked && 'value' in checked ? checked.value : merged
      ) as AnyRecord
    },
    hadBody: () => true,
    status: 200,
  })

  /**
   * The stored record as its replace body would carry it. A stored `null` is an absent member,
   * unless the replace body requires the member: then the null is its value (`endedAt: null`),
   * kept as RFC 7396 keeps a target's nulls.
   */
  function replaceForm(item: AnyRecord) {
    const target: AnyRecord = {}
    for (const field of writable)
      if (
        field !== 'version' &&
        item[field] !== undefined &&
        (item[field] !== null || required.has(field))
      )
        target[field] = item[field]
    return target
  }

  /**
   * RFC 6902 applied to the record's replace form: an operation that cannot apply, or a result
   * that is not a valid replace body, is one validation problem listing what is wrong.
   */
  function jsonPatchInput(body: unknown, item: AnyRecord) {
    const applied = applyJsonPatch(replaceForm(item), body ?? [])
    if ('error' in applied) validationFailed([applied.error], true)
    const merged = applied.value
    const refused: FieldError[] = isObject(merged)
      ? Object.keys(merged)
          .filter((key) => known.has(key) && !writable.has(key))
          .map((key) => ({
            field: key,
            message: `is set by the server; a patch cannot change ${key}`,
            pointer: `#/${key}`,
          }))
      : []
    const checked = replace.input ? checkWith(replace.input, merged) : null
    const schemaErrors = checked && 'errors' in checked ? checked.errors : []
    if (refused.length > 0 || schemaErrors.length > 0)
      validationFailed([...refused, ...schemaErrors], true)
    return (checked && 'value' in checked ? checked.value : merged) as AnyRecord
  }
}

/**
 * The members every schema error names that the patch did not send and the merged body carries
 * (from the stored record), or none where any error lies elsewhere.
 */
function drawnOtherwise(
  errors: readonly FieldError[],
  patch: AnyRecord,
  merged: AnyRecord,
): string[] {
  const members = new Set<string>()
  for (const error of errors) {
    const member = error.pointer?.split('/')[1]?.replaceAll('~1', '/')
    const name = member?.replaceAll('~0', '~')
    if (
      name === undefined ||
      name === '' ||
      Object.hasOwn(patch, name) ||
      !Object.hasOwn(merged, name)
    )
      return []
    members.add(name)
  }
  return [...members]
}

export function mergePatchConvention(
  resource: CompiledResource,
): Convention<ItemHandler<AnyRecord>> {
  return {
    prefer: true,
    handler: mergePatchHandler(resource),
    accepts: updateTypes(resource).join(', '),
    doc: (ctx) => {
      const names = ctx.names.get(resource.name)!
      const state = resource.state
      const types = updateTypes(resource)
      return {
        operationId: camel('update', resource.singular),
        summary: `Update ${withArticle(resource.singular)} with a JSON Merge Patch${whileWritable(resource)}`,
        description: `The members sent replace the stored ones, \`null\` removes one, nested objects merge and arrays replace (RFC 7396). Server-set members are refused, and the merged ${resource.singular} must be a valid replace body: every invalid field is listed in one 422. The body must be sent as ${types.map((t) => `\`${t}\``).join(' or ')}${types.includes(JSON_PATCH) ? ` (\`${JSON_PATCH}\` is an RFC 6902 list of operations)` : ''}.`,
        tag: resource.title,
        ...describePrefer(ctx.api, [
          {
            status: 200,
            schema: itemSchema(
              resource.item,
              inStates(names, state?.replaceIn),
            ),
            etag: true,
          },
        ]),
        body: {
          schema: names.patch,
          required: true,
          mediaType: types.filter((t) => t !== JSON_PATCH).join(', '),
          jsonPatch: types.includes(JSON_PATCH),
        },
        ifMatch: true,
        problems: writeItemProblems(resource),
        pathItem: { resource, example: exampleId(ctx, resource) },
      }
    },
  }
}
