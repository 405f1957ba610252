import { headerValue, type Exchange } from './exchange.ts'
import {
  addObject,
  emptyShape,
  enumValues,
  type ObjectShape,
  type Shape,
} from './infer-schema.ts'
import { isObject } from '../common/is-object.ts'
import { pagingParameters } from '../common/paging-parameters.ts'
import { mediaTypes } from '../common/media-types.ts'
import { decodeSegment, inferKeys, type InferredKey } from './infer-keys.ts'

type Json = Record<string, unknown>
export type IdKind = 'integer' | 'uuid' | 'string'

export interface InferredList {
  envelope:
    | 'hypermock'
    | 'array'
    | {
        items: string
        links?: string
        linkStyle?: 'string' | 'href'
        total?: string
      }
  paging: 'page' | 'offset' | 'cursor'
  params: Record<string, string>
  defaultPerPage: number
  /** Members of the backend's envelope hypermock does not reproduce. */
  dropped: string[]
  /** The backend answered a bare array when no paging parameter was sent, the envelope else. */
  unpaged?: 'array'
}

export interface InferredTransition {
  /** The link relation the backend named it by, else its path segment. */
  name: string
  /** The route's last segment: `/{collection}/{id}/{path}`. */
  path: string
  title?: string
  from: string[]
  to: string
  samples: number
}

export interface InferredResource {
  name: string
  /** Exchanges it was inferred from. */
  exchanges: number
  idKind: IdKind
  /** The member that keys its records, and what the recording showed of it. */
  key: ResourceKey
  record: ObjectShape
  /** Create bodies, when creates were seen. */
  createInput: ObjectShape | null
  createStatus: number | null
  /** Record members no create body gave and the server did not set by convention: their usual value. */
  createDefaults: Record<string, unknown>
  replaceStatus: number | null
  /** Replace bodies, when replaces were seen. */
  replaceInput: ObjectShape | null
  /** PATCH was seen to succeed on its items. */
  patch: boolean
  /** The media types those PATCHes were sent with (`application/json` where the app sent that). */
  patchTypes: string[]
  deleteStatus: number | null
  list: InferredList | null
  filters: string[]
  relations: { name: string; field: string; to: string; nested: boolean }[]
  /** Nested lists by a rule of their own: the child's rows whose `fields` (any) name the parent. */
  collections: { name: string; of: string; fields: string[] }[]
  /** String members read as a closed set across resources (a `currency` is one everywhere). */
  enums: Record<string, string[]>
  state: {
    field: string
    values: string[]
    initial: string
    transitions: InferredTransition[]
    replaceIn?: string[]
    deleteIn?: string[]
  } | null
  /** Whether its records carried `_links` (else it is served without them). */
  links: boolean
  seed: Json[]
  /** Ids of the records the recording created: left out of the seed. */
  created: string[]
}

/** The member that keys a resource's records: `id` unless the item paths named another. */
export interface ResourceKey {
  member: string
  /** Keys such as `cus_NffrFeUfNV2Hib`: the part every key began with. */
  prefix?: string
  /** Who makes a new key: the server, or the client in its create (a username). */
  madeBy: 'server' | 'client' | 'unknown'
  /** The evidence, for the report; absent where no item request was seen (keyed by `id`). */
  inferred?: InferredKey
}

/** The credential scheme the traffic used: Bearer, Basic, an API key, or none. */
export type InferredAuth =
  | 'bearer'
  | 'basic'
  | false
  | {
      type: 'apiKey'
      in: 'header' | 'query' | 'cookie'
      name: string
      prefix?: string
    }

/** Header and query parameter names that carry an API key. */
const API_KEY_NAME =
  /^(x-)?(api[-_]?key|apikey|auth[-_]?token|access[-_]?token|token|key)$/i

export interface InferredProblem {
  slug: string
  status: number
  title: string
  /** One occurrence's `detail`, as a start for its documentation. */
  detail: string
  /** Extension members seen on it, beyond RFC 9457's own. */
  members: string[]
}

export interface InferredApi {
  name: string
  description?: string
  /** Problem types of the backend's own (problem documents whose type no built-in one names). */
  problems: InferredProblem[]
  origin: string
  base: string
  /** How requests sent their credential, as `auth` of a declaration states it. */
  auth: InferredAuth
  resources: InferredResource[]
  /** What inference left out, and why: one line each. */
  notes: string[]
}

