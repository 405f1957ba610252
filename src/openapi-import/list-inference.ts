import type { LinksAlso } from '../mock-server/declare/dialect.ts'
import type {
  ListDeclaration,
  ListEnvelope,
} from '../mock-server/declare/types.ts'
import { pagingParameters } from '../common/paging-parameters.ts'
import { flatProperties, recordsMemberOf, successOf } from './openapi-reader.ts'
import { flatten, typeOf, type Json } from './schema-view.ts'

const {
  size: SIZE,
  cursor: CURSOR,
  total: TOTAL,
  sort: SORT,
} = pagingParameters

export interface InferredList {
  list: ListDeclaration
  /** The record schema of an item, as the list gives it. */
  itemSchema: unknown
  filters: string[]
  /** The fields the list sorts on, besides `id`. */
  sort: string[]
  notes: string[]
  /** The member the page is answered in, where the answer wraps it (`{ categories: { items, … } }`). */
  page?: string
}

const HAS_MORE = /^(has_?)?more$/i
/** OpenAI's `first_id` and `last_id`: the keys of the page's first and last record. */
const FIRST_KEY = /^first_?id$/i
const LAST_KEY = /^last_?id$/i
/** OpenAI's key paging: `?after=<last_id>` and `?before=<first_id>`. */
const AFTER_PARAM = 'after'
const BEFORE_PARAM = 'before'

/** Whether a schema takes null: `type: [..., 'null']`, `nullable`, or a null member of `anyOf`. */
function allowsNull(document: Json, schema: Json): boolean {
  const type = schema.type
  if (type === 'null' || schema.nullable === true) return true
  if (Array.isArray(type)) return type.includes('null')
  const members = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  return (
    Array.isArray(members) &&
    members.some((m) => allowsNull(document, flatten(document, m)))
  )
}
const NEXT_CURSOR = /^next_?(cursor|page_?token)$/i
/** Twilio's paging: `?PageSize=50&PageToken=…`, the token its next page's URL carries. */
const TOKEN = 'PageToken'
const TOKEN_SIZE = 'PageSize'
/** Stripe's paging: the key of the record a page starts after, or ends before. */
const AFTER_KEY = 'starting_after'
const BEFORE_KEY = 'ending_before'

type Relation = 'self' | 'next' | 'prev' | 'first' | 'last'
const RELATION: [Relation, RegExp][] = (
  [
    ['self', 'self'],
    ['next', 'next'],
    ['prev', 'prev(?:ious)?'],
    ['first', 'first'],
    ['last', 'last'],
  ] as const
).map(([rel, stem]) => [
  rel,
  new RegExp(`^${stem}(?:[_-]?page)?(?:[_-]?(?:url|link|href))?$`, 'i'),
])
/** A link member's relation; a links object's plain `url` is the page's own (Twilio's `meta`). */
const relationOf = (key: string) =>
  key === 'url'
    ? ('self' as const)
    : RELATION.find(([, pattern]) => pattern.test(key))?.[0]

/**
 * The members a links object holds beside its links (Twilio's `meta`: `page`, `page_size`, and
 * `key`, the name of the member holding the records); undefined where a member is none of them.
 */
function linksAlsoOf(
  inner: Record<string, Json>,
  keys: string[],
): LinksAlso | undefined {
  const also: LinksAlso = {}
  for (const key of keys) {
    const type = typeOf(inner[key]!)
    const integer = type === 'integer' || type === 'number'
    if (key === 'page' && integer) also.page = key
    else if ((SIZE.includes(key) || key === 'page_size') && integer)
      also.perPage = key
    else if (key === 'key' && type === 'string') also.itemsName = key
    else return undefined
  }
  return also
}

/**
 * The member that holds the list's links: `links` or `_links`, or an object all of whose members
 * name a relation (`pagination: { prev_page, next_page }`), with the relations' own names; beside
 * them, the page's index and size and the records' member name (`meta: { page, page_size, key }`).
 */
