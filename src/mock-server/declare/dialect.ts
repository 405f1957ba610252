/**
 * An API's dialect: how it keys its records, wraps its lists and pages them. Our conventions are
 * the default (`id`, integers, hypermock's envelope, page paging); a declaration states what its
 * API does otherwise, once for the API and, where one resource differs, on that resource.
 */

/** A list's body as members of the API's naming (`{ data, has_more }`, `{ items, next_cursor }`). */
export interface ListEnvelope {
  /** The member that holds the page's records. */
  items: string
  /** The member that holds `self`, `next`, `prev` (and `first`, `last` for page paging). */
  links?: string
  /**
   * Links as plain URL strings, as `{ href }` objects, or as whole URLs (`url`: strings with the
   * request's origin where the API's base names none, for a schema whose links are `format:
   * uri`). @default 'href'
   */
  linkStyle?: 'string' | 'href' | 'url'
  /**
   * The links member's own names for the relations (`{ next: 'next_page', prev: 'prev_page' }`
   * gives `{ next_page, prev_page }`); relations not named here are left out of it. The `Link`
   * header always carries every relation. @default self, next, prev, first, last
   */
  linkNames?: Partial<
    Record<'self' | 'next' | 'prev' | 'first' | 'last', string>
  >
  /**
   * Members the links member holds beside the links (Twilio's `meta`: `{ page, page_size, key,
   * url, next_page_url, … }`): `page` the page's index counted from 0, `perPage` the page's size,
   * `itemsName` the name of the member that holds the records.
   */
  linksAlso?: LinksAlso
  /** The member that holds the number of matching records. */
  total?: string
  /** The member that holds the next page's cursor (`next_cursor`), `null` on the last page. */
  nextCursor?: string
  /**
   * The member that holds the next page as an object (`next_page: { offset, path, uri }`), `null`
   * on the last page: `cursor` names its member for the next page's cursor, `path` the one for its
   * path and query, `uri` the one for its whole URL.
   */
  nextPage?: NextPageMember
  /** The member that says whether more records follow (`has_more`). */
  hasMore?: string
  /**
   * The members that hold the key of the page's first and last record (OpenAI's `first_id` and
   * `last_id`): what a client sends back as `after` (the last) or `before` (the first) with
   * `after` paging. `null` on an empty page.
   */
  firstKey?: string
  lastKey?: string
  /**
   * What a member with nothing to hold answers (the next cursor or next page on the last page,
   * the first and last key of an empty page): `null`, or `'omit'` to leave it out, for an API
   * whose schema has no room for null. @default 'null'
   */
  absent?: 'null' | 'omit'
  /** The member that holds the page's number (`page`), where pages are numbered. */
  page?: string
  /** The member that holds the page's size, as the request got it (`per_page`, `limit`). */
  perPage?: string
  /** The member that holds the number of records skipped before the page (`offset`). */
  offset?: string
  /** The member that holds the number of pages (`total_pages`), where pages are numbered. */
  pages?: string
  /** The member that holds the list's own path, without its query (Stripe's `url`). */
  url?: string
  /** Members every list body carries, each with one value (Stripe's `{ object: 'list' }`). */
  constants?: Record<string, Scalar>
}

/** Members a list's links member holds beside the links, by their names. */
export interface LinksAlso {
  page?: string
  perPage?: string
  itemsName?: string
}

/** A list's next page as an object of its own (`{ offset, path, uri }`), by its members' names. */
export interface NextPageMember {
  member: string
  cursor?: string
  path?: string
  uri?: string
}

/** A JSON value that is not an object or an array. */
export type Scalar = string | number | boolean | null

/** The body media types the engine reads. */
export type BodyMediaType =
  | 'application/json'
  | 'application/x-www-form-urlencoded'
  | 'multipart/form-data'

/** What a delete answers with instead of 204: some members of the deleted record, and fixed ones. */
export interface DeletedAnswer {
  /** The deleted record's members it carries (`['id', 'object']`). */
  members: readonly string[]
  /** Members with one value each (`{ deleted: true }`). */
  constants?: Record<string, Scalar>
}

/** The query parameters a list reads, by the API's names. */
export interface PagingParams {
  page?: string
  perPage?: string
  offset?: string
  cursor?: string
  sort?: string
  /** `after` paging: the key of the record the page starts after. @default 'starting_after' */
  after?: string
  /** `after` paging: the key of the record the page ends before. @default 'ending_before' */
  before?: string
}

/**
 * How new keys are made: the next integer, a UUID v4, a short random string, one with a prefix,
 * or an IP address (`'ipv4'` from 198.18.0.0/15, `'ipv6'` from 2001:db8::/32, ranges set aside
 * for tests and documentation), for an API that keys records by their address.
 */