const RFC9457 = new Set([
  'type',
  'title',
  'status',
  'detail',
  'instance',
  'requestId',
  'errors',
])
const SERVER_FIELDS = new Set(['id', 'createdAt', 'updatedAt', 'version'])
const LINK_MEMBERS = new Set(['_links', '_embedded'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const STATE_NAMES = /^(status|state|phase|stage)$/i

const ID_ONLY: ReadonlySet<string> = new Set(['id'])
/** An object that holds a key: `id`, or a member inference found keying some collection. */
const isRecord = (v: unknown, keyed = ID_ONLY): v is Json =>
  isObject(v) &&
  [...keyed].some(
    (member) => typeof v[member] === 'number' || typeof v[member] === 'string',
  )
/** A record's key by its collection's member, as text (a path segment decoded). */
const keyText = (record: Json, member: string): string | undefined => {
  const value = record[member]
  return typeof value === 'number' || typeof value === 'string'
    ? String(value)
    : undefined
}
const strip = (record: Json): Json =>
  Object.fromEntries(
    Object.entries(record).filter(([k]) => !LINK_MEMBERS.has(k)),
  )
const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '')
const isApiBody = (type: string | null) => type === null || /json/i.test(type)

function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`
  if (/(ss|x|ch|sh)es$/.test(name)) return name.slice(0, -2)
  if (name.endsWith('s')) return name.slice(0, -1)
  return name
}

/** The records a list's body holds, and the member that holds them (`null` for a bare array). */
function listRecords(
  body: unknown,
  keyed = ID_ONLY,
): { member: string | null; records: Json[] } | null {
  if (Array.isArray(body))
    return body.every(isObject)
      ? { member: null, records: body as Json[] }
      : null
  if (!isObject(body)) return null
  let found: { member: string; records: Json[] } | null = null
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value) || !value.every(isObject)) continue
    const records = value as Json[]
    // Prefer the member of records with ids; an empty array only when nothing better exists.
    if (records.some((r) => isRecord(r, keyed))) return { member: key, records }
    if (found === null && ['items', 'data', 'results', 'records'].includes(key))
      found = { member: key, records }
  }
  return found
}

const {
  page: PAGE,
  size: PER_PAGE,
  offset: OFFSET,
  cursor: CURSOR,
  sort: SORT,
} = pagingParameters

interface Observation {
  at: number
  record: Json
}

interface Collection {
  name: string
  path: string
  /** The member that keys its records. */
  key: string
  /** Every member that keys some collection: what tells a record in a list. */
  keyed: ReadonlySet<string>
  exchanges: Exchange[]
  records: Map<string, Observation[]>
  createdIds: Set<string>
  deletedIds: Set<string>
  listBodies: { body: unknown; query: URLSearchParams; link: string | null }[]
  createBodies: Json[]
  /** Creates by `PUT` on an item the client named. */
  putCreates: number
  createStatuses: number[]
  replaceStatuses: number[]
  replaceBodies: Json[]
  /** Successful PATCHes of an item: served as JSON Merge Patch. */
  patches: number
  /** Bodies of successful PATCHes: the members a client may change alone. */
  patchBodies: Json[]
  /** The media types successful PATCHes were sent with. */
  patchTypes: Set<string>
  /** Numbers a write was refused for with 422 naming their top-level member, by member. */
  refusedNumbers: Map<string, number[]>
  /** Replaces and deletes with the item they named, to tell in which states they are allowed. */
  writes: { method: 'PUT' | 'DELETE'; at: number; id: string; status: number }[]
  deleteStatuses: number[]
  actions: Map<
    string,
    { at: number; id: string; status: number; body: unknown }[]
  >
  nestedSeen: Set<string>
  /** Action links seen on records: path segment → { rel, title }. */
  actionLinks: Map<string, { rel: string; title?: string }>
  /** Records whose links offered an action, by the action's path segment (a few hundred each). */
  actionOffers: Map<string, Record<string, unknown>[]>
  /** Records with their `_links`, to read relations from (a few hundred at most). */
  linkSamples: { record: Json; links: Json }[]
  /** Nested lists read below its items: `/accounts/1/transfers`. */
  nestedLists: { name: string; parentId: string; records: Json[] }[]
}

/**
 * Reads a resource model from recorded exchanges: collections and items from paths and bodies,
 * schemas from every sample, the list's envelope and paging, relations from `…Id` members, state
 * fields and transitions from what actions changed. What it cannot read is a note, never a guess.
 */
export function inferApi(
  all: readonly Exchange[],
  options: {
    origin?: string
    name?: string
    /** Problem type slugs the engine answers with itself: not declared again. */
    builtInProblems?: ReadonlySet<string>
  } = {},
): InferredApi {
  const notes: string[] = []
  const byOrigin = new Map<string, number>()
  for (const e of all)
    if (isApiBody(e.responseContentType) || e.method !== 'GET')
      byOrigin.set(e.url.origin, (byOrigin.get(e.url.origin) ?? 0) + 1)
  const origin =
    options.origin ??
    [...byOrigin].sort((a, b) => b[1] - a[1])[0]?.[0] ??
    'http://localhost'
  const others = [...byOrigin.keys()].filter((o) => o !== origin)
  if (others.length > 0)
    notes.push(
      `left out requests to ${others.length} other origin(s): ${others.slice(0, 5).join(', ')}`,
    )

  let controlCount = 0
  let documents = new Set<string>()
  const exchanges = all.filter((e) => {
    if (e.url.origin !== origin) return false
    if (e.url.pathname.startsWith('/__mock')) {
      controlCount++
      return false
    }
    if (
      !isApiBody(e.responseContentType) &&
      !(e.method === 'DELETE' && e.status < 300)
    )
      return false
    const last = segmentsOf(e.url.pathname).at(-1) ?? ''
    if (/\.[a-z0-9]+$/i.test(last) && !/^\d+$/.test(last)) {
      documents.add(e.url.pathname)
      return false
    }
    return true
  })
  if (controlCount > 0)
    notes.push(
      `left out ${controlCount} request(s) to a mock's control API (/__mock)`,
    )
  if (documents.size > 0)
    notes.push(
      `left out documents, not resources: ${[...documents].slice(0, 5).join(', ')}`,
    )
  documents = new Set()

  // Keys: the member each collection's item paths named (`id` unless another fitted).
  const keys = inferKeys(exchanges)
  const keyOf = (name: string) => keys.get(name)?.member ?? 'id'
  const keyed: ReadonlySet<string> = new Set([
    'id',
    ...[...keys.values()].map((k) => k.member),
  ])
  // Ids: every id a response listed or answered, and every segment a key was found to name, to
  // tell an item's segment from a collection's.
  const knownIds = new Set<string>()
  for (const e of exchanges) {
    const list = listRecords(e.responseBody, keyed)
    for (const r of list?.records ?? [])
      if (isRecord(r)) knownIds.add(String(r.id))
    if (isRecord(e.responseBody)) knownIds.add(String(e.responseBody.id))
  }
  // A key of another member names items only of its own collection: its segments and listed keys.
  for (const key of keys.values())
    if (!key.fallback && key.member !== 'id') {
      for (const raw of key.segments) knownIds.add(raw)
      for (const value of key.values) knownIds.add(encodeURIComponent(value))
    }
  const isId = (segment: string) =>
    /^\d+$/.test(segment) ||
    UUID.test(segment) ||
    knownIds.has(segment) ||
    knownIds.has(decodeSegment(segment))
  const template = (path: string) =>
    segmentsOf(path).map((s) => (isId(s) ? '{id}' : s))

  // Collections: a noun followed by an id somewhere, or a GET answering a list of records.
  const collectionPaths = new Set<string>()
  for (const e of exchanges) {
    const t = template(e.url.pathname)
    for (let i = 0; i < t.length; i++) {
      if (
        t[i] === '{id}' &&
        i > 0 &&
        t[i - 1] !== '{id}' &&
        !t.slice(0, i - 1).includes('{id}')
      )
        collectionPaths.add(t.slice(0, i).join('/'))
    }
    if (!t.includes('{id}') && t.length > 0) {
      const listed =
        e.method === 'GET' &&
        e.status < 300 &&
        listRecords(e.responseBody, keyed)
      const created =
        e.method === 'POST' && e.status < 300 && isRecord(e.responseBody, keyed)
      if (listed || created) collectionPaths.add(t.join('/'))
    }
  }
  const tops = [...collectionPaths]
  if (tops.length === 0) {
    notes.push(
      'found no collection: no path answered a list of records or had an id below it',
    )
    return {
      name: options.name ?? `Recorded from ${origin}`,
      problems: [],
      origin,
      base: '/',
      auth: false,
      resources: [],
      notes,
    }
  }
  // The base: the segments every collection shares before its own name.
  const parents = tops.map((p) => p.split('/').slice(0, -1))
  let baseSegments = parents[0]!
  for (const parent of parents) {
    let i = 0
    while (i < baseSegments.length && parent[i] === baseSegments[i]) i++
    baseSegments = baseSegments.slice(0, i)
  }
  const base = `/${baseSegments.join('/')}`
  const depth = baseSegments.length

  const collections = new Map<string, Collection>()
  for (const path of tops) {
    const parts = path.split('/')
    if (parts.length !== depth + 1) continue
    const name = parts[depth]!
    collections.set(name, {
      name,
      path,
      key: keyOf(name),
      keyed,
      exchanges: [],
      records: new Map(),
      createdIds: new Set(),
      deletedIds: new Set(),
      listBodies: [],
      createBodies: [],
      putCreates: 0,
      createStatuses: [],
      replaceStatuses: [],
      replaceBodies: [],
      patches: 0,
      patchBodies: [],
      patchTypes: new Set(),
      refusedNumbers: new Map(),
      writes: [],
      deleteStatuses: [],
      actions: new Map(),
      nestedSeen: new Set(),
      actionLinks: new Map(),
      actionOffers: new Map(),
      linkSamples: [],
      nestedLists: [],
    })
  }

  let auth: InferredAuth = false
  const otherSchemes = new Set<string>()
  const errorShapes = new Map<string, number>()
  const leftOut = new Map<string, number>()
  const problems = new Map<string, InferredProblem>()
  const observe = (c: Collection, at: number, value: unknown) => {
    if (!isObject(value) || keyText(value, c.key) === undefined) return
    if (isObject(value._links) && c.linkSamples.length < 500)
      c.linkSamples.push({ record: value, links: value._links })
    if (isObject(value._links))
      for (const [rel, link] of Object.entries(value._links)) {
        if (
          !isObject(link) ||
          link.method !== 'POST' ||
          typeof link.href !== 'string'
        )
          continue
        const verb = segmentsOf(link.href.replace(/^[a-z]+:\/\/[^/]+/i, '')).at(
          -1,
        )
        if (verb) {
          const offers = c.actionOffers.get(verb) ?? []
          if (offers.length < 500) offers.push(value)
          c.actionOffers.set(verb, offers)
        }
        if (verb && !c.actionLinks.has(verb))
          c.actionLinks.set(verb, {
            rel,
            ...(typeof link.title === 'string' && { title: link.title }),
          })
      }
    const id = keyText(value, c.key)!
    const list = c.records.get(id) ?? []
    list.push({ at, record: strip(value) })
    c.records.set(id, list)
  }

  let rootBody: Json | undefined
  exchanges.forEach((e, at) => {
    if (
      e.method === 'GET' &&
      e.status === 200 &&
      segmentsOf(e.url.pathname).join('/') === baseSegments.join('/') &&
      isObject(e.responseBody)
    )
      rootBody ??= e.responseBody
    const seen = authOf(e)
    if (auth === false) auth = seen
    else if (seen !== false && authWords(seen) !== authWords(auth))
      otherSchemes.add(authWords(seen))
    if (e.status >= 400) {
      const type = (e.responseContentType ?? 'none').split(';')[0]!.trim()
      if (type === mediaTypes.problem && isObject(e.responseBody)) {
        const body = e.responseBody
        const slug =
          typeof body.type === 'string'
            ? segmentsOf(body.type.replace(/^[a-z]+:\/\/[^/]+/i, '')).at(-1)
            : undefined
        if (
          slug &&
          /^[a-z][a-z0-9-]*$/.test(slug) &&
          !options.builtInProblems?.has(slug) &&
          !problems.has(slug)
        )
          problems.set(slug, {
            slug,
            status: e.status,
            title: typeof body.title === 'string' ? body.title : slug,
            detail: typeof body.detail === 'string' ? body.detail : '',
            members: Object.keys(body).filter((k) => !RFC9457.has(k)),
          })
      } else if (type !== mediaTypes.problem) {
        const key = `${e.status} ${type}`
        errorShapes.set(key, (errorShapes.get(key) ?? 0) + 1)
      }
    }
    const t = template(e.url.pathname)
    const rest = t.slice(depth)
    const c = collections.get(rest[0] ?? '')
    if (!c || t.slice(0, depth).join('/') !== baseSegments.join('/')) {
      if (rest.length > 0 || e.method !== 'GET') {
        const key = `${e.method} /${t.join('/')}`
        leftOut.set(key, (leftOut.get(key) ?? 0) + 1)
      }
      return
    }
    c.exchanges.push(e)
    const ok = e.status >= 200 && e.status < 300
    if (e.status === 422 && e.method !== 'GET') noteRefusedNumbers(c, e)
    const segment = segmentsOf(e.url.pathname)[depth + 1]
    const id = segment === undefined ? undefined : decodeSegment(segment)
    if (rest.length === 1) {
      if (e.method === 'GET' && ok) {
        const list = listRecords(e.responseBody, keyed)
        if (list) {
          c.listBodies.push({
            body: e.responseBody,
            query: e.url.searchParams,
            link: headerValue(e.responseHeaders, 'link'),
          })
          for (const r of list.records) observe(c, at, r)
        }
      } else if (e.method === 'POST' && ok) {
        if (isObject(e.requestBody)) c.createBodies.push(e.requestBody)
        c.createStatuses.push(e.status)
        observe(c, at, e.responseBody)
        const made = isObject(e.responseBody)
          ? keyText(e.responseBody, c.key)
          : undefined
        if (made !== undefined) c.createdIds.add(made)
      }
      return
    }
    if (rest.length === 2 && rest[1] === '{id}' && id !== undefined) {
      if (e.method === 'GET' && ok) observe(c, at, e.responseBody)
      if (e.method === 'PUT' || e.method === 'DELETE')
        c.writes.push({ method: e.method, at, id, status: e.status })
      // A PUT answered 201 created the record under the key the client chose: a create.
      if (e.method === 'PUT' && e.status === 201) {
        c.createdIds.add(id)
        c.putCreates++
        if (isObject(e.requestBody)) c.createBodies.push(e.requestBody)
        c.createStatuses.push(e.status)
        observe(c, at, e.responseBody)
      } else if (e.method === 'PUT' && ok) {
        c.replaceStatuses.push(e.status)
        if (isObject(e.requestBody)) c.replaceBodies.push(e.requestBody)
        observe(c, at, e.responseBody)
      }
      if (e.method === 'PATCH' && ok) {
        c.patches++
        if (isObject(e.requestBody)) c.patchBodies.push(e.requestBody)
        const type = e.requestContentType?.split(';')[0]?.trim().toLowerCase()
        if (type) c.patchTypes.add(type)
        observe(c, at, e.responseBody)
      }
      if (e.method === 'DELETE' && ok) {
        c.deleteStatuses.push(e.status)
        c.deletedIds.add(id)
      }
      return
    }
    if (rest.length === 3 && rest[1] === '{id}' && id !== undefined) {
      const verb = rest[2]!
      if (e.method === 'GET') {
        c.nestedSeen.add(verb)
        if (ok && collections.has(verb)) {
          const list = listRecords(e.responseBody, keyed)
          for (const r of list?.records ?? [])
            observe(collections.get(verb)!, at, r)
          if (list)
            c.nestedLists.push({
              name: verb,
              parentId: id,
              records: list.records,
            })
        }
        return
      }
      if (e.method === 'POST') {
        const list = c.actions.get(verb) ?? []
        list.push({ at, id, status: e.status, body: e.responseBody })
        c.actions.set(verb, list)
        // An action that answers with the record itself is an observation of it.
        if (
          ok &&
          isObject(e.responseBody) &&
          keyText(e.responseBody, c.key) === id
        )
          observe(c, at, e.responseBody)
        return
      }
    }
    const key = `${e.method} /${t.join('/')}`
    leftOut.set(key, (leftOut.get(key) ?? 0) + 1)
  })

  if (otherSchemes.size > 0)
    notes.push(
      `credentials were also sent as ${[...otherSchemes].join(', ')}: the mock takes only ${authWords(auth)}, the first seen`,
    )
  for (const [shape, count] of errorShapes)
    notes.push(
      `the backend answered ${count} error(s) as ${shape}, not application/problem+json: the mock answers problem documents`,
    )
  for (const [what, count] of leftOut)
    notes.push(
      `left out ${what} (${count} request(s)): not a collection, an item, an action or a nested list`,
    )

  const resources: InferredResource[] = []
  for (const c of collections.values()) {
    const fallback = keys.get(c.name)
    if (fallback?.fallback && c.records.size === 0)
      notes.push(
        `${c.path}: no member equals the path segment in every item request${fallback.nearest ? ` (${fallback.nearest.member} in ${fallback.nearest.matched} of ${fallback.requests})` : ''}, so its records were read as keyed by id, as by default`,
      )
    if (c.records.size === 0) {
      notes.push(
        `left out ${c.path}: no record with ${c.key === 'id' ? 'an id' : `a ${c.key}`} was seen`,
      )
      continue
    }
    resources.push(inferResource(c, collections, notes, keys))
  }
  const names = new Set(resources.map((r) => r.name))
  for (const r of resources)
    r.relations = r.relations.filter((rel) => names.has(rel.to))
  nestedCollections(collections, resources, notes)
  pooledEnums(resources)
  for (const r of resources) dropDanglingSeed(r, resources, notes)
  notes.push(
    'ownership is not inferred: every caller sees every row (declare `owner` and `tokens` to change that)',
  )
  return {
    name:
      options.name ??
      (typeof rootBody?.name === 'string' ? rootBody.name : undefined) ??
      `Recorded from ${origin}`,
    problems: [...problems.values()],
    ...(typeof rootBody?.description === 'string' && {
      description: rootBody.description,
    }),
    origin,
    base,
    auth,
    resources,
    notes,
  }
}

