import type { FieldError } from '../validation/validate.ts'
import { limits } from '../limits.ts'
import { ProblemError } from '../problems/problem-error.ts'
import { decodeCursor, HYPERMOCK_LIST, type ListShape } from './list-shape.ts'

export type FieldType =
  | 'integer'
  | 'number'
  | 'string'
  | 'timestamp'
  | 'date'
  | readonly string[]

export interface FieldSpec {
  type: FieldType
  /** Nullable fields match the literal `null` in filters. */
  nullable?: boolean
}

export type CollectionFields = Record<string, FieldSpec>

type Value = string | number | null
type Operator = 'eq' | 'gte' | 'gt' | 'lte' | 'lt'

export interface Filter {
  field: string
  op: Operator
  values: Value[]
}

export interface SortKey {
  field: string
  descending: boolean
}

export interface CollectionQuery {
  page: number
  perPage: number
  /** Rows skipped before the page (offset and cursor paging); page paging derives it from `page`. */
  offset?: number
  /** `after` paging: the page starts after the record of this key, or ends before it. */
  after?: string
  before?: string
  sort: SortKey[]
  filters: Filter[]
}

const MAX_PER_PAGE = 100
const EARLIEST = Date.parse('0000-01-01T00:00:00.000Z')
const RANGE = /^([A-Za-z]+)\[(gte|gt|lte|lt)\]$/

function describe(type: FieldType) {
  if (Array.isArray(type)) return `one of ${type.join(', ')}`
  if (type === 'timestamp')
    return 'an ISO-8601 timestamp from 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z'
  if (type === 'date') return 'an ISO-8601 date (YYYY-MM-DD)'
  if (type === 'integer') return 'an integer'
  return `a ${type}`
}

function parseValue(raw: string, spec: FieldSpec): Value | undefined {
  if (spec.nullable && raw === 'null') return null
  const { type } = spec
  if (Array.isArray(type)) return type.includes(raw) ? raw : undefined
  switch (type) {
    case 'integer':
      return /^-?\d+$/.test(raw) ? Number(raw) : undefined
    case 'number':
      return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : undefined
    case 'timestamp': {
      // Stored timestamps have four-digit years and compare as text; a bound outside that range
      // (`+010000-…`) would compare wrongly, so it is refused rather than silently matching nothing.
      const time = Date.parse(raw)
      return time >= EARLIEST && time <= limits.clockMax
        ? new Date(time).toISOString()
        : undefined
    }
    case 'date': {
      // Stored dates are `YYYY-MM-DD` and compare as text; a real calendar day only.
      if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined
      const time = Date.parse(`${raw}T00:00:00.000Z`)
      return Number.isNaN(time) ||
        new Date(time).toISOString().slice(0, 10) !== raw
        ? undefined
        : raw
    }
    default:
      return raw
  }
}

/** A page or a size: digits only, and small enough to be exact (no echo of `1e+21` or `null`). */
function parsePositiveInt(raw: string) {
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isSafeInteger(value) ? value : Number.NaN
}

function pagingNames({ paging, params }: ListShape) {
  if (paging === 'none') return 'no paging'
  if (paging === 'after')
    return `${params.after}, ${params.before}, ${params.perPage}`
  return `${params[paging]}, ${params.perPage}`
}

/** Every record on one page, where a list is not paged. */
export const UNPAGED = Number.MAX_SAFE_INTEGER

/**
 * Reads paging, sorting and filtering from the query string. Every bad parameter is collected, so
 * one 400 `invalid-query` lists them all at once.
 */
