import type {
  AnyRecord,
  BodyMediaType,
  HandlerContext,
  RouteDeclaration,
  Schema,
} from '../mock-server/declare/types.ts'
import { checkWith } from '../mock-server/declare/schema-tools.ts'
import { mergePatch } from '../mock-server/conventions/merge-patch.ts'
import type { DescriptionValidator } from './ajv-standard-schema.ts'
import { conformAnswer } from './conform-answer.ts'
import { allowsNull, pageMemberOf } from './list-inference.ts'
import {
  recordsMemberOf,
  requestBodyOf,
  successOf,
  type DocOperation,
} from './openapi-reader.ts'
import { sampleValue } from './sample-value.ts'
import { flatten, isObject, typeOf, type Json } from './schema-view.ts'
import { pathParam } from './path-param.ts'

/** The member a nested collection's rows keep their parent's key in, when the record has none. */
export const PARENT_MEMBER = '_parent'

/** Where a collection the importer serves itself lives, and how its rows are keyed. */
export interface DescribedCollection {
  /** The engine table that stores its rows (a resource with no routes of its own). */
  table: string
  /** The record's member the item path names (`id`, `eventId`, `username`). */
  key: string
  /** The engine keeps its own id beside the key, hidden from answers. */
  hiddenId: boolean
  /** A nested collection: the parent's path parameter, and the record's member that holds it. */
  parent?: { param: string; member: string }
  /** The item path's parameter, as the route names it. */
  itemParam?: string
  /** A path suffix the description writes (`.json`), taken off the item's key. */
  suffix: string
  /** The record's members, flattened. */
  properties: Record<string, Json>
  /** The record's members a stored row breaks (the engine's hidden ones left out); none when valid. */
  invalid: (row: unknown) => string[]
  /** Fields a create fills when the body does not give them. */
  prepare?: (ctx: HandlerContext & { input: AnyRecord }) => AnyRecord
  /** Answers are shaped to each operation's own response schema (see `conformAnswer`). */
  validator?: DescriptionValidator
}

export interface DescribedOperations {
  list?: DocOperation
  create?: DocOperation
  read?: DocOperation
  replace?: DocOperation
  update?: DocOperation
  replaceByBody?: DocOperation
  delete?: DocOperation
}

const SIZE =
  /^(limit|per_?page|perPage|page_?size|pageSize|size|max_?results)$/i
const AFTER =
  /^(starting_after|after|cursor|page_token|pageToken|continuation)$/
const BEFORE = /^(ending_before|before)$/
const TOTAL = /^(total|total_?count|totalCount|count)$/
const NEXT = /^next(_?(page|cursor|page_token|url|href|link|token))?$/i

const json = (body: unknown, status: number, headers: HeadersInit = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

/** The route path of a description's path: `{name}` → `:name`, a suffix kept as a pattern. */
export function describedRoute(path: string, suffix: string) {
  const parts = path.split('/')
  return parts
    .map((part, i) => {
      const last = i === parts.length - 1
      const stem =
        last && suffix && part.endsWith(suffix)
          ? part.slice(0, -suffix.length)
          : part
      const template = /^\{([^}]+)\}$/.exec(stem)
      if (!template) return part
      const name = template[1]!.replace(/[^\w]/g, '_')
      return last && suffix
        ? `:${name}{[^/]+${suffix.replace('.', '\\.')}}`
        : `:${name}`
    })
    .join('/')
}

/** The media types an operation's body arrives in, for the engine's body reading. */
function acceptsOf(document: Json, op: DocOperation) {
  const type = requestBodyOf(document, op.operation, true)?.type
  if (type === 'application/x-www-form-urlencoded')
    return { accepts: [type, 'application/json'] as BodyMediaType[] }
  if (type === 'multipart/form-data')
    return { accepts: [type] as BodyMediaType[] }
  return {}
}

/**
 * The operations of a collection the engine's own routes cannot serve (its paths nested, suffixed,
 * spelt with `_`; keyed by a member other than `id`; updated by `POST`; listed in an envelope with
 * members of its own), each served with state from an engine table: create, read, list, update and
 * delete as the description draws them, bodies validated (every invalid field in one 422).
 */