/**
 * The scheme a request's credential shows: an `Authorization` header (Bearer, Basic, or another
 * word such as `Token token=`, read as an API key with that prefix), else a header or query
 * parameter named like an API key.
 */
function authOf(e: Exchange): InferredAuth {
  const authorization = headerValue(e.requestHeaders, 'authorization')
  if (authorization !== null) {
    const word = authorization.split(/\s/)[0] ?? ''
    if (/^bearer$/i.test(word)) return 'bearer'
    if (/^basic$/i.test(word)) return 'basic'
    const prefix = /^[A-Za-z][\w.-]*\s+(?:[A-Za-z_]+=)?/.exec(
      authorization,
    )?.[0]
    if (prefix)
      return {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        prefix: prefix.replace(/\s+/, ' '),
      }
  }
  const header = e.requestHeaders.find((h) => API_KEY_NAME.test(h.name))
  if (header) return { type: 'apiKey', in: 'header', name: header.name }
  const param = [...e.url.searchParams.keys()].find((k) => API_KEY_NAME.test(k))
  if (param) return { type: 'apiKey', in: 'query', name: param }
  return false
}

/** `Bearer`, `Basic`, `X-API-Key header`, `Authorization: Token token=`, `api_key query parameter`. */
export function authWords(auth: InferredAuth) {
  if (auth === false) return 'no credential'
  if (auth === 'bearer') return 'Bearer tokens'
  if (auth === 'basic') return 'HTTP Basic'
  return auth.in === 'header'
    ? `an API key in ${auth.name}${auth.prefix ? ` (${auth.prefix}<key>)` : ''}`
    : `an API key in the ${auth.name} ${auth.in === 'query' ? 'query parameter' : 'cookie'}`
}