export type KeyGeneration =
  | 'integer'
  | 'uuid'
  | 'string'
  | 'ipv4'
  | 'ipv6'
  | { prefix: string }

/** How an API names its records in paths and bodies, and how it makes new keys. */
export interface KeyDialect {
  /**
   * The record's member that names it in paths, links and bodies (`gid`, `sid`, `username`). A
   * create may give it (a username); otherwise the server makes it. @default 'id'
   */
  member?: string
  /** The item path's parameter, as the API spells it (`Sid`). @default the member */
  param?: string
  /** @default 'integer' */
  generate?: KeyGeneration
}

/** How a list is paged. */
export type PagingStyle =
  /** `?page=2&perPage=20`: numbered pages. */
  | 'page'
  /** `?offset=40&limit=20`: rows skipped. */
  | 'offset'
  /** `?cursor=…`: an opaque cursor the previous page gave. */
  | 'cursor'
  /** `?starting_after=<key>` / `?ending_before=<key>`: the key of a record the client holds. */
  | 'after'
  /** Every record at once. */
  | 'none'

/** A paging style with the API's own parameter names and page size. */
export interface PagingDialect {
  style?: PagingStyle
  /** The query parameters' names. @default page, perPage, offset, cursor, starting_after, ending_before */
  params?: PagingParams
  /** @default 20 */
  defaultPerPage?: number
}

/**
 * How one record's body is wrapped in answers (and may be wrapped in requests): bare (`{ … }`),
 * in a member of the API's naming (`{ "data": { … } }`, `{ "team": { … } }`), or as the one
 * record of an array (`[{ … }]`).
 */
export type ItemEnvelope = 'bare' | 'array' | { member: string }

/**
 * How an API keys, wraps and pages its records where it differs from hypermock's conventions:
 * `defineApi({ dialect })` for every resource, `defineResource({ dialect })` for one.
 */
export interface Dialect {
  keys?: KeyDialect
  /** A list's body: hypermock's own, a bare array (paged by the `Link` header), or named members. */
  envelope?: 'hypermock' | 'array' | ListEnvelope
  paging?: PagingStyle | PagingDialect
  /**
   * One record's body, in the answers of read, create, replace, patch and delete: bare, in a
   * member, or in an array. A write's body may come wrapped the same way. @default 'bare'
   */
  item?: ItemEnvelope
  /**
   * The media types a write's body may come in: a create, a replace, an update and an action.
   * A form (`application/x-www-form-urlencoded`, as Stripe's SDK sends, or `multipart/form-data`)
   * is read into an object (`metadata[plan]=pro` nests), its strings read by the body schema's
   * types (`balance=100` is the integer 100). @default ['application/json']
   */
  bodies?: readonly BodyMediaType[]
  /**
   * What a delete answers: 200 with some members of the deleted record and fixed ones (Stripe's
   * `{ id, object, deleted: true }`), in the item envelope. @default 204, no body
   */
  deleted?: DeletedAnswer
}

/** A dialect with every choice made. */
export interface CompiledDialect {
  /** How new keys are made is the resource's to say first (its `id`), so it is left out here. */
  keys: { member: string; param: string }
  item: ItemEnvelope
  bodies: readonly BodyMediaType[]
  deleted: DeletedAnswer | undefined
  list: {
    envelope?: 'hypermock' | 'array' | ListEnvelope
    paging?: PagingStyle
    params?: PagingParams
    defaultPerPage?: number
  }
}

const NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/
/** A path parameter: what a route pattern (`:Sid`) and the description (`{Sid}`) both take. */
const PARAM = /^[A-Za-z_]\w{0,63}$/
const PREFIX = /^[A-Za-z0-9][A-Za-z0-9_-]{0,23}$/
const STYLES: readonly PagingStyle[] = [
  'page',
  'offset',
  'cursor',
  'after',
  'none',
]

type Issue = (path: string, message: string) => void

/**
 * Every mistake of a dialect, each with its place (`dialect.keys.member`); `members` are the
 * record's members where the dialect belongs to one resource (or to each, for the API's).
 */