export function parseCollectionQuery(
  params: URLSearchParams,
  fields: CollectionFields,
  sortable: readonly string[] = Object.keys(fields),
  shape: ListShape = HYPERMOCK_LIST,
): CollectionQuery {
  const names = shape.params
  const errors: FieldError[] = []
  const query: CollectionQuery = {
    page: 1,
    perPage: shape.paging === 'none' ? UNPAGED : shape.defaultPerPage,
    sort: [{ field: 'id', descending: false }],
    filters: [],
  }
  const seen = new Set<string>()
  for (const [name, raw] of params) {
    // An ignored parameter is ignored whole: its deepObject members (`scope[type]`) and its
    // repeated array form (`expand[]=a&expand[]=b`) too.
    if (shape.ignore.has(name) || shape.ignore.has(name.replace(/\[.*$/, '')))
      continue
    if (seen.has(name)) {
      errors.push({
        field: name,
        message: 'is given more than once; list several values with commas',
      })
      continue
    }
    seen.add(name)
    if (name === names.page && shape.paging === 'page') {
      const page = parsePositiveInt(raw)
      if (!(page >= 1))
        errors.push({
          field: name,
          message: `must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}`,
        })
      else query.page = page
    } else if (name === names.offset && shape.paging === 'offset') {
      const offset = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN
      if (!(offset >= 0))
        errors.push({ field: name, message: 'must be an integer from 0' })
      else query.offset = offset
    } else if (name === names.cursor && shape.paging === 'cursor') {
      const offset = decodeCursor(raw)
      if (offset === undefined)
        errors.push({
          field: name,
          message:
            'is not a cursor this list gave; follow the next link from the last page',
        })
      else query.offset = offset
    } else if (
      (name === names.after || name === names.before) &&
      shape.paging === 'after'
    ) {
      if (raw === '' || raw.length > 200)
        errors.push({
          field: name,
          message: 'must be the key of a record this list gave',
        })
      else if (name === names.after) query.after = raw
      else query.before = raw
    } else if (name === names.perPage && shape.paging !== 'none') {
      const perPage = parsePositiveInt(raw)
      if (!(perPage >= 1 && perPage <= MAX_PER_PAGE)) {
        errors.push({
          field: name,
          message: `must be an integer from 1 to ${MAX_PER_PAGE}`,
        })
      } else query.perPage = perPage
    } else if (name === names.sort) {
      const keys: SortKey[] = []
      for (const part of raw.split(',')) {
        const descending = part.startsWith('-')
        const field = descending ? part.slice(1) : part
        if (field !== 'id' && !sortable.includes(field)) {
          errors.push({
            field: name,
            message: `cannot sort by "${field}"; sortable fields: ${['id', ...sortable].join(', ')}`,
          })
        } else keys.push({ field, descending })
      }
      query.sort = keys
    } else {
      const range = RANGE.exec(name)
      const field = range ? range[1]! : name
      const op: Operator = range ? (range[2] as Operator) : 'eq'
      const spec: FieldSpec | undefined =
        field === 'id'
          ? { type: 'integer' }
          : Object.hasOwn(fields, field)
            ? fields[field]
            : undefined
      if (!spec) {
        errors.push({
          field: name,
          message: `is not a known parameter; use ${pagingNames(shape)}, ${names.sort}, or a filter on ${['id', ...Object.keys(fields)].join(', ')}`,
        })
        continue
      }
      if (op !== 'eq' && (Array.isArray(spec.type) || spec.type === 'string')) {
        errors.push({
          field: name,
          message: `range filters apply to numbers, dates and timestamps, not to ${field}`,
        })
        continue
      }
      const parts = op === 'eq' ? raw.split(',') : [raw]
      const values = parts.map((part) => parseValue(part, spec))
      if (values.some((value) => value === undefined)) {
        errors.push({
          field: name,
          message: `must be ${describe(spec.type)}${op === 'eq' ? ' (commas separate alternatives)' : ''}`,
        })
      } else query.filters.push({ field, op, values: values as Value[] })
    }
  }
  if (query.after !== undefined && query.before !== undefined)
    errors.push({
      field: names.before,
      message: `cannot be given with ${names.after}; page one way at a time`,
    })
  if (errors.length > 0) {
    throw new ProblemError('invalid-query', {
      detail: `${errors.length} query parameter${errors.length === 1 ? ' is' : 's are'} invalid: ${errors.map((e) => e.field).join(', ')}.`,
      extensions: { errors },
    })
  }
  return query
}