/**
 * The part every string key begins with, where keys are a prefix and letters and digits
 * (`cus_NffrFeUfNV2Hib`) and the engine can make such keys: a prefix of letters, digits, `_`, `-`.
 */
function keyPrefix(ids: readonly unknown[]): string | undefined {
  const prefixes = ids.map((id) =>
    typeof id === 'string'
      ? /^([A-Za-z][A-Za-z0-9]{0,22}[_-])[A-Za-z0-9]{6,}$/.exec(id)?.[1]
      : undefined,
  )
  const first = prefixes[0]
  return first !== undefined && prefixes.every((p) => p === first)
    ? first
    : undefined
}

function idKindOf(ids: readonly unknown[]): IdKind {
  if (ids.every((id) => typeof id === 'number' && Number.isInteger(id)))
    return 'integer'
  if (ids.every((id) => typeof id === 'string' && UUID.test(id))) return 'uuid'
  return 'string'
}

const mostCommon = <T>(values: readonly T[]): T | undefined => {
  const counts = new Map<T, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0]
}

function inferList(c: Collection): InferredList | null {
  if (c.listBodies.length === 0) return null
  const params: Record<string, string> = {}
  let paging: InferredList['paging'] = 'page'
  const seen = new Set<string>()
  for (const { query, link } of c.listBodies) {
    for (const key of query.keys()) seen.add(key)
    const next = link && /<([^>]+)>\s*;[^,]*rel="?next"?/.exec(link)?.[1]
    if (next) {
      try {
        for (const key of new URL(next, 'http://x').searchParams.keys())
          seen.add(key)
      } catch {
        // A malformed Link is the backend's; nothing to learn from it.
      }
    }
  }
  const pick = (names: readonly string[]) => names.find((n) => seen.has(n))
  const cursor = pick(CURSOR)
  const offset = pick(OFFSET)
  const page = pick(PAGE)
  const perPage = pick(PER_PAGE)
  const sort = pick(SORT)
  if (cursor) {
    paging = 'cursor'
    params.cursor = cursor
  } else if (offset) {
    paging = 'offset'
    params.offset = offset
  } else if (page) params.page = page
  if (perPage) params.perPage = perPage
  if (sort) params.sort = sort

  // json-server answers `GET /posts` with a bare array and `GET /posts?_page=1` with an envelope:
  // one shape per kind of request, each reproduced.
  const pagingNames = [cursor, offset, page, perPage].filter(
    (n): n is string => n !== undefined,
  )
  const paged = (query: URLSearchParams) =>
    pagingNames.some((n) => query.has(n))
  const bareOnlyUnpaged =
    c.listBodies.some(({ body }) => Array.isArray(body)) &&
    c.listBodies.some(({ body }) => isObject(body)) &&
    c.listBodies.every(({ body, query }) =>
      Array.isArray(body) ? !paged(query) : paged(query),
    )
  const first = bareOnlyUnpaged
    ? c.listBodies.find(({ body }) => isObject(body))!.body
    : c.listBodies[0]!.body
  const counts = c.listBodies.map(
    ({ body }) => listRecords(body, c.keyed)?.records.length ?? 0,
  )
  const defaultPerPage = Math.min(100, Math.max(20, ...counts))
  const dropped: string[] = []
  let envelope: InferredList['envelope'] = 'array'
  // A backend that answers bare arrays without paging and an envelope with it is read as arrays.
  const bare =
    !bareOnlyUnpaged && c.listBodies.find(({ body }) => Array.isArray(body))
  if (!bare && isObject(first)) {
    const items = listRecords(first, c.keyed)?.member ?? 'items'
    const keys = Object.keys(first)
    if (
      ['items', 'page', 'perPage', 'total', '_links'].every((k) =>
        keys.includes(k),
      ) &&
      keys.length === 5
    )
      envelope = 'hypermock'
    else {
      const shaped: Exclude<InferredList['envelope'], 'hypermock' | 'array'> = {
        items,
      }
      for (const key of keys) {
        if (key === items) continue
        const value = first[key]
        if (
          isObject(value) &&
          Object.keys(value).some((k) =>
            ['self', 'next', 'prev', 'first', 'last'].includes(k),
          )
        ) {
          shaped.links = key
          shaped.linkStyle = Object.values(value).some(
            (v) => typeof v === 'string',
          )
            ? 'string'
            : 'href'
        } else if (
          typeof value === 'number' &&
          // json-server's `items` is the number of matches beside `data`.
          /^(total|count|total_?count|totalCount|totalItems|items)$/i.test(key)
        )
          shaped.total = key
        else dropped.push(key)
      }
      envelope = shaped
    }
  }
  return {
    envelope,
    paging,
    params,
    defaultPerPage,
    dropped,
    ...(bareOnlyUnpaged && { unpaged: 'array' as const }),
  }
}