export function checkDialect(
  dialect: unknown,
  at: string,
  issue: Issue,
  members?: readonly string[],
) {
  if (dialect === undefined) return
  if (typeof dialect !== 'object' || dialect === null) {
    issue(
      at,
      'must be an object: { keys, envelope, paging, item, bodies, deleted }',
    )
    return
  }
  const { keys, envelope, paging, item, bodies, deleted, ...rest } =
    dialect as Dialect
  for (const name of Object.keys(rest))
    issue(
      `${at}.${name}`,
      'is not a dialect option; use keys, envelope, paging, item, bodies or deleted',
    )
  checkBodies(bodies, `${at}.bodies`, issue)
  checkDeleted(deleted, `${at}.deleted`, issue, members)
  if (
    item !== undefined &&
    item !== 'bare' &&
    item !== 'array' &&
    !(
      typeof item === 'object' &&
      item !== null &&
      typeof item.member === 'string' &&
      NAME.test(item.member) &&
      Object.keys(item).length === 1
    )
  )
    issue(
      `${at}.item`,
      'must be "bare", "array" or { member } with a member name (such as { member: "data" })',
    )
  if (keys !== undefined) {
    if (typeof keys !== 'object' || keys === null)
      issue(`${at}.keys`, 'must be an object: { member, param, generate }')
    else {
      const { member, param, generate } = keys
      if (
        member !== undefined &&
        (typeof member !== 'string' || !NAME.test(member))
      )
        issue(
          `${at}.keys.member`,
          'must be a member name: a letter or "_", then letters, digits, "_" or "-"',
        )
      if (
        param !== undefined &&
        (typeof param !== 'string' || !PARAM.test(param))
      )
        issue(
          `${at}.keys.param`,
          'must be a path parameter name: a letter or "_", then letters, digits or "_"',
        )
      if (
        typeof member === 'string' &&
        members !== undefined &&
        !members.includes(member)
      )
        issue(
          `${at}.keys.member`,
          `names no member of the record; its members: ${members.join(', ')}`,
        )
      if (
        generate !== undefined &&
        !(['integer', 'uuid', 'string', 'ipv4', 'ipv6'] as unknown[]).includes(
          generate,
        ) &&
        !(
          typeof generate === 'object' &&
          generate !== null &&
          typeof generate.prefix === 'string' &&
          PREFIX.test(generate.prefix)
        )
      )
        issue(
          `${at}.keys.generate`,
          'must be "integer", "uuid", "string", "ipv4", "ipv6" or { prefix } with a prefix of letters, digits, "_" and "-" (such as "cus_")',
        )
    }
  }
  if (
    envelope !== undefined &&
    envelope !== 'hypermock' &&
    envelope !== 'array' &&
    !(
      typeof envelope === 'object' &&
      envelope !== null &&
      typeof envelope.items === 'string'
    )
  )
    issue(
      `${at}.envelope`,
      'must be "hypermock", "array" or { items, links?, total?, nextCursor?, hasMore? }',
    )
  const style = typeof paging === 'object' ? paging?.style : paging
  if (style !== undefined && !STYLES.includes(style))
    issue(
      `${at}.paging${typeof paging === 'object' ? '.style' : ''}`,
      `must be one of ${STYLES.join(', ')}`,
    )
  if (typeof envelope === 'object' && envelope !== null)
    checkEnvelopeMembers(envelope, `${at}.envelope`, issue, style)
  if (typeof paging === 'object' && paging !== null) {
    for (const [name, value] of Object.entries(paging.params ?? {}))
      if (typeof value !== 'string' || !NAME.test(value))
        issue(`${at}.paging.params.${name}`, 'must be a query parameter name')
    const size = paging.defaultPerPage
    if (
      size !== undefined &&
      !(Number.isInteger(size) && size >= 1 && size <= 100)
    )
      issue(`${at}.paging.defaultPerPage`, 'must be an integer from 1 to 100')
  }
}

const BODY_TYPES: readonly BodyMediaType[] = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
]

const isScalar = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value)

/** Members of one value each: names that are member names, values that are JSON scalars. */
function checkConstants(constants: unknown, at: string, issue: Issue) {
  if (constants === undefined) return
  if (
    typeof constants !== 'object' ||
    constants === null ||
    Array.isArray(constants)
  ) {
    issue(at, 'must be an object of members and their values')
    return
  }
  for (const [name, value] of Object.entries(constants)) {
    if (!NAME.test(name)) issue(`${at}.${name}`, 'must be a member name')
    if (!isScalar(value))
      issue(`${at}.${name}`, 'must be a string, a number, a boolean or null')
  }
}

function checkBodies(bodies: unknown, at: string, issue: Issue) {
  if (bodies === undefined) return
  if (!Array.isArray(bodies) || bodies.length === 0) {
    issue(at, `must list one or more of ${BODY_TYPES.join(', ')}`)
    return
  }
  bodies.forEach((type: unknown, i) => {
    if (!BODY_TYPES.includes(type as BodyMediaType))
      issue(`${at}[${i}]`, `must be one of ${BODY_TYPES.join(', ')}`)
  })
}

