import { createRandom, type RandomSource } from '../random.ts'
import type { FieldError } from '../validation/validate.ts'
import { InvalidDeclarationError } from './check-declaration.ts'
import type { CompiledResource } from './compile-resource.ts'
import { newId, nextOwnId, settleKey, settleOwnId } from './new-id.ts'
import { checkWith } from './schema-tools.ts'
import type { AnyRecord, SeedContext } from './types.ts'

/** Seed rows are dated from a fixed time, so the seed is the same on every machine and reset. */
export const SEED_EPOCH = Date.parse('2026-01-05T09:00:00.000Z')

const at = (hours: number) =>
  new Date(SEED_EPOCH + hours * 3_600_000).toISOString()

function isNullable(property: Record<string, unknown> | undefined) {
  if (!property) return false
  const type = property.type
  return (
    (Array.isArray(type) && type.includes('null')) ||
    (Array.isArray(property.anyOf) &&
      (property.anyOf as { type?: unknown }[]).some((v) => v.type === 'null'))
  )
}

/**
 * Seed functions whose rows are drawn when their table is first read rather than when the API is
 * compiled: they check each row against its schema as they draw it and leave out what fails
 * (the OpenAPI importer's), so no mistake waits for that read. A large description (Stripe's
 * hundreds of record schemas) then starts without compiling a validator for every table.
 */
const drawnOnFirstRead = new WeakSet<object>()

/** Marks a seed function as one whose rows may be drawn when its table is first read. */
export function seedDrawnOnFirstRead<F extends (ctx: SeedContext) => unknown>(
  seed: F,
): F {
  drawnOnFirstRead.add(seed)
  return seed
}