function inferResource(
  c: Collection,
  collections: Map<string, Collection>,
  notes: string[],
  keyEvidence: ReadonlyMap<string, InferredKey>,
): InferredResource {
  const record: ObjectShape = { count: 0, members: new Map() }
  let links = false
  for (const e of c.exchanges) {
    const body = e.responseBody
    const list = listRecords(body, c.keyed)
    for (const r of [
      ...(list?.records ?? []),
      ...(isRecord(body, c.keyed) ? [body] : []),
    ])
      if (isRecord(r, c.keyed) && '_links' in r) links = true
  }
  for (const observations of c.records.values())
    for (const { record: r } of observations) addObject(record, r)
  // The key first, as the engine writes `id`.
  const idEntry = record.members.get(c.key)
  if (idEntry) {
    record.members.delete(c.key)
    record.members = new Map([[c.key, idEntry], ...record.members])
  }
  const ids = [...c.records.values()].map((o) => o[0]!.record[c.key])
  const idKind = idKindOf(ids)
  const inferred = keyEvidence.get(c.name)
  const prefix = idKind === 'string' ? keyPrefix(ids) : undefined
  const key: ResourceKey = {
    member: c.key,
    ...(prefix !== undefined && { prefix }),
    madeBy: inferred?.madeBy ?? 'server',
    ...(inferred && { inferred }),
  }
  // Members the server sets: the key too, unless the client gives it (a username).
  const serverFields = new Set(SERVER_FIELDS)
  if (key.madeBy === 'client') serverFields.delete(c.key)
  else serverFields.add(c.key)
  if (c.putCreates > 0)
    notes.push(
      `${c.name}: ${c.putCreates} record(s) were created by PUT on the item, under the key the client chose; the mock creates them by POST on ${c.path}, the key in the body`,
    )

  let createInput: ObjectShape | null = null
  const createDefaults: Record<string, unknown> = {}
  if (c.createStatuses.length > 0) {
    createInput = { count: 0, members: new Map() }
    for (const body of c.createBodies) addObject(createInput, body)
  }

  const filters = new Set<string>()
  for (const { query } of c.listBodies)
    for (const key of query.keys()) {
      const field = key
        .replace(/\[(gte|gt|lte|lt)\]$/, '')
        .replace(/_(gte|lte|ne|like)$/, '')
      const shape = record.members.get(field)?.shape
      if (shape && field !== c.key && !shape.object && !shape.array)
        filters.add(field)
    }

  // State: the member an action changed, from the record before it to the record after it.
  let state: InferredResource['state'] = null
  const transitions: InferredTransition[] = []
  const fieldVotes: string[] = []
  const before = (id: string, at: number) =>
    c.records
      .get(id)
      ?.filter((o) => o.at < at)
      .at(-1)?.record
  const after = (id: string, at: number) =>
    c.records.get(id)?.find((o) => o.at >= at)?.record
  const changes: { verb: string; field: string; from: string; to: string }[] =
    []
  for (const [verb, calls] of c.actions) {
    if (collections.has(verb)) continue
    for (const call of calls) {
      if (call.status >= 300) continue
      const prior = before(call.id, call.at)
      const next = after(call.id, call.at)
      if (!prior || !next) continue
      for (const [field, value] of Object.entries(next)) {
        const old = prior[field]
        if (
          typeof value === 'string' &&
          typeof old === 'string' &&
          value !== old
        ) {
          fieldVotes.push(field)
          changes.push({ verb, field, from: old, to: value })
        }
      }
    }
  }
  const stateField =
    mostCommon(fieldVotes.filter((f) => STATE_NAMES.test(f))) ??
    mostCommon(fieldVotes)
  if (stateField) {
    for (const [verb] of c.actions) {
      const mine = changes.filter(
        (ch) => ch.verb === verb && ch.field === stateField,
      )
      if (mine.length === 0) {
        if (!collections.has(verb))
          notes.push(
            `left out POST ${c.path}/{id}/${verb}: no change of ${stateField} was seen after it`,
          )
        continue
      }
      const link = c.actionLinks.get(verb)
      // Links follow state: the states whose records offered the action are where it applies.
      // Without links, the states it was seen to leave (a reset the recording cannot see may
      // make that list too long, which links correct).
      const offeredIn = new Set(
        (c.actionOffers.get(verb) ?? [])
          .map((r) => r[stateField])
          .filter((v): v is string => typeof v === 'string'),
      )
      transitions.push({
        name: link?.rel ?? verb,
        path: verb,
        ...(link?.title !== undefined && { title: link.title }),
        from:
          offeredIn.size > 0
            ? [...offeredIn]
            : [...new Set(mine.map((m) => m.from))],
        to: mostCommon(mine.map((m) => m.to))!,
        samples: mine.length,
      })
    }
    const values = new Set<string>()
    for (const obs of c.records.values())
      for (const { record: r } of obs)
        if (typeof r[stateField] === 'string')
          values.add(r[stateField] as string)
    for (const t of transitions) {
      values.add(t.to)
      for (const f of t.from) values.add(f)
    }
    const createdStates = [...c.createdIds]
      .map((id) => c.records.get(id)?.[0]?.record[stateField])
      .filter((v): v is string => typeof v === 'string')
    const initial =
      mostCommon(createdStates) ??
      mostCommon(
        [...c.records.values()].map((o) => o[0]!.record[stateField] as string),
      ) ??
      [...values][0]!
    // A write refused with 409 in some state: allowed only in the states it was seen to succeed in.
    const allowedIn = (method: 'PUT' | 'DELETE') => {
      const writes = c.writes.filter((w) => w.method === method)
      if (!writes.some((w) => w.status === 409)) return undefined
      const states = writes
        .filter((w) => w.status < 300)
        .map((w) => before(w.id, w.at)?.[stateField])
        .filter((v): v is string => typeof v === 'string')
      return states.length > 0 ? [...new Set(states)] : undefined
    }
    const replaceIn = allowedIn('PUT')
    const deleteIn = allowedIn('DELETE')
    state = {
      field: stateField,
      values: [...values],
      initial,
      transitions,
      ...(replaceIn && { replaceIn }),
      ...(deleteIn && { deleteIn }),
    }
  } else {
    for (const verb of c.actions.keys())
      if (!collections.has(verb))
        notes.push(
          `left out POST ${c.path}/{id}/${verb}: no member of the record changed after it`,
        )
  }

  // A bound the backend enforces: every accepted value above it, a 422 for one below.
  for (const [key, refused] of c.refusedNumbers) {
    const least = record.members.get(key)?.shape.least
    if (least === null || least === undefined) continue
    const bound =
      least > 0 && refused.some((v) => v <= 0)
        ? 'positive'
        : least >= 0 && refused.some((v) => v < 0)
          ? 'nonnegative'
          : undefined
    if (!bound) continue
    for (const object of [record, createInput])
      if (object?.members.get(key))
        object.members.get(key)!.shape.lowerBound = bound
  }

  let replaceInput: ObjectShape | null = null
  if (c.replaceStatuses.length > 0) {
    replaceInput = { count: 0, members: new Map() }
    for (const body of c.replaceBodies) addObject(replaceInput, body)
    // A member a merge patch changed alone is one a client may change: optional in a replace
    // (a merged PATCH is validated like a replace), with the record's own shape.
    for (const body of c.patchBodies)
      for (const key of Object.keys(body)) {
        const member = record.members.get(key)
        if (member && !replaceInput.members.has(key))
          replaceInput.members.set(key, { shape: member.shape, present: 0 })
      }
    for (const [key, entry] of replaceInput.members) {
      const bound = record.members.get(key)?.shape.lowerBound
      if (bound) entry.shape.lowerBound = bound
    }
  }
  // The body gives what the record stores, less what the server sets (a replace may name the
  // version it read: that is how a stale write is told apart).
  for (const input of [createInput, replaceInput])
    if (input)
      for (const key of [...input.members.keys()])
        if (
          (serverFields.has(key) &&
            !(input === replaceInput && key === 'version') &&
            !(input === replaceInput && key === c.key && key !== 'id')) ||
          key === stateField ||
          !record.members.has(key)
        )
          input.members.delete(key)
  // Members the server set on create that no body gave: a fixed default the user can edit.
  if (createInput) {
    for (const [field, { shape }] of record.members) {
      if (
        serverFields.has(field) ||
        field === stateField ||
        createInput.members.has(field)
      )
        continue
      const values = [...c.createdIds]
        .map((id) => c.records.get(id)?.[0]?.record[field])
        .filter((v) => v !== undefined)
      const value = mostCommon(values.map((v) => JSON.stringify(v)))
      if (value !== undefined) createDefaults[field] = JSON.parse(value)
      else if (shape.nulls > 0) createDefaults[field] = null
    }
  }

  // Relations: `customerId` → customers, and the nested list when it was seen.
  const relations: InferredResource['relations'] = linkRelations(c, collections)
  for (const field of record.members.keys()) {
    if (relations.some((r) => r.field === field)) continue
    const m = /^(.+?)(Id|_id)$/.exec(field)
    if (!m) continue
    const stem = m[1]!
    const target = [...collections.keys()].find(
      (n) => n !== c.name && singular(n) === stem,
    )
    if (!target) continue
    const targetIds = new Set(collections.get(target)!.records.keys())
    const values = [...c.records.values()]
      .map((o) => o[0]!.record[field])
      .filter((v) => v !== null && v !== undefined)
    if (values.length === 0 || !values.some((v) => targetIds.has(String(v))))
      continue
    relations.push({ name: stem, field, to: target, nested: false })
  }

  // Seed: each record as first read, unless this recording created it.
  const seed: Json[] = []
  for (const [id, observations] of c.records) {
    if (c.createdIds.has(id)) continue
    seed.push(observations[0]!.record)
  }

  return {
    name: c.name,
    exchanges: c.exchanges.length,
    idKind,
    key,
    record,
    createInput,
    createStatus: mostCommon(c.createStatuses) ?? null,
    createDefaults,
    replaceStatus: mostCommon(c.replaceStatuses) ?? null,
    replaceInput,
    patch: c.patches > 0,
    patchTypes: [...c.patchTypes],
    deleteStatus: mostCommon(c.deleteStatuses) ?? null,
    list: inferList(c),
    filters: [...filters],
    relations,
    collections: [],
    enums: {},
    state,
    links,
    seed,
    created: [...c.createdIds],
  }
}

