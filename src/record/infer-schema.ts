/** What a member's values looked like across every sample: the ground for its schema. */
export interface Shape {
  samples: number
  nulls: number
  strings: number
  /** Distinct strings seen, up to `MAX_DISTINCT` (then `null`: too many for an enum). */
  values: Map<string, number> | null
  formats: Set<StringFormat>
  integers: number
  numbers: number
  /** The least number seen, `null` before any. */
  least: number | null
  /** A lower bound the backend was seen to enforce (a 422 for a value below it). */
  lowerBound?: 'positive' | 'nonnegative'
  booleans: number
  object: ObjectShape | null
  array: { count: number; item: Shape } | null
}

export interface ObjectShape {
  count: number
  /** Members in the order first seen: a written schema keeps the backend's order. */
  members: Map<string, { shape: Shape; present: number }>
}

export type StringFormat =
  | 'uuid'
  | 'date-time'
  | 'date-time-offset'
  | 'date'
  | 'email'
  | 'uri'
  | 'none'

const MAX_DISTINCT = 20
const MAX_DEPTH = 12

export function emptyShape(): Shape {
  return {
    samples: 0,
    nulls: 0,
    strings: 0,
    values: new Map(),
    formats: new Set(),
    integers: 0,
    numbers: 0,
    least: null,
    booleans: 0,
    object: null,
    array: null,
  }
}

const FORMATS: [Exclude<StringFormat, 'none'>, RegExp][] = [
  ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ['date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/],
  [
    'date-time-offset',
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?[+-]\d{2}:\d{2}$/,
  ],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['uri', /^https?:\/\/[^\s]+$/],
]

export function stringFormat(value: string): StringFormat {
  for (const [format, pattern] of FORMATS)
    if (pattern.test(value)) {
      if (format === 'date-time' || format === 'date-time-offset')
        return Number.isNaN(Date.parse(value)) ? 'none' : format
      return format
    }
  return 'none'
}

/** Adds one sample to a shape (deeply). */
export function addSample(shape: Shape, value: unknown, depth = 0): void {
  shape.samples++
  if (value === null || value === undefined) {
    shape.nulls++
    return
  }
  switch (typeof value) {
    case 'string': {
      shape.strings++
      // Formats are short values; once one sample had none, the member has none.
      if (!shape.formats.has('none'))
        shape.formats.add(value.length > 256 ? 'none' : stringFormat(value))
      // An enum's values are short words: a long text ends the count of distinct values.
      if (value.length > 64) shape.values = null
      if (shape.values) {
        shape.values.set(value, (shape.values.get(value) ?? 0) + 1)
        if (shape.values.size > MAX_DISTINCT) shape.values = null
      }
      return
    }
    case 'number':
      if (Number.isInteger(value)) shape.integers++
      else shape.numbers++
      if (shape.least === null || value < shape.least) shape.least = value
      return
    case 'boolean':
      shape.booleans++
      return
  }
  if (depth >= MAX_DEPTH) return
  if (Array.isArray(value)) {
    shape.array ??= { count: 0, item: emptyShape() }
    shape.array.count++
    for (const item of value) addSample(shape.array.item, item, depth + 1)
    return
  }
  if (typeof value === 'object') {
    shape.object ??= { count: 0, members: new Map() }
    addObject(shape.object, value as Record<string, unknown>, depth + 1)
  }
}

export function addObject(
  object: ObjectShape,
  value: Record<string, unknown>,
  depth = 0,
): void {
  object.count++
  for (const [key, member] of Object.entries(value)) {
    let entry = object.members.get(key)
    if (!entry) {
      entry = { shape: emptyShape(), present: 0 }
      object.members.set(key, entry)
    }
    entry.present++
    addSample(entry.shape, member, depth)
  }
}

export interface ZodOptions {
  /** Members whose values become an enum whatever their count (a state field). */
  enumOf?: readonly string[]
  /** Strict objects refuse unknown members (records and inputs); nested ones are lenient. */
  strict?: boolean
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const ENUM_VALUE = /^[a-z][a-z0-9_-]{0,39}$/i

export const propertyKey = (key: string) =>
  IDENTIFIER.test(key) ? key : JSON.stringify(key)

/** Whether a string member reads as a small closed set: few values, each repeated, identifier-like. */
export function enumValues(shape: Shape): string[] | null {
  if (!shape.values || shape.strings < 4) return null
  const values = [...shape.values.keys()]
  if (values.length < 2 || values.length > 8) return null
  if (values.length * 2 > shape.strings) return null
  if (!values.every((v) => ENUM_VALUE.test(v))) return null
  return values
}

function stringZod(shape: Shape): string {
  const formats = [...shape.formats]
  const only = formats.length === 1 ? formats[0] : undefined
  if (
    formats.length === 2 &&
    formats.includes('date-time') &&
    formats.includes('date-time-offset')
  )
    return 'z.iso.datetime({ offset: true })'
  switch (only) {
    case 'uuid':
      return 'z.uuid()'
    case 'date-time':
      return 'z.iso.datetime()'
    case 'date-time-offset':
      return 'z.iso.datetime({ offset: true })'
    case 'date':
      return 'z.iso.date()'
    case 'email':
      return 'z.email()'
    case 'uri':
      return 'z.url()'
  }
  const values = enumValues(shape)
  if (values) return `z.enum(${JSON.stringify(values)})`
  return 'z.string()'
}

/** The zod source for one shape, at an indent. */
export function shapeToZod(shape: Shape, indent = '', strict = false): string {
  const kinds: string[] = []
  if (shape.strings > 0) kinds.push(stringZod(shape))
  const bound = shape.lowerBound ? `.${shape.lowerBound}()` : ''
  if (shape.numbers > 0) kinds.push(`z.number()${bound}`)
  else if (shape.integers > 0) kinds.push(`z.number().int()${bound}`)
  if (shape.booleans > 0) kinds.push('z.boolean()')
  if (shape.object) kinds.push(objectToZod(shape.object, indent, strict))
  if (shape.array) {
    const item = shape.array.item
    kinds.push(
      item.samples === 0
        ? 'z.array(z.unknown())'
        : `z.array(${shapeToZod(item, indent, false)})`,
    )
  }
  let source =
    kinds.length === 0
      ? shape.nulls > 0
        ? 'z.null()'
        : 'z.unknown()'
      : kinds.length === 1
        ? kinds[0]!
        : `z.union([${kinds.join(', ')}])`
  if (kinds.length > 0 && shape.nulls > 0) source += '.nullable()'
  return source
}

export function objectToZod(
  object: ObjectShape,
  indent = '',
  strict = false,
  override: (key: string, shape: Shape) => string | undefined = () => undefined,
): string {
  if (object.members.size === 0)
    return strict ? 'z.strictObject({})' : 'z.object({})'
  const inner = `${indent}  `
  const lines = [...object.members].map(([key, { shape, present }]) => {
    let source = override(key, shape) ?? shapeToZod(shape, inner, false)
    if (present < object.count) source += '.optional()'
    return `${inner}${propertyKey(key)}: ${source},`
  })
  return `${strict ? 'z.strictObject' : 'z.object'}({\n${lines.join('\n')}\n${indent}})`
}