/** A random seed of its own for a table drawn on first read: its rows never depend on which table was read first. */
function tableSeed(randomSeed: number, name: string) {
  let h = (randomSeed ^ 0x811c9dc5) >>> 0
  for (let i = 0; i < name.length; i++)
    h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/**
 * Every table's seed rows: server-set fields filled in where left out (ids in order, fixed
 * timestamps, version 1, the initial state, `null` for nullable fields), each row checked against
 * its schema and each reference against the rows it names. Mistakes throw one
 * `InvalidDeclarationError` that lists them all. A table whose seed is drawn on first read
 * (`seedDrawnOnFirstRead`) is a getter that draws, checks and hands its rows to `drawn` once;
 * copy the result with `withTables`, which keeps it so. `drawn` gets every table's rows once.
 */
export function seedRows(
  resources: ReadonlyMap<string, CompiledResource>,
  randomSeed: number,
  drawn: (rows: AnyRecord[]) => void = () => {},
): Record<string, AnyRecord[]> {
  const random = createRandom(randomSeed)
  const errors: FieldError[] = []
  const tables: Record<string, AnyRecord[]> = {}
  for (const resource of resources.values()) {
    const declared = resource.declaration.seed
    if (typeof declared === 'function' && drawnOnFirstRead.has(declared)) {
      let rows: AnyRecord[] | undefined
      Object.defineProperty(tables, resource.name, {
        enumerable: true,
        configurable: true,
        get() {
          if (rows) return rows
          const own = createRandom(tableSeed(randomSeed, resource.name))
          const mistakes: FieldError[] = []
          const table = tableRows(resource, own, mistakes)
          if (mistakes.length > 0) throw new InvalidDeclarationError(mistakes)
          drawn(table)
          return (rows = table)
        },
      })
      continue
    }
    tables[resource.name] = tableRows(resource, random, errors)
  }
  for (const resource of resources.values())
    for (const relation of resource.relations) {
      // A relation to a resource not declared is a mistake of its own, said elsewhere.
      if (!resources.has(relation.to)) continue
      const ids = new Set((tables[relation.to] ?? []).map((r) => r.id))
      tables[resource.name]!.forEach((row, index) => {
        const value = row[relation.field]
        if (value !== null && value !== undefined && !ids.has(value))
          errors.push({
            field: `resources.${resource.name}.seed[${index}].${relation.field}`,
            message: `names ${relation.to} ${String(value)}, which the seed does not have`,
          })
      })
    }
  if (errors.length > 0) throw new InvalidDeclarationError(errors)
  for (const [name, descriptor] of Object.entries(
    Object.getOwnPropertyDescriptors(tables),
  ))
    if ('value' in descriptor) drawn(tables[name]!)
  return tables
}

/**
 * Tables copied with `extra` members beside them: a table not drawn yet stays a getter (its rows,
 * once drawn, are shared by every copy), where a spread would draw it.
 */
export function withTables<T extends object>(
  tables: Record<string, AnyRecord[]>,
  extra: T,
): Record<string, AnyRecord[]> & T {
  const out = Object.defineProperties(
    {},
    Object.getOwnPropertyDescriptors(tables),
  ) as Record<string, AnyRecord[]>
  return Object.assign(out, extra)
}

/**
 * The tables drawn when the API was compiled, without those drawn on first read: what a reader
 * that must not draw them takes (the generated OpenAPI document's examples), the same whether
 * a request has read them yet or not.
 */
export function tablesDrawnUpFront(
  tables: Record<string, AnyRecord[]>,
): Record<string, AnyRecord[]> {
  const out: Record<string, AnyRecord[]> = {}
  for (const [name, descriptor] of Object.entries(
    Object.getOwnPropertyDescriptors(tables),
  ))
    if ('value' in descriptor) out[name] = descriptor.value as AnyRecord[]
  return out
}

/** One table's rows, drawn with `random`; its mistakes go to `errors`. */
function tableRows(
  resource: CompiledResource,
  random: RandomSource,
  errors: FieldError[],
): AnyRecord[] {
  const context: SeedContext = { random: () => random.next(), at }
  const declared = resource.declaration.seed
  const raw = (
    typeof declared === 'function' ? declared(context) : (declared ?? [])
  ) as AnyRecord[]
  const properties = (resource.json.properties ?? {}) as Record<
    string,
    Record<string, unknown>
  >
  let next = 1
  const rows: AnyRecord[] = []
  raw.forEach((partial, index) => {
    const path = `resources.${resource.name}.seed[${index}]`
    const values: AnyRecord = { ...partial }
    settleOwnId(values, resource.ownId, () =>
      nextOwnId(resource, rows, () => random.next()),
    )
    settleKey(values, resource.key.member, () =>
      newId(
        resource.idKind,
        next,
        () => random.next(),
        resource.key.prefix,
        resource.key.format,
      ),
    )
    if (typeof values.id === 'number') next = Math.max(next, values.id + 1)
    if (resource.has.createdAt && values.createdAt === undefined)
      values.createdAt = at(index)
    if (resource.has.updatedAt && values.updatedAt === undefined)
      values.updatedAt = values.createdAt ?? at(index)
    if (resource.has.version && values.version === undefined) values.version = 1
    if (resource.state && values[resource.state.field] === undefined)
      values[resource.state.field] = resource.state.initial
    const row: AnyRecord = {}
    for (const field of resource.fields)
      if (values[field] !== undefined) row[field] = values[field]
      else if (isNullable(properties[field])) row[field] = null
    for (const [key, value] of Object.entries(values))
      if (!(key in row)) row[key] = value
    const checked = checkWith(resource.schema, row, { once: true })
    if ('errors' in checked) {
      for (const e of checked.errors)
        errors.push({ field: `${path}.${e.field}`, message: e.message })
      return
    }
    rows.push(checked.value)
  })
  const seen = new Set<unknown>()
  rows.forEach((row, index) => {
    if (seen.has(row.id))
      errors.push({
        field: `resources.${resource.name}.seed[${index}].id`,
        message: `${String(row.id)} appears twice`,
      })
    seen.add(row.id)
  })
  return rows
}