function linksMember(document: Json, properties: Record<string, Json>) {
  for (const [member, schema] of Object.entries(properties)) {
    if (
      typeOf(schema) !== 'object' &&
      member !== 'links' &&
      member !== '_links'
    )
      continue
    const inner = flatProperties(document, schema)
    const keys = Object.keys(inner)
    const standard = member === 'links' || member === '_links'
    const named = keys.map((key) => [relationOf(key), key] as const)
    const rels = named.filter(
      (pair): pair is [Relation, string] => pair[0] !== undefined,
    )
    const also = standard
      ? undefined
      : linksAlsoOf(
          inner,
          named.filter(([rel]) => !rel).map(([, key]) => key),
        )
    if (!standard && (rels.length === 0 || !also)) continue
    const sample =
      inner.self ?? inner.next ?? (rels[0] ? inner[rels[0][1]] : undefined)
    // Strings, whole URLs where the schema says `format: uri` (a relative link would break it).
    const style: 'string' | 'href' | 'url' =
      sample && typeOf(sample) === 'string'
        ? flatten(document, sample).format === 'uri'
          ? 'url'
          : 'string'
        : 'href'
    const linksAlso = also && Object.keys(also).length > 0 ? also : undefined
    const names = rels.every(([rel, key]) => rel === key)
      ? undefined
      : (Object.fromEntries(rels) as ListEnvelope['linkNames'])
    return {
      member,
      style,
      ...(names && { names }),
      ...(linksAlso && { also: linksAlso }),
    }
  }
  return undefined
}

/** `{ webhooks, pagination: { prev_page, next_page }, total }` */
function envelopeWords(envelope: ListEnvelope) {
  const links =
    envelope.links &&
    (envelope.linkNames
      ? `${envelope.links}: { ${Object.values(envelope.linkNames).join(', ')} }`
      : envelope.links)
  return `{ ${[envelope.items, links, envelope.total, envelope.hasMore, envelope.firstKey, envelope.lastKey, envelope.nextCursor].filter(Boolean).join(', ')} }`
}

/**
 * The one member of a list's answer that holds its whole page, where the answer has no array of
 * its own (Spotify's `{ categories: { href, items, limit, next, offset, previous, total } }`).
 */
export function pageMemberOf(document: Json, schema: Json): string | undefined {
  if (typeOf(schema) === 'array') return undefined
  const properties = flatProperties(document, schema)
  const names = Object.keys(properties)
  if (
    names.length !== 1 ||
    names.some((n) => typeOf(properties[n]!) === 'array')
  )
    return undefined
  const inner = flatProperties(document, properties[names[0]!]!)
  const records = recordsMemberOf(document, inner)
  // A page, not a record with an array of its own (Discourse's `{ category: { … } }`): every
  // other member says where the page is (its size, start, total, links or cursors).
  return records !== undefined &&
    Object.keys(inner).every((n) => n === records || PAGE_WORDS.test(n))
    ? names[0]
    : undefined
}

/** The members of a page besides its records (Spotify's paging object: `href`, `next`, `total`…). */
const PAGE_WORDS =
  /^(href|self|url|links|_links|limit|offset|total|total_?count|count|cursors?|next|prev(ious)?|has_?more|page|per_?page|page_?size)$/i