function checkDeleted(
  deleted: unknown,
  at: string,
  issue: Issue,
  members: readonly string[] | undefined,
) {
  if (deleted === undefined) return
  const answer = deleted as Partial<DeletedAnswer> | null
  if (typeof answer !== 'object' || answer === null) {
    issue(at, 'must be { members, constants? }')
    return
  }
  if (!Array.isArray(answer.members))
    issue(
      `${at}.members`,
      'must list the deleted record\'s members it answers with (such as ["id"])',
    )
  else
    answer.members.forEach((member: unknown, i) => {
      if (typeof member !== 'string' || !NAME.test(member))
        issue(`${at}.members[${i}]`, 'must be a member name')
      else if (members !== undefined && !members.includes(member))
        issue(
          `${at}.members[${i}]`,
          `names no member of the record; its members: ${members.join(', ')}`,
        )
    })
  checkConstants(answer.constants, `${at}.constants`, issue)
}

/** The envelope's member names, and those that only numbered pages have. */
function checkEnvelopeMembers(
  envelope: ListEnvelope,
  at: string,
  issue: Issue,
  style: PagingStyle | undefined,
) {
  const named = [
    'items',
    'links',
    'total',
    'nextCursor',
    'hasMore',
    'firstKey',
    'lastKey',
    'page',
    'perPage',
    'offset',
    'pages',
    'url',
  ] as const
  for (const name of named) {
    const value = envelope[name]
    if (value !== undefined && (typeof value !== 'string' || !NAME.test(value)))
      issue(`${at}.${name}`, 'must be a member name')
  }
  const also = envelope.linksAlso
  if (also !== undefined) {
    if (typeof also !== 'object' || also === null)
      issue(`${at}.linksAlso`, 'must be { page?, perPage?, itemsName? }')
    else {
      if (envelope.links === undefined)
        issue(
          `${at}.linksAlso`,
          'names members of the links member: name that member in links',
        )
      for (const [name, value] of Object.entries(also))
        if (!['page', 'perPage', 'itemsName'].includes(name))
          issue(
            `${at}.linksAlso.${name}`,
            'is not a member it holds; use page, perPage or itemsName',
          )
        else if (typeof value !== 'string' || !NAME.test(value))
          issue(`${at}.linksAlso.${name}`, 'must be a member name')
    }
  }
  if (
    envelope.absent !== undefined &&
    envelope.absent !== 'null' &&
    envelope.absent !== 'omit'
  )
    issue(
      `${at}.absent`,
      'must be "null" (the member holds null) or "omit" (the member is left out)',
    )
  const next = envelope.nextPage
  if (next !== undefined) {
    if (typeof next !== 'object' || next === null)
      issue(`${at}.nextPage`, 'must be { member, cursor?, path?, uri? }')
    else
      for (const name of ['member', 'cursor', 'path', 'uri'] as const) {
        const value = next[name]
        if (
          (value !== undefined || name === 'member') &&
          (typeof value !== 'string' || !NAME.test(value))
        )
          issue(`${at}.nextPage.${name}`, 'must be a member name')
      }
  }
  for (const name of ['page', 'pages'] as const)
    if (envelope[name] !== undefined && style !== undefined && style !== 'page')
      issue(
        `${at}.${name}`,
        `numbers pages, which "${style}" paging does not; use paging "page" or leave it out`,
      )
  checkConstants(envelope.constants, `${at}.constants`, issue)
}

/** The dialect a resource speaks: its own choices over the API's, the API's over ours. */
export function compileDialect(
  api: Dialect | undefined,
  own: Dialect | undefined,
): CompiledDialect {
  const keys = { ...api?.keys, ...own?.keys }
  const member = keys.member ?? 'id'
  const paging = (d: Dialect | undefined) =>
    typeof d?.paging === 'string' ? { style: d.paging } : (d?.paging ?? {})
  const { style, params, defaultPerPage } = {
    ...paging(api),
    ...paging(own),
  }
  const envelope = own?.envelope ?? api?.envelope
  return {
    item: own?.item ?? api?.item ?? 'bare',
    bodies: own?.bodies ?? api?.bodies ?? ['application/json'],
    deleted: own?.deleted ?? api?.deleted,
    keys: {
      member,
      // A resource that names its own key member names its own parameter too.
      param:
        own?.keys?.param ??
        (own?.keys?.member === undefined ? api?.keys?.param : undefined) ??
        (PARAM.test(member) ? member : 'id'),
    },
    list: {
      ...(envelope !== undefined && { envelope }),
      ...(style !== undefined && { paging: style }),
      ...(params !== undefined && { params }),
      ...(defaultPerPage !== undefined && { defaultPerPage }),
    },
  }
}
