import type { CollectionFields, FieldSpec } from '../collections/query.ts'
import type { ListShape } from '../collections/list-shape.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import { PREFER_PARAMETER } from '../conventions/prefer.ts'

export interface Parameter {
  name: string
  in: 'query' | 'header' | 'path'
  description: string
  required?: boolean
  style?: 'form' | 'simple'
  explode?: boolean
  schema: JsonSchema
  example?: unknown
}

/** Reusable parameters (`components.parameters`). */
export const sharedParameters = {
  Page: {
    name: 'page',
    in: 'query',
    description: 'The page to read, from 1.',
    schema: { type: 'integer', minimum: 1, default: 1 },
  },
  PerPage: {
    name: 'perPage',
    in: 'query',
    description: 'Items per page.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
  Prefer: PREFER_PARAMETER,
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    description:
      'One key per logical operation, reused on every retry: a repeat replays the stored response. Required where the operation says so when the mock runs in strict mode (`requireIdempotencyKey`).',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
    example: '8e0f7a5c-6b1d-4f1e-9f5a-2f0c3b7d9e11',
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    description:
      'Acts only if the item still has this ETag (or `*`); otherwise 412.',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    description:
      'On a read, answers 304 without a body while the item has this ETag. On a PUT that may create the item, `*` asks for a create only: 412 where the item exists.',
    schema: { type: 'string' },
  },
} satisfies Record<string, Parameter>

function valueSchema(spec: FieldSpec): JsonSchema {
  const { type } = spec
  const base: JsonSchema = Array.isArray(type)
    ? { type: 'string', enum: [...type] }
    : type === 'timestamp'
      ? { type: 'string', description: 'a date or date-time' }
      : type === 'date'
        ? { type: 'string', format: 'date' }
        : { type }
  return spec.nullable ? { anyOf: [base, { const: 'null' }] } : base
}

/** Range filters take names the query parser reads as `field[op]`. */
const RANGE_FIELD = /^[A-Za-z]+$/

/**
 * `sort` and the filters of one collection, from the same field table and sort keys its query
 * parser reads: `field=a,b` (any of) on every field, `field[gte|gt|lte|lt]=v` on numbers and
 * timestamps.
 */
export function collectionParameters(
  fields: CollectionFields,
  sortable: readonly string[],
  sortName = 'sort',
): Parameter[] {
  const all: [string, FieldSpec][] = [
    ['id', { type: 'integer' }],
    ...Object.entries(fields),
  ]
  const sortKeys = ['id', ...sortable.filter((f) => f !== 'id')]
  const parameters: Parameter[] = [
    {
      name: sortName,
      in: 'query',
      description:
        'Sort keys in order; a leading `-` sorts descending. Default `id`.',
      style: 'form',
      explode: false,
      schema: {
        type: 'array',
        items: {
          type: 'string',
          enum: sortKeys.flatMap((name) => [name, `-${name}`]),
        },
      },
    },
  ]
  for (const [name, spec] of all) {
    parameters.push({
      name,
      in: 'query',
      description: `Only items whose ${name} is one of these values.`,
      style: 'form',
      explode: false,
      schema: { type: 'array', items: valueSchema(spec) },
    })
    if (
      Array.isArray(spec.type) ||
      spec.type === 'string' ||
      !RANGE_FIELD.test(name)
    )
      continue
    for (const op of ['gte', 'gt', 'lte', 'lt'] as const) {
      parameters.push({
        name: `${name}[${op}]`,
        in: 'query',
        description: `Only items whose ${name} is ${{ gte: '≥', gt: '>', lte: '≤', lt: '<' }[op]} this value.`,
        schema: valueSchema(spec),
      })
    }
  }
  return parameters
}

/**
 * The paging parameters of a list by its own names: page and size, offset and size, an opaque
 * cursor (from the `next` link) and size, a record's key and size, or none. hypermock's own are the shared `Page` and `PerPage`.
 */
export function pagingParameters(
  list: ListShape,
): (Parameter | { $ref: string })[] {
  const { params, paging } = list
  if (
    paging === 'page' &&
    params.page === 'page' &&
    params.perPage === 'perPage'
  )
    return [
      { $ref: '#/components/parameters/Page' },
      { $ref: '#/components/parameters/PerPage' },
    ]
  const size: Parameter = {
    name: params.perPage,
    in: 'query',
    description: 'Items per page.',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: list.defaultPerPage,
    },
  }
  if (paging === 'none') return []
  if (paging === 'after')
    return [
      {
        name: params.after,
        in: 'query',
        description:
          'The key of the record the page starts after (the last of the previous page).',
        schema: { type: 'string' },
      },
      {
        name: params.before,
        in: 'query',
        description:
          'The key of the record the page ends before (the first of the next page); not with the other.',
        schema: { type: 'string' },
      },
      size,
    ]
  if (paging === 'offset')
    return [
      {
        name: params.offset,
        in: 'query',
        description: 'How many items to skip, from 0.',
        schema: { type: 'integer', minimum: 0, default: 0 },
      },
      size,
    ]
  if (paging === 'cursor')
    return [
      {
        name: params.cursor,
        in: 'query',
        description:
          'Where the page starts: the cursor of a `next` or `prev` link, opaque.',
        schema: { type: 'string' },
      },
      size,
    ]
  return [
    {
      name: params.page,
      in: 'query',
      description: 'The page to read, from 1.',
      schema: { type: 'integer', minimum: 1, default: 1 },
    },
    size,
  ]
}