/** The envelope, from the list response's schema: a bare array, or the member holding the array. */
function envelopeOf(
  document: Json,
  schema: Json,
):
  | {
      envelope: NonNullable<ListDeclaration['envelope']>
      items: unknown
      page?: string
    }
  | undefined {
  if (typeOf(schema) === 'array')
    return { envelope: 'array', items: schema.items }
  const page = pageMemberOf(document, schema)
  if (page !== undefined) {
    const inner = envelopeOf(document, flatProperties(document, schema)[page]!)
    return inner && { ...inner, page }
  }
  const properties = flatProperties(document, schema)
  const names = Object.keys(properties)
  const arrayMember = recordsMemberOf(document, properties)
  if (!arrayMember) return undefined
  const items = properties[arrayMember]!.items
  if (
    arrayMember === 'items' &&
    ['page', 'perPage', 'total', '_links'].every((n) => names.includes(n))
  )
    return { envelope: 'hypermock', items }
  const envelope: ListEnvelope = { items: arrayMember }
  const links = linksMember(document, properties)
  if (links) {
    envelope.links = links.member
    envelope.linkStyle = links.style
    if (links.names) envelope.linkNames = links.names
    if (links.also) envelope.linksAlso = links.also
  }
  const total = names.find(
    (n) =>
      TOTAL.includes(n) &&
      ['integer', 'number'].includes(typeOf(properties[n]!) ?? ''),
  )
  if (total) envelope.total = total
  // `has_more: true`, `next_cursor: "…"`: what a cursor API's clients loop on.
  const hasMore = names.find(
    (n) => HAS_MORE.test(n) && typeOf(properties[n]!) === 'boolean',
  )
  if (hasMore) envelope.hasMore = hasMore
  const nextCursor = names.find(
    (n) => NEXT_CURSOR.test(n) && typeOf(properties[n]!) === 'string',
  )
  if (nextCursor) envelope.nextCursor = nextCursor
  const string = (n: string) => typeOf(properties[n]!) === 'string'
  const firstKey = names.find((n) => FIRST_KEY.test(n) && string(n))
  const lastKey = names.find((n) => LAST_KEY.test(n) && string(n))
  if (firstKey && lastKey) {
    envelope.firstKey = firstKey
    envelope.lastKey = lastKey
  }
  // `{ limit, offset }` beside the records: the page's size and start, as the request got them.
  const integer = (n: string) =>
    ['integer', 'number'].includes(typeOf(properties[n]!) ?? '')
  const perPage = names.find((n) => SIZE.includes(n) && integer(n))
  if (perPage) envelope.perPage = perPage
  if (names.includes('offset') && integer('offset')) envelope.offset = 'offset'
  const nextPage = nextPageOf(document, properties)
  if (nextPage) envelope.nextPage = nextPage
  // Members that may have nothing to hold, whose schema has no room for null: left out then.
  const absentable = [
    envelope.nextCursor,
    envelope.nextPage?.member,
    envelope.firstKey,
    envelope.lastKey,
  ].filter((n): n is string => n !== undefined)
  if (absentable.some((n) => !allowsNull(document, properties[n]!)))
    envelope.absent = 'omit'
  // Stripe's `url` (the list's own path) and `object: "list"` (one value every list carries).
  if (properties.url && typeOf(properties.url) === 'string')
    envelope.url = 'url'
  const constants: Record<string, string | number | boolean | null> = {}
  for (const name of names) {
    const member = properties[name]!
    // A list's `object` member drawn as a plain string whose example or default is "list"
    // (OpenAI's `{ object: "list", data, first_id, last_id, has_more }`) names the list's kind.
    const kind =
      name === 'object' && typeOf(member) === 'string'
        ? ([member.default, member.example].find((v) => v === 'list') ??
          (listsSayList(document) ? 'list' : undefined))
        : undefined
    const fixed = Array.isArray(member.enum)
      ? member.enum.length === 1
        ? member.enum[0]
        : undefined
      : (member.const ?? kind)
    if (
      name !== arrayMember &&
      (fixed === null || ['string', 'number', 'boolean'].includes(typeof fixed))
    )
      constants[name] = fixed as string | number | boolean | null
  }
  if (Object.keys(constants).length > 0) envelope.constants = constants
  return { envelope, items }
}

const sayList = new WeakMap<Json, boolean>()

/**
 * Whether the description's lists fix `object: "list"` (OpenAI's do, in every list schema but a
 * few that leave it a plain string): then those few mean it too. Two or more such lists decide.
 */
function listsSayList(document: Json): boolean {
  const known = sayList.get(document)
  if (known !== undefined) return known
  const schemas = ((document.components as Json | undefined)?.schemas ??
    {}) as Record<string, Json>
  let lists = 0
  for (const schema of Object.values(schemas)) {
    const properties = (schema.properties ?? {}) as Record<string, Json>
    const object = properties.object
    if (
      object &&
      Array.isArray(object.enum) &&
      object.enum.length === 1 &&
      object.enum[0] === 'list' &&
      properties.data !== undefined
    )
      lists++
  }
  sayList.set(document, lists >= 2)
  return lists >= 2
}

/**
 * The member that holds the next page as an object (`next_page: { offset, path, uri }`): named
 * for the next page, with a member for its cursor and one for its path or URL.
 */