/**
 * Seed rows that name a record no seed holds would fail the mock's own checks: dropped, and said
 * why: the record was created during the recording (so it is no seed row), or the recording never
 * read it (reading it while recording keeps the rows).
 */
function dropDanglingSeed(
  r: InferredResource,
  all: readonly InferredResource[],
  notes: string[],
) {
  for (const rel of r.relations) {
    const target = all.find((t) => t.name === rel.to)
    if (!target) continue
    const ids = new Set(
      target.seed.map((row) => String(row[target.key.member])),
    )
    const created = new Set(target.created)
    const dropped = { created: [] as string[], unread: [] as string[] }
    r.seed = r.seed.filter((row) => {
      const value = row[rel.field]
      if (value === null || value === undefined || ids.has(String(value)))
        return true
      const named = String(value)
      if (created.has(named)) dropped.created.push(named)
      else dropped.unread.push(named)
      return false
    })
    const names = (list: string[]) => {
      const distinct = [...new Set(list)]
      return `${distinct.slice(0, 5).join(', ')}${distinct.length > 5 ? ', …' : ''}`
    }
    if (dropped.created.length > 0)
      notes.push(
        `left ${dropped.created.length} ${r.name} row(s) out of the seed: their ${rel.field} names a ${rel.to} record created during the recording (${names(dropped.created)})`,
      )
    if (dropped.unread.length > 0)
      notes.push(
        `left ${dropped.unread.length} ${r.name} row(s) out of the seed: their ${rel.field} names a ${rel.to} record the recording never read (${names(dropped.unread)}); read ${rel.to} (list them, or open each) while recording to keep these rows`,
      )
  }
}

