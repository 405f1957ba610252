import { signedFetch } from './signed-fetch.ts'
import type { ApiDeclaration, MockApi } from '../../src/mock-server/index.ts'
import {
  descriptionValidator,
  type DescriptionValidator,
} from '../../src/openapi-import/ajv-standard-schema.ts'
import type {
  ImportReport,
  OperationReport,
} from '../../src/openapi-import/index.ts'
import {
  requestSchemaOf,
  successOf,
} from '../../src/openapi-import/openapi-reader.ts'
import { keyCandidates } from '../../src/openapi-import/dialect-of.ts'
import { sampleValue } from '../../src/openapi-import/sample-value.ts'
import {
  flatten,
  normalise30,
  resolve,
  typeOf,
} from '../../src/openapi-import/schema-view.ts'

type Json = Record<string, unknown>

/** What one step of a lifecycle answered, and whether the description's schema accepts it. */
export interface Step {
  step: string
  method: string
  path: string
  status: number
  body: unknown
  /** The description's schema errors for the answer (empty when it conforms). */
  mismatches: string[]
}

export interface Lifecycle {
  resource: string
  steps: Step[]
  /** The create with wrong-typed members: its status, the pointers it named, those it had to. */
  invalid: { status: number; pointers: string[]; expected: string[] }
  /**
   * The members the read must give back as the create answered them: those both answers' schemas
   * describe alike (a create may answer members the read's schema draws otherwise, or not at all).
   */
  readBack: string[]
  /** The record within an answer (the member it wraps it in, or the answer itself). */
  recordOf: (body: unknown) => Json
}