export function describedOperations(
  document: Json,
  collection: DescribedCollection,
  ops: DescribedOperations,
  inputOf: (op: DocOperation) => Schema | undefined,
): RouteDeclaration[] {
  const out: RouteDeclaration[] = []
  const { key, table, parent, suffix } = collection
  const keyParam = collection.itemParam?.replace(/[^\w]/g, '_')
  const parentParam = parent?.param.replace(/[^\w]/g, '_')
  const parentValue = (ctx: HandlerContext): unknown => {
    if (!parent) return undefined
    const raw = pathParam(ctx, parentParam!)
    const member = collection.properties[parent.member]
    return member &&
      ['integer', 'number'].includes(typeOf(member) ?? '') &&
      /^\d+$/.test(raw)
      ? Number(raw)
      : raw
  }
  const rowsOf = (ctx: HandlerContext) => {
    const all = ctx.data.table(table).list()
    if (!parent) return all
    const value = String(parentValue(ctx))
    return all.filter((row) => String(row[parent.member]) === value)
  }
  const present = (row: AnyRecord) => {
    const out: AnyRecord = {}
    for (const [name, value] of Object.entries(row))
      if (
        !(name === 'id' && collection.hiddenId) &&
        name !== PARENT_MEMBER &&
        !(name.startsWith('_') && !(name in collection.properties))
      )
        out[name] = value
    return out
  }
  /** A row as one operation answers it, in that operation's own response schema. */
  const answer = (op: DocOperation, row: AnyRecord, schema?: unknown) => {
    const shown = present(row)
    const node = schema ?? successOf(document, op.operation)?.body?.media.schema
    return collection.validator
      ? conformAnswer(
          document,
          collection.validator,
          node,
          shown,
          key,
          `${table} ${String(row[key])} ${op.method} ${op.path}`,
        )
      : shown
  }
  /**
   * A body that wraps the record's members in one of its own (`{ "post": { "raw": … } }`, as
   * Rails APIs take them): the wrapped members read as the record's.
   */
  const unwrap = (body: AnyRecord): AnyRecord => {
    const out: AnyRecord = { ...body }
    for (const [name, value] of Object.entries(body))
      if (
        !(name in collection.properties) &&
        isObject(value) &&
        Object.keys(value).length > 0 &&
        Object.keys(value).every((member) => member in collection.properties)
      ) {
        delete out[name]
        Object.assign(out, value)
      }
    return out
  }
  /**
   * Members the create's answer draws that the row lacks (its schema requires more than the
   * record's): kept on the row, so a read gives back what the create answered.
   */
  const keepDrawn = (ctx: HandlerContext, row: AnyRecord, op: DocOperation) => {
    const shown = answer(op, row)
    if (!isObject(shown)) return row
    const inner =
      key in shown
        ? shown
        : Object.values(shown).find((v) => isObject(v) && key in v)
    if (!isObject(inner)) return row
    const drawn: AnyRecord = {}
    for (const [name, value] of Object.entries(inner))
      if (name in collection.properties && !(name in row)) drawn[name] = value
    if (
      Object.keys(drawn).length === 0 ||
      collection.invalid({ ...row, ...drawn }).length > 0
    )
      return row
    return ctx.data.table(table).update(row.id as never, drawn)
  }
  const find = (ctx: HandlerContext): AnyRecord => {
    let raw = pathParam(ctx, keyParam!)
    if (suffix && raw.endsWith(suffix)) raw = raw.slice(0, -suffix.length)
    const row = rowsOf(ctx).find((r) => String(r[key]) === raw)
    if (!row)
      ctx.fail('not-found', {
        detail: `No ${table} ${raw} exists for this credential.`,
      })
    return row
  }
  const checked = (ctx: HandlerContext, op: DocOperation) => {
    const input = inputOf(op)
    if (!input) return (ctx.body ?? {}) as AnyRecord
    const result = checkWith(input, ctx.body ?? {})
    if ('errors' in result) ctx.invalid(result.errors)
    return unwrap(result.value as AnyRecord)
  }
  const statusOf = (op: DocOperation, fallback: number) =>
    successOf(document, op.operation)?.status ?? fallback
  const base = (op: DocOperation, route: string) => ({
    method: op.method.toUpperCase() as RouteDeclaration['method'],
    path: describedRoute(route, suffix),
    ...(typeof op.operation.summary === 'string' && {
      summary: op.operation.summary,
    }),
  })
  /** Members of the record the body carries, set on the row; what breaks the record is left. */
  const merge = (row: AnyRecord, body: AnyRecord, replace: boolean) => {
    const next: AnyRecord = replace
      ? Object.fromEntries(
          Object.entries(row).filter(
            ([name]) =>
              name === key ||
              name === 'id' ||
              name === PARENT_MEMBER ||
              !(name in body) ||
              collection.properties[name]?.readOnly === true,
          ),
        )
      : { ...row }
    // An update merges an object member as a merge patch does (RFC 7396): Stripe's
    // `metadata[team]=engines` adds a key and keeps the others.
    for (const [name, value] of Object.entries(body))
      if (name in collection.properties && name !== key && name !== 'id')
        next[name] =
          !replace && isObject(value) && isObject(row[name])
            ? mergePatch(row[name], value)
            : value
    if (collection.invalid(next).length === 0) return next
    // A body member the record draws differently (a form's `source` beside the record's object)
    // is left as stored.
    const kept = { ...next }
    for (const name of Object.keys(body))
      if (name in row) kept[name] = row[name]
      else delete kept[name]
    return collection.invalid(kept).length === 0 ? kept : row
  }
  const write = (ctx: HandlerContext, row: AnyRecord, next: AnyRecord) => {
    const patch: AnyRecord = { ...next }
    for (const name of Object.keys(row))
      if (!(name in next)) patch[name] = undefined
    return ctx.data.table(table).update(row.id as never, patch)
  }

  if (ops.list) {
    const op = ops.list
    const route = op.path
    const success = successOf(document, op.operation)
    const answered = flatten(document, success?.body?.media.schema)
    // A page one member wraps (`{ artists: { items, cursors, … } }`) is answered in it.
    const around = pageMemberOf(document, answered)
    const schema =
      around === undefined
        ? answered
        : flatten(document, (answered.properties as Json)[around])
    const query = op.parameters.filter((p) => p.in === 'query')
    const names = query.map((p) => String(p.name))
    const size = names.find((n) => SIZE.test(n))
    const after = names.find((n) => AFTER.test(n))
    const before = names.find((n) => BEFORE.test(n))
    const sizeSchema = size
      ? flatten(document, query.find((p) => p.name === size)!.schema)
      : {}
    const defaultSize =
      typeof sizeSchema.default === 'number' ? sizeSchema.default : 20
    const maxSize =
      typeof sizeSchema.maximum === 'number' ? sizeSchema.maximum : 100
    const filters = names.filter((n) => {
      const member = collection.properties[n]
      return (
        member && ['string', 'integer', 'number'].includes(typeOf(member) ?? '')
      )
    })
    const properties = isObject(schema.properties)
      ? Object.fromEntries(
          Object.entries(schema.properties).map(([n, p]) => [
            n,
            flatten(document, p),
          ]),
        )
      : {}
    const itemsMember = recordsMemberOf(document, properties)
    const required = new Set((schema.required as string[] | undefined) ?? [])
    const itemSchema =
      typeOf(schema) === 'array'
        ? schema.items
        : itemsMember && properties[itemsMember]!.items
    out.push({
      ...base(op, route),
      handle(ctx) {
        let rows = rowsOf(ctx)
        for (const name of filters) {
          const wanted = ctx.url.searchParams.getAll(name)
          if (wanted.length > 0)
            rows = rows.filter((row) => wanted.includes(String(row[name])))
        }
        const limit = Math.min(
          Math.max(
            Number(ctx.url.searchParams.get(size ?? '') ?? defaultSize) ||
              defaultSize,
            1,
          ),
          Math.max(maxSize, 1),
        )
        const cursorAfter = after && ctx.url.searchParams.get(after)
        const cursorBefore = before && ctx.url.searchParams.get(before)
        let start = 0
        let end = rows.length
        if (cursorAfter) {
          const at = rows.findIndex((r) => String(r[key]) === cursorAfter)
          start = at === -1 ? rows.length : at + 1
        } else if (cursorBefore) {
          const at = rows.findIndex((r) => String(r[key]) === cursorBefore)
          end = at === -1 ? 0 : at
          start = Math.max(0, end - limit)
        } else if (names.includes('offset'))
          start = Math.max(0, Number(ctx.url.searchParams.get('offset')) || 0)
        else if (names.includes('page'))
          start =
            (Math.max(1, Number(ctx.url.searchParams.get('page')) || 1) - 1) *
            limit
        const page = rows.slice(start, Math.min(end, start + limit))
        const hasMore = cursorBefore ? start > 0 : start + page.length < end
        const items = page.map((row) => answer(op, row, itemSchema))
        if (typeOf(schema) === 'array' || !itemsMember) return json(items, 200)
        const absolute = (search?: Record<string, string>) => {
          const url = new URL(ctx.url)
          for (const [n, v] of Object.entries(search ?? {}))
            url.searchParams.set(n, v)
          return url.href
        }
        const last = page.at(-1)
        const nextUrl =
          hasMore && last
            ? after
              ? absolute({ [after]: String(last[key]) })
              : names.includes('offset')
                ? absolute({ offset: String(start + page.length) })
                : absolute({
                    page: String(Math.floor(start / limit) + 2),
                  })
            : null
        const body: AnyRecord = {}
        for (const [name, member] of Object.entries(properties)) {
          const enumValue = Array.isArray(member.enum)
            ? member.enum[0]
            : member.const
          if (name === itemsMember) body[name] = items
          else if (/^has_?more$/i.test(name)) body[name] = hasMore
          else if (enumValue !== undefined) body[name] = enumValue
          else if (name === 'url')
            body[name] = member.format === 'uri' ? absolute() : ctx.url.pathname
          else if (TOTAL.test(name)) body[name] = rows.length
          else if (NEXT.test(name))
            body[name] =
              member.format === 'uri' || /url|href|link/i.test(name)
                ? nextUrl
                : hasMore && last
                  ? String(last[key])
                  : null
          else if (name === 'limit') body[name] = limit
          else if (name === 'offset') body[name] = start
          else if (required.has(name))
            body[name] = sampleValue(document, member, ctx.random, name)
          // Nothing to hold where the schema has no room for null: left out, or drawn if required.
          if (body[name] === null && !allowsNull(document, member))
            if (required.has(name))
              body[name] = sampleValue(document, member, ctx.random, name)
            else delete body[name]
        }
        return json(
          around === undefined ? body : { [around]: body },
          200,
          nextUrl ? { Link: `<${nextUrl}>; rel="next"` } : {},
        )
      },
    })
  }
  if (ops.create) {
    const op = ops.create
    // The success the operation lists: 201, or 200, 202 or 204 where it documents that alone.
    const listed = statusOf(op, 201)
    const status =
      listed === 200 || listed === 202 || listed === 204 ? listed : 201
    out.push({
      ...base(op, op.path),
      ...acceptsOf(document, op),
      status,
      handle(ctx) {
        const input = checked(ctx, op)
        const chosen = input[key]
        if (
          chosen !== undefined &&
          rowsOf(ctx).some((r) => String(r[key]) === String(chosen))
        )
          ctx.invalid({
            field: key,
            pointer: `#/${key}`,
            message: `is taken: ${String(chosen)} names another row; leave it out or choose another`,
          })
        const prepared = collection.prepare?.({ ...ctx, input }) ?? {}
        const row: AnyRecord = { ...prepared }
        for (const [name, value] of Object.entries(input))
          if (name in collection.properties) row[name] = value
        if (parent) row[parent.member] = parentValue(ctx)
        // A body member the record draws differently (a request's shape beside the answer's) is
        // drawn from the record's own schema instead, one at a time until the record holds.
        for (const name of collection.invalid(row)) {
          if (name === key || !(name in input)) continue
          const member = collection.properties[name]
          const drawn = member
            ? sampleValue(document, member, ctx.random, name)
            : undefined
          if (drawn === undefined) delete row[name]
          else row[name] = drawn
        }
        const stored = keepDrawn(ctx, ctx.data.table(table).insert(row), op)
        // The collection's path without its suffix (`/notes.json` → `/notes/7.json`).
        const collectionPath = ctx.url.pathname.replace(/\/$/, '')
        const self = keyParam
          ? `${suffix && collectionPath.endsWith(suffix) ? collectionPath.slice(0, -suffix.length) : collectionPath}/${encodeURIComponent(String(stored[key]))}${suffix}`
          : undefined
        const headers = {
          ETag: ctx.etag(table, stored),
          ...(status !== 200 && self && { Location: self }),
        }
        // A create documented as 204 answers no body (Spotify's queue).
        return status === 204
          ? new Response(null, { status, headers })
          : json(answer(op, stored), status, headers)
      },
    })
  }
  const itemRoute = (op: DocOperation) => op.path
  /** An update's answer: 200 with the record, or the one success the operation lists (204 bare). */
  const updated = (op: DocOperation, row: AnyRecord, etag: string) => {
    const listed = statusOf(op, 200)
    if (listed === 204)
      return new Response(null, { status: 204, headers: { ETag: etag } })
    return json(
      answer(op, row),
      listed === 201 || listed === 202 ? listed : 200,
      {
        ETag: etag,
      },
    )
  }
  if (ops.read)
    out.push({
      ...base(ops.read, itemRoute(ops.read)),
      handle(ctx) {
        const row = find(ctx)
        return json(answer(ops.read!, row), 200, { ETag: ctx.etag(table, row) })
      },
    })
  for (const [op, replace] of [
    [ops.replace, true],
    [ops.update, false],
  ] as const) {
    if (!op) continue
    out.push({
      ...base(op, itemRoute(op)),
      ...acceptsOf(document, op),
      handle(ctx) {
        const row = find(ctx)
        ctx.checkIfMatch(table, row)
        const input = checked(ctx, op)
        const next = write(ctx, row, merge(row, input, replace))
        return updated(op, next, ctx.etag(table, next))
      },
    })
  }
  if (ops.replaceByBody) {
    const op = ops.replaceByBody
    out.push({
      ...base(op, op.path),
      ...acceptsOf(document, op),
      handle(ctx) {
        const input = checked(ctx, op)
        const chosen = input[key]
        const row = rowsOf(ctx).find((r) => String(r[key]) === String(chosen))
        if (!row)
          return ctx.fail('not-found', {
            detail: `No ${table} ${String(chosen)} exists for this credential: the body's "${key}" names the record to replace.`,
          })
        ctx.checkIfMatch(table, row)
        const next = write(ctx, row, merge(row, input, true))
        return updated(op, next, ctx.etag(table, next))
      },
    })
  }
  if (ops.delete) {
    const op = ops.delete
    const success = successOf(document, op.operation)
    const status = success?.status ?? 204
    const schema = flatten(document, success?.body?.media.schema)
    const drawn = isObject(schema.properties) ? schema.properties : undefined
    out.push({
      ...base(op, itemRoute(op)),
      ...((status === 200 || status === 204) && { status }),
      handle(ctx) {
        const row = find(ctx)
        ctx.checkIfMatch(table, row)
        ctx.data.table(table).delete(row.id as never)
        // A success drawn without a body answers its own status (Petstore's 200).
        if (status === 204 || !success?.body)
          return new Response(null, { status })
        // `{ id, object, deleted }` where the description answers so; else the record removed.
        if (drawn && 'deleted' in drawn) {
          const body: AnyRecord = {}
          const required = new Set(
            (schema.required as string[] | undefined) ?? [],
          )
          for (const [name, node] of Object.entries(drawn)) {
            const member = flatten(document, node)
            const fixed = Array.isArray(member.enum)
              ? member.enum[0]
              : member.const
            if (name === 'deleted') body[name] = true
            else if (name === key || name === 'id') body[name] = row[key]
            else if (fixed !== undefined) body[name] = fixed
            else if (name in row) body[name] = row[name]
            else if (required.has(name))
              body[name] = sampleValue(document, member, ctx.random, name)
          }
          return json(body, status)
        }
        return json(answer(op, row), status)
      },
    })
  }
  return out
}