export type { Shape }
export { emptyShape }

/** Relations read from links: `_links.from` → `/accounts/1` where the record's `fromAccountId` is 1. */
function linkRelations(
  c: Collection,
  collections: Map<string, Collection>,
): InferredResource['relations'] {
  // Counted per distinct record: one record read ten times is one piece of evidence.
  const votes = new Map<
    string,
    { records: Set<string>; rel: string; field: string; to: string }
  >()
  const seen = new Map<string, Set<string>>()
  for (const { record, links } of c.linkSamples)
    for (const [rel, link] of Object.entries(links)) {
      if (rel === 'self' || !isObject(link) || link.method !== undefined)
        continue
      if (typeof link.href !== 'string') continue
      const segs = segmentsOf(
        link.href.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0]!,
      )
      const last = segs.at(-1)
      const id = last === undefined ? undefined : decodeSegment(last)
      const to = segs.at(-2)
      if (id === undefined || to === undefined || !collections.has(to)) continue
      const recordId = String(record[c.key])
      seen.set(rel, (seen.get(rel) ?? new Set()).add(recordId))
      for (const [field, value] of Object.entries(record))
        if (
          field !== c.key &&
          (typeof value === 'number' || typeof value === 'string') &&
          String(value) === id
        ) {
          const key = `${rel}\u0000${field}\u0000${to}`
          const vote = votes.get(key) ?? { records: new Set(), rel, field, to }
          vote.records.add(recordId)
          votes.set(key, vote)
        }
    }
  const out: InferredResource['relations'] = []
  // A member that names the link's target by its own name (`fromAccountId` for accounts), or one
  // that matched on several records; a single coincidence (a version of 1) is no relation.
  const named = (v: { rel: string; field: string; to: string }) => {
    const field = v.field.toLowerCase()
    return (
      field.includes(singular(v.to).toLowerCase()) ||
      field.includes(v.rel.toLowerCase())
    )
  }
  for (const vote of [...votes.values()].sort(
    (a, b) => Number(named(b)) - Number(named(a)),
  ))
    if (
      vote.records.size === seen.get(vote.rel)?.size &&
      (named(vote) || vote.records.size >= 3) &&
      !out.some((r) => r.name === vote.rel || r.field === vote.field)
    )
      out.push({
        name: vote.rel,
        field: vote.field,
        to: vote.to,
        nested: false,
      })
  return out
}