/** A seeded source of [0, 1), so a run draws the same bodies every time. */
export function seeded(seed: number) {
  let state = seed >>> 0 || 1
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const judges = new WeakMap<
  Json,
  { doc: Json; validator: DescriptionValidator }
>()

/**
 * The description as the judges read it (OpenAPI 3.0's `nullable` and exclusive bounds in 3.1's
 * terms), and one validator of its schemas. Built once for each document: the lifecycle and the
 * every-answer run of one description judge by the same schemas, each compiled once.
 */
export function judgeOf(document: Json) {
  let judge = judges.get(document)
  if (!judge) {
    const doc = normalise30(document) as Json
    judge = { doc, validator: descriptionValidator(doc) }
    judges.set(document, judge)
  }
  return judge
}

/** The part of the description's paths the import took into its base (`/v1`), '' where none. */
export function importedPrefix(doc: Json, report: ImportReport) {
  const paths = Object.keys(doc.paths as Json)
  const op = report.operations.find((o) => o.path !== '/')!
  const key = paths.find(
    (k) =>
      k.endsWith(op.path) &&
      paths.every((other) =>
        other.startsWith(k.slice(0, k.length - op.path.length)),
      ),
  )
  return key ? key.slice(0, key.length - op.path.length) : ''
}

/**
 * Create, read back, list, update and delete one record of a collection the import serves with
 * state, then a create with wrong-typed members that must list every one in a 422: each success
 * checked against the description's own response schema. The first collection whose create takes
 * a drawn body is used.
 */
export async function lifecycle(
  document: Json,
  report: ImportReport,
  api: MockApi<ApiDeclaration>,
  /** `false` for a description that deletes no record it creates: the delete steps are left out. */
  deletes = true,
): Promise<Lifecycle | undefined> {
  const { doc, validator } = judgeOf(document)
  const paths = doc.paths as Record<string, Json>
  const prefix = importedPrefix(doc, report)
  // Path items and operations may be `$ref`s (DigitalOcean's, one file each).
  const operationOf = (op: OperationReport): Json | undefined => {
    const item = resolve(doc, paths[prefix + op.path])
    const operation = item[op.method.toLowerCase()]
    return operation === undefined ? undefined : resolve(doc, operation)
  }
  const origin = 'http://localhost'
  const base = report.base === '/' ? '' : report.base
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    type = 'application/json',
  ) => {
    const response = await signedFetch(
      api,
      'corpus',
    )(
      new Request(`${origin}${base}${path}`, {
        method,
        headers: {
          Authorization: 'Bearer corpus',
          ...(body !== undefined && { 'Content-Type': type }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
    const text = await response.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed }
  }
  const check = (op: OperationReport, status: number, body: unknown) => {
    const operation = operationOf(op)
    const success = operation && successOf(doc, operation)
    const schema = success?.body?.media.schema
    if (!schema || status === 204) return []
    const validate = validator(schema)
    return validate(body)
      ? []
      : (validate.errors ?? []).map(
          (e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`,
        )
  }
  const groups = new Map<string, OperationReport[]>()
  for (const op of report.operations)
    if (op.resource && op.servedAs !== 'example only')
      groups.set(op.resource, [...(groups.get(op.resource) ?? []), op])
  /** A nested path's parents named by `1` (the item's own parameter, last, left). */
  const under = (path: string) =>
    path.replace(/\{[^}]+\}(?=.*\{)|\{[^}]+\}(?=\/[^{]*$)/g, '1')
  for (const [resource, ops] of groups) {
    const find = (...kinds: OperationReport['servedAs'][]) =>
      ops.find(
        (o) =>
          kinds.includes(o.servedAs) &&
          // Parents are named by `1`: a nested collection keeps rows under any parent key.
          true,
      )
    const create = find('create')
    const read = find('read')
    const list = find('list')
    const update = ops.find(
      (o) =>
        (o.servedAs === 'replace' || o.servedAs === 'merge patch') &&
        /\}(\.\w+)?$/.test(o.path),
    )
    const remove = find('delete')
    if (!create || !read || !list || !update || (deletes && !remove)) continue
    const createOp = operationOf(create)
    const schema = createOp && requestSchemaOf(doc, createOp, true)
    if (!schema) continue
    let created: { status: number; body: unknown } | undefined
    let sent: Json | undefined
    for (let seed = 1; seed <= 12 && !created; seed++) {
      const body = sampleValue(doc, schema, seeded(seed)) as Json
      if (typeof body !== 'object' || body === null) break
      const answer = await send('POST', under(create.path), body)
      if (answer.status === 200 || answer.status === 201) {
        created = answer
        sent = body
      }
    }
    if (!created) continue
    const steps: Step[] = []
    const step = (
      name: string,
      op: OperationReport,
      path: string,
      answer: { status: number; body: unknown },
    ) =>
      steps.push({
        step: name,
        method: op.method,
        path,
        status: answer.status,
        body: answer.body,
        mismatches: check(op, answer.status, answer.body),
      })
    step('create', create, create.path, created)
    const param = /\{([^}]+)\}(\.json)?$/.exec(read.path)![1]!
    // The members the item's parameter may name, as the import keys records (`gid` for `{task_gid}`).
    const names = keyCandidates(param)
    const keyed = (v: unknown): v is Json =>
      typeof v === 'object' && v !== null && names.some((n) => n in v)
    // The record, or the member an answer wraps it in (`{ "app": { "id": … } }`).
    const unwrapped = (body: unknown): Json => {
      const top = (body ?? {}) as Json
      if (keyed(top)) return top
      return Object.values(top).find(keyed) ?? top
    }
    const record = unwrapped(created.body)
    const key = String(record[names.find((n) => n in record) ?? 'id'])
    const itemPath = (op: OperationReport) =>
      under(op.path).replace(
        /\{[^}]+\}(\.json)?$/,
        `${encodeURIComponent(key)}$1`,
      )
    step('read', read, itemPath(read), await send('GET', itemPath(read)))
    step('list', list, list.path, await send('GET', under(list.path)))
    const updateOp = operationOf(update)
    const updateSchema = updateOp && requestSchemaOf(doc, updateOp, true)
    let changed: { status: number; body: unknown } | undefined
    for (let seed = 1; seed <= 12; seed++) {
      const drawn = updateSchema
        ? (sampleValue(doc, updateSchema, seeded(seed + 100)) as Json)
        : {}
      // A replace carries the created members its own body declares, and what it draws.
      const declared = Object.keys(
        (updateSchema && (flatten(doc, updateSchema).properties as Json)) ?? {},
      )
      const kept = Object.fromEntries(
        Object.entries(sent!).filter(([name]) => declared.includes(name)),
      )
      const body = update.servedAs === 'replace' ? { ...kept, ...drawn } : drawn
      if (
        update.method === 'PUT' &&
        param in record &&
        declared.includes(param)
      )
        body[param] = record[param]
      let answer = await send(
        update.method,
        itemPath(update),
        body,
        update.method === 'PATCH'
          ? 'application/merge-patch+json'
          : 'application/json',
      )
      if (answer.status === 415)
        answer = await send(update.method, itemPath(update), body)
      changed = answer
      if (answer.status === 200) break
    }
    step('update', update, itemPath(update), changed!)
    if (deletes && remove) {
      step(
        'delete',
        remove,
        itemPath(remove),
        await send('DELETE', itemPath(remove)),
      )
      step(
        'read after delete',
        read,
        itemPath(read),
        await send('GET', itemPath(read)),
      )
    }
    // Two members of the create body given the wrong type: both named in one 422.
    const members = Object.entries(
      (flatten(doc, schema).properties as Json | undefined) ?? {},
    )
      .map(([name, node]) => [name, typeOf(flatten(doc, node))] as const)
      .filter(
        ([, type]) =>
          type && ['string', 'integer', 'number', 'boolean'].includes(type),
      )
      .slice(0, 2)
    const wrong: Json = { ...sent }
    for (const [name, type] of members)
      wrong[name] = type === 'string' ? { not: 'a string' } : 'not a number'
    const refused = await send('POST', under(create.path), wrong)
    // Each invalid field by its pointer, or by the `field` an error shape of the description's
    // own names it in (GitHub's `{ errors: [{ resource, field, code }] }` has no pointer).
    const errors =
      (
        refused.body as
          | { errors?: { pointer?: string; field?: string }[] }
          | undefined
      )?.errors ?? []
    const memberSchemas = (op: OperationReport, body: unknown) => {
      const operation = operationOf(op)
      const node = operation && successOf(doc, operation)?.body?.media.schema
      const top = (flatten(doc, node).properties as Json | undefined) ?? {}
      const wrapper = Object.keys((body ?? {}) as Json).find(
        (name) => (body as Json)[name] === unwrapped(body),
      )
      return wrapper
        ? ((flatten(doc, top[wrapper]).properties as Json | undefined) ?? {})
        : top
    }
    const created_ = memberSchemas(create, created.body)
    const read_ = memberSchemas(read, steps[1]!.body)
    const same = (name: string) =>
      JSON.stringify(flatten(doc, created_[name])) ===
      JSON.stringify(flatten(doc, read_[name]))
    const readBack = Object.keys(record).filter(
      (name) => name in read_ && name in created_ && same(name),
    )
    return {
      resource,
      steps,
      readBack,
      recordOf: unwrapped,
      invalid: {
        status: refused.status,
        pointers: errors.map(
          (e) => e.pointer ?? (e.field === undefined ? '' : `#/${e.field}`),
        ),
        expected: members.map(([name]) => `#/${name}`),
      },
    }
  }
  return undefined
}