function nextPageOf(
  document: Json,
  properties: Record<string, Json>,
): NonNullable<ListEnvelope['nextPage']> | undefined {
  for (const [member, schema] of Object.entries(properties)) {
    if (!/^next_?page$/i.test(member) || typeOf(schema) !== 'object') continue
    const inner = flatProperties(document, schema)
    const names = Object.keys(inner)
    const cursor = names.find(
      (n) =>
        (n === 'offset' || CURSOR.includes(n)) &&
        typeOf(inner[n]!) === 'string',
    )
    const path = names.find((n) => n === 'path')
    const uri = names.find((n) => n === 'uri' || n === 'url' || n === 'href')
    if (cursor && (path || uri))
      return {
        member,
        cursor,
        ...(path && { path }),
        ...(uri && { uri }),
      }
  }
  return undefined
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
  // A cursor the next page object carries (`next_page.offset`) is the query parameter of that name.
  const pageCursor =
    typeof shape.envelope === 'object'
      ? shape.envelope.nextPage?.cursor
      : undefined
  const cursor =
    names.find((n) => CURSOR.includes(n) || n === TOKEN) ??
    (pageCursor && names.includes(pageCursor) ? pageCursor : undefined)
  const size = names.find((n) => SIZE.includes(n) || n === TOKEN_SIZE)
  const keyed =
    typeof shape.envelope === 'object' && shape.envelope.lastKey !== undefined
  if (cursor === AFTER_KEY) {
    list.paging = 'after'
    params.after = AFTER_KEY
    if (names.includes(BEFORE_KEY)) params.before = BEFORE_KEY
  } else if (keyed && names.includes(AFTER_PARAM)) {
    // A list that answers its last record's key pages from that key: `?after=<last_id>`.
    list.paging = 'after'
    params.after = AFTER_PARAM
    if (names.includes(BEFORE_PARAM)) params.before = BEFORE_PARAM
  } else if (cursor) {
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
  const sortName = names.find((n) => SORT.includes(n))
  const sort = sortName
    ? sortFields(
        document,
        query.find((p) => p.name === sortName)!.schema,
        recordFields,
      )
    : undefined
  if (sortName && sortName !== 'sort') params.sort = sortName
  if (Object.keys(params).length > 0) list.params = params
  const used = new Set([
    cursor,
    size,
    'page',
    'offset',
    sortName,
    ...(list.paging === 'after' ? [params.after, params.before] : []),
  ])
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
  const words =
    shape.envelope === 'array'
      ? 'a bare array'
      : typeof shape.envelope === 'object'
        ? envelopeWords(shape.envelope)
        : "hypermock's envelope"
  notes.push(
    `${shape.page ? `{ ${shape.page}: ${words} }` : words}, ${list.paging ?? 'page'} paging (${[params.cursor ?? params.after ?? params.offset ?? (list.paging === 'page' ? 'page' : undefined), params.perPage].filter(Boolean).join(', ') || 'page, perPage'})${filters.length > 0 ? `, filters on ${filters.join(', ')}` : ''}`,
  )
  const sortable = sort ?? (sortName ? filters : [])
  if (sortName)
    notes.push(
      sortable.length > 0
        ? `sorts by ${sortName}=${sortable.join(', ')} (a leading - for descending, commas between keys)`
        : `accepts ${sortName}, sorting by id only (no record field it names)`,
    )
  return {
    list,
    itemSchema: shape.items,
    filters,
    sort: sortable,
    notes,
    ...(shape.page && { page: shape.page }),
  }
}

/** The fields a sort parameter's enum names (`-total` and `total` alike), where it has one. */
function sortFields(
  document: Json,
  schema: unknown,
  recordFields: Record<string, Json>,
): string[] | undefined {
  const flat = flatten(document, schema)
  const values = (
    typeOf(flat) === 'array' ? flatten(document, flat.items) : flat
  ).enum
  if (!Array.isArray(values)) return undefined
  const fields = values
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.replace(/^[-+]/, ''))
    .filter((f) => f !== 'id' && recordFields[f] !== undefined)
  return [...new Set(fields)]
}
