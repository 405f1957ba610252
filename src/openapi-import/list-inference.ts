import type {
  ListDeclaration,
  ListEnvelope,
} from '../mock-server/declare/types.ts'
import { flatProperties, successOf } from './openapi-reader.ts'
import { flatten, typeOf, type Json } from './schema-view.ts'

const SIZE = ['limit', 'perPage', 'per_page', 'pageSize', 'page_size', 'size']
const CURSOR = [
  'cursor',
  'after',
  'starting_after',
  'page_token',
  'pageToken',
  'continuation',
]
const TOTAL = ['total', 'totalCount', 'total_count', 'count']

export interface InferredList {
  list: ListDeclaration
  /** The record schema of an item, as the list gives it. */
  itemSchema: unknown
  filters: string[]
  notes: string[]
}

/** The envelope, from the list response's schema: a bare array, or the member holding the array. */
function envelopeOf(
  document: Json,
  schema: Json,
):
  | { envelope: NonNullable<ListDeclaration['envelope']>; items: unknown }
  | undefined {
  if (typeOf(schema) === 'array')
    return { envelope: 'array', items: schema.items }
  const properties = flatProperties(document, schema)
  const names = Object.keys(properties)
  const arrayMember = names.find((n) => typeOf(properties[n]!) === 'array')
  if (!arrayMember) return undefined
  const items = properties[arrayMember]!.items
  if (
    arrayMember === 'items' &&
    ['page', 'perPage', 'total', '_links'].every((n) => names.includes(n))
  )
    return { envelope: 'hypermock', items }
  const envelope: ListEnvelope = { items: arrayMember }
  const links = names.find((n) => n === 'links' || n === '_links')
  if (links) {
    envelope.links = links
    const self = flatProperties(document, properties[links]!)
    const sample = self.self ?? self.next ?? Object.values(self)[0]
    envelope.linkStyle =
      sample && typeOf(sample) === 'string' ? 'string' : 'href'
  }
  const total = names.find(
    (n) =>
      TOTAL.includes(n) &&
      ['integer', 'number'].includes(typeOf(properties[n]!) ?? ''),
  )
  if (total) envelope.total = total
  return { envelope, items }
}

/**
 * The list's shape from `GET /{collection}`: its envelope, its paging parameters by the
 * description's names, and the filters that match the record's fields.
 */
export function inferList(
  document: Json,
  operation: Json,
  parameters: Json[],
  recordFields: Record<string, Json>,
): InferredList | { why: string } {
  const success = successOf(document, operation)
  if (!success?.body?.media.schema)
    return { why: 'its success response has no JSON schema' }
  const shape = envelopeOf(
    document,
    flatten(document, success.body.media.schema),
  )
  if (!shape)
    return {
      why: 'its success response is neither an array nor an object with an array member',
    }
  const notes: string[] = []
  const query = parameters.filter((p) => p.in === 'query')
  const names = query.map((p) => String(p.name))
  const list: ListDeclaration = { envelope: shape.envelope }
  const params: NonNullable<ListDeclaration['params']> = {}
  const cursor = names.find((n) => CURSOR.includes(n))
  const size = names.find((n) => SIZE.includes(n))
  if (cursor) {
    list.paging = 'cursor'
    params.cursor = cursor
  } else if (names.includes('offset')) {
    list.paging = 'offset'
    params.offset = 'offset'
  } else if (names.includes('page')) list.paging = 'page'
  if (size) {
    params.perPage = size
    const schema = flatten(document, query.find((p) => p.name === size)!.schema)
    if (typeof schema.default === 'number' && schema.default <= 100)
      list.defaultPerPage = schema.default
  }
  if (Object.keys(params).length > 0) list.params = params
  const used = new Set([cursor, size, 'page', 'offset', 'sort'])
  const filters: string[] = []
  const ignore: string[] = []
  for (const name of names) {
    if (used.has(name)) continue
    // `amount[gte]`: a range on a filter field, which the engine reads itself.
    const range = /^(\w+)\[(gte|gt|lte|lt)\]$/.exec(name)
    if (range && names.includes(range[1]!) && recordFields[range[1]!]) continue
    const field = recordFields[name]
    const type = field && typeOf(field)
    if (field && type && ['string', 'integer', 'number'].includes(type))
      filters.push(name)
    else ignore.push(name)
  }
  if (ignore.length > 0) {
    list.ignore = ignore
    notes.push(
      `accepts ${ignore.join(', ')} without filtering on ${ignore.length === 1 ? 'it' : 'them'} (no record field of that name and type)`,
    )
  }
  notes.push(
    `${
      shape.envelope === 'array'
        ? 'a bare array'
        : typeof shape.envelope === 'object'
          ? `{ ${Object.values(shape.envelope)
              .filter((v) => v !== 'string' && v !== 'href')
              .join(', ')} }`
          : "hypermock's envelope"
    }, ${list.paging ?? 'page'} paging (${[params.cursor ?? params.offset ?? (list.paging === 'page' ? 'page' : undefined), params.perPage].filter(Boolean).join(', ') || 'page, perPage'})${filters.length > 0 ? `, filters on ${filters.join(', ')}` : ''}`,
  )
  return { list, itemSchema: shape.items, filters, notes }
}