/**
 * Nested lists: a child's relation to the parent where one member names it (`/customers/1/orders`,
 * by `customerId`), else a rule of its own over the members that name it (`/accounts/1/transfers`:
 * `fromAccountId` or `toAccountId`).
 */
function nestedCollections(
  collections: Map<string, Collection>,
  resources: InferredResource[],
  notes: string[],
) {
  for (const c of collections.values()) {
    const parent = resources.find((r) => r.name === c.name)
    if (!parent) continue
    for (const name of new Set(c.nestedLists.map((l) => l.name))) {
      const child = resources.find((r) => r.name === name)
      const lists = c.nestedLists.filter((l) => l.name === name)
      const rows = lists.flatMap((l) =>
        l.records.map((record) => ({ record, parentId: l.parentId })),
      )
      if (!child) continue
      const toParent = child.relations.filter((r) => r.to === c.name)
      if (rows.length === 0) {
        // Only empty lists were seen: the one relation to the parent, if there is one, is it.
        if (toParent.length === 1) toParent[0]!.nested = true
        continue
      }
      const names = (row: { record: Json; parentId: string }, field: string) =>
        String(row.record[field]) === row.parentId
      const fields: string[] = []
      let left = rows
      while (left.length > 0) {
        const candidates = [...child.record.members.keys()].filter(
          (f) => f !== child.key.member && !fields.includes(f),
        )
        const best = candidates
          .map((f) => ({ f, n: left.filter((row) => names(row, f)).length }))
          .sort((a, b) => b.n - a.n)[0]
        if (!best || best.n === 0) break
        fields.push(best.f)
        left = left.filter((row) => !names(row, best.f))
      }
      if (left.length > 0 || fields.length === 0) {
        notes.push(
          `left out the nested list ${c.path}/{id}/${name}: no member of its ${name} names the ${c.name} record`,
        )
        continue
      }
      const relation =
        fields.length === 1 &&
        child.relations.find((r) => r.field === fields[0] && r.to === c.name)
      if (relation) relation.nested = true
      else parent.collections.push({ name, of: name, fields })
    }
  }
}

/**
 * A string member that is a closed set in one resource is the same set wherever its values fit
 * (a `currency`): the sets that share a value pool. A state-like member (`status`, `state`) is
 * each resource's own, whatever another resource's holds: a visit's status is not an invoice's.
 */
function pooledEnums(resources: InferredResource[]) {
  const sets = new Map<string, Set<string>[]>()
  for (const r of resources)
    for (const [field, { shape }] of r.record.members) {
      if (STATE_NAMES.test(field) || field === r.state?.field) continue
      const values = enumValues(shape)
      if (values) sets.set(field, [...(sets.get(field) ?? []), new Set(values)])
    }
  for (const r of resources)
    for (const [field, { shape }] of r.record.members) {
      const known = sets.get(field)
      if (
        !known ||
        field === r.state?.field ||
        !shape.values ||
        shape.strings === 0
      )
        continue
      const own = [...shape.values.keys()]
      const pool = new Set<string>()
      for (const set of known)
        if (own.some((v) => set.has(v))) for (const v of set) pool.add(v)
      if (own.every((v) => pool.has(v))) r.enums[field] = [...pool]
    }
}

/** Top-level numbers a 422 named (`#/total`, `/total`): evidence of a bound the backend keeps. */
function noteRefusedNumbers(c: Collection, e: Exchange) {
  const body = e.requestBody
  const errors = isObject(e.responseBody) ? e.responseBody.errors : undefined
  if (!isObject(body) || !Array.isArray(errors)) return
  for (const error of errors) {
    const pointer = isObject(error) ? (error.pointer ?? error.field) : undefined
    if (typeof pointer !== 'string') continue
    const key = pointer.replace(/^#?\//, '')
    const value = body[key]
    if (key.includes('/') || typeof value !== 'number') continue
    const list = c.refusedNumbers.get(key) ?? []
    if (list.length < 100) list.push(value)
    c.refusedNumbers.set(key, list)
  }
}
