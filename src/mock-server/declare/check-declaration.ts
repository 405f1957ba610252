import { checkDialectAuth, checkPatch } from './dialect-auth.ts'
import { isJsonSubtype } from '../representation-type.ts'
import { problemCatalogue } from '../problems/catalogue.ts'
import { scenarioSchema } from '../scenarios/scenario-schema.ts'
import type { FieldError } from '../validation/validate.ts'
import type { CompiledResource } from './compile-resource.ts'
import { declaredRoutesOf } from './declared-routes-of.ts'
import { checkDialect } from './dialect.ts'
import { isStandardSchema, asZodObject, oneShot } from './schema-tools.ts'
import type { AnyResource, ApiDeclaration } from './types.ts'

/**
 * A declaration the engine cannot serve. `errors` lists every mistake at once, each with its path in
 * the declaration (`resources.loans.state.transitions.return.to`) and what is wrong.
 */
export class InvalidDeclarationError extends Error {
  override readonly name = 'InvalidDeclarationError'
  readonly errors: FieldError[]

  constructor(errors: FieldError[]) {
    const lines = errors.map((e) => `${e.field}: ${e.message}`)
    super(
      `Failed to create the mock API: the declaration has ${errors.length} mistake${errors.length === 1 ? '' : 's'}:\n  - ${lines.join('\n  - ')}`,
    )
    this.errors = errors
  }
}

/** Whether `error` is an `InvalidDeclarationError`, even one thrown by another copy of the package. */
export const isInvalidDeclarationError = (
  error: unknown,
): error is InvalidDeclarationError =>
  error instanceof InvalidDeclarationError ||
  (error instanceof Error && error.name === 'InvalidDeclarationError')

const SEGMENT = /^[a-z][a-z0-9-]{0,62}$/
const SLUG = /^[a-z][a-z0-9-]{0,62}$/
const RESERVED = new Set(['problems', 'openapi.json'])
/**
 * A collection's own path: up to 12 segments, none of them `.` or `..`, the first and last literal,
 * those between literal or a parent's parameter (`/customers/{customer}/sources`).
 */
const LITERAL_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9_.~-]{0,62}$/
const PARAM_SEGMENT = /^\{([A-Za-z_]\w{0,62})\}$/
export function resourcePathOk(path: string) {
  const segments = path.split('/')
  if (segments[0] !== '' || segments.length < 2 || segments.length > 13)
    return false
  const parts = segments.slice(1)
  return parts.every(
    (part, i) =>
      LITERAL_SEGMENT.test(part) ||
      (i > 0 && i < parts.length - 1 && PARAM_SEGMENT.test(part)),
  )
}

/** The parameters of a collection's path, in order (`customer` of `/customers/{customer}/sources`). */
const pathParams = (path: string) =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)

/** A nested collection's `parents`: each parameter of its path bound, each binding a parameter. */
function checkParents(
  at: string,
  resource: { path?: unknown; parents?: unknown },
  names: readonly string[],
  issue: Issue,
) {
  const path = typeof resource.path === 'string' ? resource.path : ''
  const params = pathParams(path)
  const parents: unknown = resource.parents
  if (parents !== undefined && !isRecord(parents)) {
    issue(
      `${at}.parents`,
      'must be an object: each parameter of the path, bound to the record member that holds it ({ customer: { field: "customerId" } })',
    )
    return
  }
  const bound = (parents ?? {}) as Record<string, unknown>
  if (new Set(params).size < params.length)
    issue(`${at}.path`, 'names one parameter twice')
  for (const param of params)
    if (!(param in bound))
      issue(
        `${at}.path`,
        `names {${param}}, which parents does not bind: add parents.${param} = { field: "<the record member holding it>" }`,
      )
  for (const [param, binding] of Object.entries(bound)) {
    if (!params.includes(param)) {
      issue(
        `${at}.parents.${param}`,
        `is no parameter of the path (${path || 'none'}): write it in the path as {${param}}`,
      )
      continue
    }
    if (!isRecord(binding) || typeof binding.field !== 'string') {
      issue(
        `${at}.parents.${param}.field`,
        'must name the record member that holds the parameter',
      )
      continue
    }
    if (
      binding.to !== undefined &&
      (typeof binding.to !== 'string' || !names.includes(binding.to))
    )
      issue(
        `${at}.parents.${param}.to`,
        `names no resource; resources: ${names.join(', ')}`,
      )
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

type Issue = (path: string, message: string) => void

function list(values: readonly unknown[]) {
  return values.map((v) => JSON.stringify(v)).join(', ')
}

/** What the declaration's top level, problems and tokens get wrong. */
export function checkApiShape(declaration: ApiDeclaration, issue: Issue) {
  if (typeof declaration !== 'object' || declaration === null) {
    issue('(declaration)', 'must be an object made with defineApi()')
    return false
  }
  if (typeof declaration.name !== 'string' || declaration.name.trim() === '')
    issue('name', 'must be a non-empty string: the name the root answers with')
  const prefer: unknown = declaration.prefer
  if (prefer !== undefined && typeof prefer !== 'boolean')
    issue(
      'prefer',
      'must be true (writes honour Prefer: return=minimal) or false (Prefer is ignored)',
    )
  for (const hook of ['problemMembers', 'errorBody'] as const)
    if (
      declaration[hook] !== undefined &&
      typeof declaration[hook] !== 'function'
    )
      issue(hook, 'must be a function of the problem')
  const resources = declaration.resources
  if (typeof resources !== 'object' || resources === null) {
    issue('resources', 'must be an object of resource declarations')
    return false
  }
  // An API of declared routes alone (an imported description none of whose paths keep state)
  // is still served.
  if (
    Object.keys(resources).length === 0 &&
    declaredRoutesOf(declaration).length === 0
  )
    issue(
      'resources',
      'must declare at least one resource (or one route in routes)',
    )
  // Each collection's path, by the resource that takes it.
  const paths = new Map<string, string>()
  for (const name of Object.keys(resources)) {
    const path: unknown = resources[name]?.path
    if (
      path !== undefined &&
      (typeof path !== 'string' || !resourcePathOk(path))
    )
      issue(
        `resources.${name}.path`,
        'must be a path of literal segments such as "/checkout/sessions": each of letters, digits, "_", "-", "~" and "." (not first), up to 12 of them; a nested collection\'s may name its parents\' parameters between them ("/customers/{customer}/sources")',
      )
    else if (resources[name]?.tableOnly !== true) {
      checkParents(
        `resources.${name}`,
        resources[name] ?? {},
        Object.keys(resources),
        issue,
      )
      // Two paths that differ in their parameters' names alone are one path.
      const at = (path ?? `/${name}`).replace(/\{\w+\}/g, '{}')
      const first = at.split('/')[1]!
      if (path !== undefined && RESERVED.has(first))
        issue(
          `resources.${name}.path`,
          `starts with /${first}, which the API serves itself`,
        )
      const taken = paths.get(at)
      if (taken !== undefined)
        issue(
          `resources.${name}.path`,
          `is ${at}, the path of resources.${taken} already`,
        )
      paths.set(at, name)
    }
    if (!SEGMENT.test(name))
      issue(
        `resources.${name}`,
        'must be a lowercase path segment (a plural noun such as "books"): letters, digits and "-", starting with a letter',
      )
    if (RESERVED.has(name))
      issue(
        `resources.${name}`,
        `is reserved: the API serves ${list([...RESERVED])} itself`,
      )
    const singleton: unknown = resources[name]?.singleton
    if (singleton !== undefined && typeof singleton !== 'boolean')
      issue(`resources.${name}.singleton`, 'must be true or false')
    if (singleton === true) {
      const one = resources[name]!
      // What a singleton never serves: say so, rather than leave it unserved in silence.
      if (one.create !== undefined && one.create !== false)
        issue(
          `resources.${name}.create`,
          'must be left out (or false): a singleton is never created, its path holds its one record',
        )
      if (one.delete === true)
        issue(
          `resources.${name}.delete`,
          'must be left out (or false): a singleton is never deleted',
        )
      if (one.list !== undefined && one.list !== false)
        issue(
          `resources.${name}.list`,
          'must be left out: a singleton is never listed',
        )
      if (
        Array.isArray(one.seed) &&
        one.seed.length > 1 &&
        one.parents === undefined
      )
        issue(
          `resources.${name}.seed`,
          `has ${one.seed.length} rows: a singleton keeps one record`,
        )
    }
    const items: unknown = resources[name]?.items
    if (items !== undefined && typeof items !== 'boolean')
      issue(`resources.${name}.items`, 'must be true or false')
    if (items === false) {
      const none = resources[name]!
      // What a collection with no items never serves: say so, rather than leave it unserved.
      const itemOnly: [string, boolean][] = [
        ['singleton', none.singleton === true],
        ['replace', none.replace !== undefined && none.replace !== false],
        ['patch', none.patch !== undefined && none.patch !== false],
        ['delete', none.delete === true],
        ['state', none.state !== undefined],
        ['itemRoutes', (none.itemRoutes ?? []).length > 0],
        ['collections', Object.keys(none.collections ?? {}).length > 0],
      ]
      for (const [member, declared] of itemOnly)
        if (declared)
          issue(
            `resources.${name}.${member}`,
            'must be left out: with items: false no route answers at an item, so nothing would serve it',
          )
    }
    const declared = resources[name]
    if (
      declared?.list === false &&
      declared.items === false &&
      declared.create === false &&
      (declared.searches ?? []).length === 0
    )
      issue(
        `resources.${name}`,
        'serves no route: with list: false, items: false and create: false nothing lists, creates or reads its records',
      )
    const answer: unknown = resources[name]?.answer
    if (answer !== undefined && typeof answer !== 'function')
      issue(
        `resources.${name}.answer`,
        "must be a function of the operation and the engine's answer",
      )
    if (!isStandardSchema(resources[name]?.schema))
      issue(
        `resources.${name}.schema`,
        'must be a Standard Schema (a zod 4 object, for instance)',
      )
  }
  for (const [slug, problem] of Object.entries(declaration.problems ?? {})) {
    const at = `problems.${slug}`
    if (!SLUG.test(slug))
      issue(at, 'must be a lowercase slug such as "renewal-limit"')
    if (Object.hasOwn(problemCatalogue, slug))
      issue(at, 'is a built-in problem type already; choose another slug')
    if (
      !Number.isInteger(problem.status) ||
      problem.status < 400 ||
      problem.status > 599
    )
      issue(`${at}.status`, 'must be an HTTP error status from 400 to 599')
    if (typeof problem.title !== 'string' || problem.title === '')
      issue(`${at}.title`, 'must be a non-empty string')
    if (typeof problem.summary !== 'string' || problem.summary === '')
      issue(`${at}.summary`, 'must say what the problem means and what to do')
    if (problem.members !== undefined && !isStandardSchema(problem.members))
      issue(
        `${at}.members`,
        'must be a Standard Schema of the extension members',
      )
  }
  const ids = new Set<string>()
  for (const [i, scenario] of (declaration.scenarios ?? []).entries()) {
    const parsed = scenarioSchema.safeParse(scenario, oneShot)
    if (!parsed.success)
      for (const { path, message } of parsed.error.issues)
        issue(
          `scenarios[${i}]${path.length > 0 ? `.${path.join('.')}` : ''}`,
          message,
        )
    else if (ids.has(parsed.data.id))
      issue(
        `scenarios[${i}].id`,
        `"${parsed.data.id}" is used by an earlier scenario`,
      )
    else ids.add(parsed.data.id)
  }
  checkDialectAuth(declaration, issue)
  for (const [token, entry] of Object.entries(declaration.tokens ?? {})) {
    const at = `tokens.${token}`
    if (!/^[\x21-\x7e]{1,255}$/.test(token))
      issue(at, 'must be 1 to 255 visible ASCII characters')
    if ('expired' in entry) continue
    if (
      entry.owns !== undefined &&
      entry.owns !== 'all' &&
      !Array.isArray(entry.owns)
    )
      issue(`${at}.owns`, 'must be "all" or a list of owner ids')
    for (const scope of entry.scopes ?? [])
      if (scope !== 'read' && scope !== 'write')
        issue(
          `${at}.scopes`,
          `has ${JSON.stringify(scope)}; scopes are "read" and "write"`,
        )
  }
  checkDialect(declaration.dialect, 'dialect', issue)
  return true
}

/** What one resource gets wrong, against the others. */
export function checkResource(
  resource: CompiledResource,
  all: ReadonlyMap<string, CompiledResource>,
  issue: Issue,
) {
  const at = `resources.${resource.name}`
  const d = resource.declaration
  const fields = new Set(resource.fields)
  const known = fields.size > 0
  const needField = (path: string, field: unknown, what: string) => {
    if (known && !fields.has(field as string))
      issue(
        path,
        `names ${JSON.stringify(field)}, which the schema lacks (${what}); fields: ${[...fields].join(', ')}`,
      )
  }
  for (const parent of resource.parents) {
    needField(
      `${at}.parents.${parent.param}.field`,
      parent.field,
      'the member holding the parent',
    )
    if (parent.param === resource.key.param)
      issue(
        `${at}.parents.${parent.param}`,
        `is the item's own parameter ({${resource.key.param}}): name the parent's otherwise`,
      )
  }
  const key = resource.key.member
  if (known && !fields.has(key))
    issue(
      `${at}.schema`,
      key === 'id'
        ? 'must have an "id" field: every item is addressed by it'
        : `must have a "${key}" field, the key its dialect names: every item is addressed by it`,
    )
  checkStatus(d.status, `${at}.status`, issue)
  checkDialect(
    d.dialect,
    `${at}.dialect`,
    issue,
    known ? [...fields] : undefined,
  )
  // The API's `deleted` answers with members each resource's record must have.
  const members = resource.deleted?.members
  if (known && d.dialect?.deleted === undefined && Array.isArray(members))
    members.forEach((member: unknown, i) => {
      if (typeof member === 'string' && !fields.has(member))
        issue(
          `dialect.deleted.members[${i}]`,
          `names no member of ${resource.name}'s record; its members: ${[...fields].join(', ')}`,
        )
    })
  const properties = (resource.json.properties ?? {}) as Record<
    string,
    { type?: unknown }
  >
  const keyType = properties[key]?.type
  if (key !== 'id' && resource.idKind === 'integer' && keyType === 'string')
    issue(
      `${at}.dialect.keys.generate`,
      `makes integer keys, but ${key} is a string: generate "string", "uuid" or { prefix } keys`,
    )
  // A record's own id beside another key is drawn when a create gives none: a number or a string.
  const ownType = properties.id?.type
  if (
    resource.ownId &&
    ownType !== undefined &&
    !(Array.isArray(ownType) ? ownType : [ownType]).some((t) =>
      ['integer', 'number', 'string'].includes(t as string),
    )
  )
    issue(
      `${at}.schema`,
      `has an "id" of its own beside the key ${key}, which must be an integer or a string to be drawn for a create that gives none; hide it (hidden: ["id"]) to keep it the stored key`,
    )
  for (const [i, f] of (d.filters ?? []).entries())
    needField(`${at}.filters[${i}]`, f, 'a filter')
  for (const [i, f] of (d.sort ?? []).entries())
    needField(`${at}.sort[${i}]`, f, 'a sort field')
  for (const [i, f] of (d.hidden ?? []).entries())
    needField(`${at}.hidden[${i}]`, f, 'a hidden field')
  const keep =
    d.replace && typeof d.replace === 'object' && !('~standard' in d.replace)
      ? ((d.replace as { keep?: readonly unknown[] }).keep ?? [])
      : []
  for (const [i, f] of keep.entries())
    needField(`${at}.replace.keep[${i}]`, f, 'a field a replace keeps')
  const put =
    d.replace && typeof d.replace === 'object' && !('~standard' in d.replace)
      ? (d.replace as { put?: unknown }).put
      : undefined
  if (put !== undefined && typeof put !== 'boolean')
    issue(`${at}.replace.put`, 'must be true or false')
  else if (
    put === false &&
    (d.patch === undefined || d.patch === false) &&
    (d.replace as { collection?: unknown }).collection !== true
  )
    issue(
      `${at}.replace.put`,
      'serves no PUT, and with no patch nothing uses this replace: declare patch, or leave replace out',
    )
  checkUpsert(d, at, issue)
  checkReplaceAll(d, at, issue)
  checkReplaceByBody(d, at, issue)
  checkByKeys(d, at, issue)
  checkCollectionRoutes(d, at, issue)
  checkPatch(d.patch, `${at}.patch`, issue)
  if (typeof d.owner === 'string')
    needField(`${at}.owner`, d.owner, 'the owner')
  if (d.id !== undefined && !['integer', 'uuid', 'string'].includes(d.id))
    issue(`${at}.id`, 'must be "integer", "uuid" or "string"')
  const creates = d.create !== false
  const explicitInput =
    typeof d.create === 'object' &&
    d.create !== null &&
    ('~standard' in d.create || 'input' in d.create || 'handle' in d.create)
  if (creates && !explicitInput && !asZodObject(d.schema))
    issue(
      `${at}.create`,
      'needs an input schema: only a zod object schema derives one (give create: { input } or create: false)',
    )
  const segments = new Set<string>()
  const claim = (path: string, segment: string, what: string) => {
    if (!SEGMENT.test(segment))
      issue(
        path,
        `must be a lowercase path segment; got ${JSON.stringify(segment)}`,
      )
    if (segments.has(segment))
      issue(
        path,
        `uses the path ${resource.path}/{id}/${segment}, which ${what} already takes`,
      )
    segments.add(segment)
  }
  const state = resource.state
  if (state) {
    needField(`${at}.state.field`, state.field, 'the state field')
    const property = (
      resource.json.properties as
        | Record<string, { enum?: unknown[] }>
        | undefined
    )?.[state.field]
    const states = property?.enum
    const known = (path: string, value: unknown) => {
      if (states && !states.includes(value))
        issue(
          path,
          `names the state ${JSON.stringify(value)}, which ${state.field} does not have (${list(states)})`,
        )
    }
    known(`${at}.state.initial`, state.initial)
    for (const t of state.transitions) {
      const tp = `${at}.state.transitions.${t.name}`
      claim(`${tp}.path`, t.path, 'another action or nested collection')
      if (!Array.isArray(t.from) || t.from.length === 0)
        issue(`${tp}.from`, 'must list at least one state')
      t.from.forEach((s, i) => known(`${tp}.from[${i}]`, s))
      known(`${tp}.to`, t.to)
      if (t.input !== undefined && !isStandardSchema(t.input))
        issue(`${tp}.input`, 'must be a Standard Schema')
    }
    state.replaceIn?.forEach((s, i) => known(`${at}.state.replaceIn[${i}]`, s))
    state.deleteIn?.forEach((s, i) => known(`${at}.state.deleteIn[${i}]`, s))
  }
  for (const r of resource.relations) {
    const rp = `${at}.relations.${r.name}`
    needField(`${rp}.field`, r.field, 'the relation')
    if (!all.has(r.to))
      issue(
        `${rp}.to`,
        `names the resource ${JSON.stringify(r.to)}, which is not declared (declared: ${[...all.keys()].join(', ')})`,
      )
    else if (!all.get(r.to)!.items)
      issue(
        `${rp}.to`,
        `names ${r.to}, a collection with no items (items: false): a link to one of its records would name no route`,
      )
    if (!['refuse', 'cascade'].includes(r.onDelete))
      issue(`${rp}.onDelete`, 'must be "refuse" or "cascade"')
  }
  for (const n of resource.nested) {
    claim(
      `${at}.nested.${n.name}`,
      n.name,
      'an action or another nested collection',
    )
    if (!all.has(n.of))
      issue(
        `${at}.nested.${n.name}.of`,
        `names the resource ${JSON.stringify(n.of)}, which is not declared`,
      )
  }
  if (
    d.suffix !== undefined &&
    (typeof d.suffix !== 'string' || !/^\.[A-Za-z0-9]{1,16}$/.test(d.suffix))
  )
    issue(
      `${at}.suffix`,
      `must be a dot and up to 16 letters or digits, such as ".json"; got ${JSON.stringify(d.suffix)}`,
    )
  if (d.mediaType !== undefined && !isJsonSubtype(d.mediaType))
    issue(
      `${at}.mediaType`,
      `must be an application/*+json media type, such as "application/scim+json"; got ${JSON.stringify(d.mediaType)}`,
    )
  const searches = new Set<string>()
  for (const [i, search] of (d.searches ?? []).entries()) {
    const sp = `${at}.searches[${i}]`
    const path = (search as { path?: unknown }).path
    if (typeof path !== 'string' || !searchPathOk(path))
      issue(
        `${sp}.path`,
        `must be a path below the base of literal segments and {parameters}, up to 12 of them ("/pet/findByStatus", "/users/{username}/repos"); got ${JSON.stringify(path)}`,
      )
    else if (path === resource.path || searches.has(path))
      issue(
        `${sp}.path`,
        `is ${path === resource.path ? "the collection's own path" : 'the path of another search'}: a search lists at a path of its own`,
      )
    else searches.add(path)
    for (const [j, f] of (search.filters ?? []).entries())
      needField(`${sp}.filters[${j}]`, f, 'a filter')
    if (
      search.answer !== undefined &&
      typeof (search.answer as unknown) !== 'function'
    )
      issue(`${sp}.answer`, "must be a function of the list's body")
  }
  const createPaths = new Set<string>()
  for (const [i, create] of (d.creates ?? []).entries()) {
    const cp = `${at}.creates[${i}]`
    const path = (create as { path?: unknown }).path
    if (typeof path !== 'string' || !searchPathOk(path))
      issue(
        `${cp}.path`,
        `must be a path below the base of literal segments and {parameters}, up to 12 of them ("/me/playlists"); got ${JSON.stringify(path)}`,
      )
    else if (path === resource.path || createPaths.has(path))
      issue(
        `${cp}.path`,
        `is ${path === resource.path ? "the collection's own path" : 'the path of another create'}: a create there is the resource's own create`,
      )
    else createPaths.add(path)
    if (create.input === undefined && !resource.create)
      issue(
        `${cp}.input`,
        'must be given: the resource has no create of its own to take the body from',
      )
    else if (create.input !== undefined && !isStandardSchema(create.input))
      issue(`${cp}.input`, 'must be a Standard Schema')
    if (resource.parents.length > 0)
      issue(
        cp,
        'cannot be declared on a resource below parents: a path of its own names no parent for the record',
      )
    if (
      create.answer !== undefined &&
      typeof (create.answer as unknown) !== 'function'
    )
      issue(`${cp}.answer`, "must be a function of the record's body")
  }
  const routes = new Set<string>()
  for (const [i, route] of (d.itemRoutes ?? []).entries()) {
    const rp = `${at}.itemRoutes[${i}]`
    const { method, path } = route as { method?: unknown; path?: unknown }
    if (!ITEM_METHODS.includes(method as never))
      issue(`${rp}.method`, `must be one of ${ITEM_METHODS.join(', ')}`)
    if (typeof path !== 'string' || (path !== '' && !ITEM_PATH.test(path))) {
      issue(
        `${rp}.path`,
        `must be literal segments below the item ("capture", "locked.json", "preferences/avatar/pick.json"): letters, digits, "_", "-", "~" and "." (not first), up to 8 of them, or "" for the item itself; got ${JSON.stringify(path)}`,
      )
      continue
    }
    const { under } = route as { under?: unknown }
    if (under !== undefined) {
      if (typeof under !== 'string' || !UNDER_PATH.test(under))
        issue(
          `${rp}.under`,
          `must be a path of literal segments below the base ("/test_helpers/issuing/cards"): letters, digits, "_", "-", "~" and "." (not first), up to 8 of them; got ${JSON.stringify(under)}`,
        )
      else if (resource.parents.length > 0 || resource.singleton)
        issue(
          `${rp}.under`,
          `cannot be declared on ${resource.singleton ? 'a singleton' : 'a resource below parents'}: a path of its own names no ${resource.singleton ? 'record' : 'parent for the item'}`,
        )
      else if (under === resource.path)
        issue(
          `${rp}.under`,
          "is the resource's own path: leave it out to answer below the resource's items",
        )
    }
    const below = typeof under === 'string' ? under : resource.path
    // An action takes its path's POST, a nested list its GET: another method may share it. On
    // the item itself, the methods the resource serves there are its own.
    const own = [
      'GET',
      ...(resource.put ? ['PUT'] : []),
      ...(resource.patch ? [resource.patchMethod] : []),
      ...(resource.delete ? ['DELETE'] : []),
    ]
    const taken =
      under === undefined &&
      (path === ''
        ? own.includes(method as string) && 'the resource itself'
        : method === 'POST'
          ? state?.transitions.some((t) => t.path === path) && 'an action'
          : method === 'GET' &&
            resource.nested.some((n) => n.name === path) &&
            'a nested collection')
    if (taken)
      issue(
        `${rp}.path`,
        `uses ${String(method)} ${resource.path}/{id}${path === '' ? '' : `/${path}`}, which ${taken} already takes`,
      )
    const key = `${String(method)} ${below}/{id}/${path}`
    if (routes.has(key))
      issue(
        rp,
        `is the second ${String(method)} at ${below}/{id}/${path}: one route a method and path`,
      )
    routes.add(key)
    if (typeof route.handle !== 'function')
      issue(`${rp}.handle`, 'must be a function of the request')
    if (
      route.status !== undefined &&
      ![200, 201, 202, 204].includes(route.status)
    )
      issue(`${rp}.status`, 'must be one of 200, 201, 202, 204')
  }
}

const ITEM_SEGMENT_SOURCE = '[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,99}'
/** A search's (or a create's) path: literal segments and `{parameters}`, up to 12, as a resource's. */
const SEARCH_PATH = new RegExp(
  `^(/(${ITEM_SEGMENT_SOURCE}|\\{\\w{1,64}\\})){1,12}$`,
)

/** Whether a search may be declared at this path (`searches`): the importer asks before it does. */
export function searchPathOk(path: string) {
  return SEARCH_PATH.test(path)
}

const ITEM_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
/** A path below an item: literal segments, up to 8. */
const ITEM_PATH = new RegExp(
  `^${ITEM_SEGMENT_SOURCE}(/${ITEM_SEGMENT_SOURCE}){0,7}$`,
)

/** Another path an item route answers below (`itemRoutes[].under`): literal segments, up to 8. */
const UNDER_PATH = new RegExp(`^(/${ITEM_SEGMENT_SOURCE}){1,8}$`)

/** Whether an item route may be declared at this path below the item (`itemRoutes`). */
export function itemRoutePathOk(path: string) {
  return ITEM_PATH.test(path)
}

/**
 * A `PUT` that creates an absent item (`replace.upsert`) needs an item path and a `PUT` there, and
 * its hooks must be functions.
 */
function checkUpsert(d: AnyResource, at: string, issue: Issue) {
  const replace = d.replace
  if (!replace || typeof replace !== 'object' || '~standard' in replace) return
  const upsert: unknown = (replace as { upsert?: unknown }).upsert
  if (upsert === undefined || upsert === false) return
  const where = `${at}.replace.upsert`
  if (upsert !== true && (typeof upsert !== 'object' || upsert === null)) {
    issue(where, 'must be true, false or { prepare, check }')
    return
  }
  if (typeof upsert === 'object')
    for (const hook of Object.keys(upsert))
      if (!['prepare', 'check'].includes(hook))
        issue(
          `${where}.${hook}`,
          'is no hook of an upsert: use prepare or check',
        )
      else if (typeof (upsert as Record<string, unknown>)[hook] !== 'function')
        issue(`${where}.${hook}`, 'must be a function')
  const without: [boolean, string][] = [
    [d.singleton === true, 'a singleton is never created'],
    [d.items === false, 'with items: false there is no item to PUT'],
    [
      (replace as { put?: unknown }).put === false,
      'with put: false there is no PUT to create by',
    ],
  ]
  for (const [applies, why] of without)
    if (applies) issue(where, `must be left out: ${why}`)
}

/**
 * A `PUT` that replaces the whole set names the body member that lists the keys, and creates the
 * absent ones as an upsert does: it needs `replace.upsert`, and the collection's `PUT` free.
 */
function checkReplaceAll(d: AnyResource, at: string, issue: Issue) {
  const all: unknown = d.replaceAll
  if (all === undefined) return
  const where = `${at}.replaceAll`
  const member = (all as { member?: unknown } | null)?.member
  if (typeof member !== 'string' || !/^[A-Za-z_][\w-]{0,63}$/.test(member))
    issue(
      `${where}.member`,
      'must name the body member that lists the keys (a word, as selected_repository_ids)',
    )
  const replace = d.replace as { upsert?: unknown } | false | undefined
  if (
    !replace ||
    typeof replace !== 'object' ||
    replace.upsert === undefined ||
    replace.upsert === false
  )
    issue(
      where,
      'creates the records it names as a PUT on their item does: declare replace: { upsert: true }',
    )
  const create = d.create as { method?: unknown } | false | undefined
  if (create && typeof create === 'object' && create.method === 'PUT')
    issue(
      where,
      'must be left out: a PUT on the collection creates (create.method is PUT)',
    )
}

/**
 * Writes by keys name the query parameter or body member that lists the keys, and take the
 * collection's method (`PUT` or `POST`) and its `DELETE` from no other write.
 */
function checkByKeys(d: AnyResource, at: string, issue: Issue) {
  const byKeys: unknown = d.byKeys
  if (byKeys === undefined) return
  const where = `${at}.byKeys`
  if (!isRecord(byKeys)) {
    issue(
      where,
      'must be an object: { member, query, add, remove, prepare, status }',
    )
    return
  }
  const word = /^[A-Za-z_][\w-]{0,63}$/
  const { member, query, add, remove, prepare, status } = byKeys
  if (member === undefined && query === undefined)
    issue(
      where,
      'must name where the keys come: member (a body member, as ids) or query (a query parameter)',
    )
  for (const [name, value] of [
    ['member', member],
    ['query', query],
  ] as const)
    if (value !== undefined && (typeof value !== 'string' || !word.test(value)))
      issue(`${where}.${name}`, 'must be a word, as ids')
  if (add !== undefined && add !== 'PUT' && add !== 'POST')
    issue(`${where}.add`, "must be 'PUT' or 'POST'")
  if (remove !== undefined && typeof remove !== 'boolean')
    issue(`${where}.remove`, 'must be true or false')
  if (prepare !== undefined && typeof prepare !== 'function')
    issue(`${where}.prepare`, 'must be a function')
  if (status !== undefined && status !== 200 && status !== 204)
    issue(`${where}.status`, 'must be 200 or 204')
  const create = d.create as { method?: unknown } | false | undefined
  const creates = create === undefined || create !== false
  const createMethod =
    create && typeof create === 'object' && create.method === 'PUT'
      ? 'PUT'
      : 'POST'
  const replace = d.replace as { collection?: unknown } | false | undefined
  const taken: [boolean, string][] =
    (add ?? 'PUT') === 'PUT'
      ? [
          [
            d.replaceAll !== undefined,
            'replaceAll takes the PUT on the collection',
          ],
          [
            isRecord(replace) && replace.collection === true,
            'replace.collection takes the PUT on the collection',
          ],
          [
            creates && createMethod === 'PUT',
            'a PUT on the collection creates (create.method is PUT)',
          ],
        ]
      : [
          [
            creates && createMethod === 'POST',
            "the create takes the POST on the collection: declare create: false, or add: 'PUT'",
          ],
        ]
  for (const [applies, why] of taken)
    if (applies) issue(`${where}.add`, `must be left out: ${why}`)
  if (d.singleton === true)
    issue(where, 'must be left out: a singleton has no collection to add to')
}

/** The methods a resource's own convention serves on its collection. */
function collectionMethods(d: AnyResource) {
  const taken = new Set<string>()
  if (d.singleton === true) return taken
  if (d.list !== false) taken.add('GET')
  const create = d.create as { method?: unknown } | false | undefined
  if (create !== false)
    taken.add(isRecord(create) && create.method === 'PUT' ? 'PUT' : 'POST')
  const replace = d.replace as { collection?: unknown } | false | undefined
  if (
    d.replaceAll !== undefined ||
    (isRecord(replace) && replace.collection === true)
  )
    taken.add('PUT')
  const byKeys = d.byKeys as { add?: unknown; remove?: unknown } | undefined
  if (isRecord(byKeys)) {
    taken.add(byKeys.add === 'POST' ? 'POST' : 'PUT')
    if (byKeys.remove !== false) taken.add('DELETE')
  }
  return taken
}

/** Operations on the collection as a whole: a method the collection leaves free, and a handler. */
function checkCollectionRoutes(d: AnyResource, at: string, issue: Issue) {
  const routes: unknown = d.collectionRoutes
  if (routes === undefined) return
  if (!Array.isArray(routes)) {
    issue(`${at}.collectionRoutes`, 'must be a list of { method, handle }')
    return
  }
  if (d.singleton === true)
    issue(
      `${at}.collectionRoutes`,
      'must be left out: a singleton has no collection (declare itemRoutes with path "")',
    )
  const taken = collectionMethods(d)
  const seen = new Set<string>()
  routes.forEach((route: unknown, i) => {
    const rp = `${at}.collectionRoutes[${i}]`
    if (!isRecord(route)) {
      issue(rp, 'must be { method, handle }')
      return
    }
    const { method } = route
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method as string))
      issue(`${rp}.method`, 'must be POST, PUT, PATCH or DELETE')
    else if (taken.has(method as string))
      issue(
        `${rp}.method`,
        `${String(method)} on the collection is the resource's own already: declare another method, or leave that write out`,
      )
    else if (seen.has(method as string))
      issue(`${rp}.method`, `${String(method)} is declared twice`)
    seen.add(method as string)
    if (typeof route.handle !== 'function')
      issue(`${rp}.handle`, 'must be a function that answers a Response')
  })
}

/** A `PUT` on the collection that replaces the record its body names takes the collection's `PUT`. */
function checkReplaceByBody(d: AnyResource, at: string, issue: Issue) {
  const replace = d.replace
  if (!replace || typeof replace !== 'object' || '~standard' in replace) return
  const collection: unknown = (replace as { collection?: unknown }).collection
  if (collection === undefined || collection === false) return
  const where = `${at}.replace.collection`
  if (collection !== true) issue(where, 'must be true or false')
  else if (d.replaceAll !== undefined)
    issue(
      where,
      'must be left out beside replaceAll: both take the PUT on the collection',
    )
  else if (
    d.create &&
    typeof d.create === 'object' &&
    (d.create as { method?: unknown }).method === 'PUT'
  )
    issue(
      where,
      'must be left out: a PUT on the collection creates (create.method is PUT)',
    )
  else if (d.singleton === true || d.items === false)
    issue(where, 'must be left out: there is no item to replace')
}

/** The success statuses a resource may answer its writes with. */
const STATUSES = {
  read: [200, 204],
  create: [200, 201, 202],
  replace: [200, 201, 202, 204],
  upsert: [200, 201, 202, 204],
  delete: [200, 202, 204],
} as const

function checkStatus(status: unknown, at: string, issue: Issue) {
  if (status === undefined) return
  if (typeof status !== 'object' || status === null) {
    issue(at, 'must be an object: { read, create, replace, upsert, delete }')
    return
  }
  for (const [name, value] of Object.entries(status)) {
    const allowed = STATUSES[name as keyof typeof STATUSES] as
      | readonly number[]
      | undefined
    if (!allowed)
      issue(
        `${at}.${name}`,
        'is no operation of a resource; use read, create, replace, upsert or delete',
      )
    else if (!allowed.includes(value as number))
      issue(`${at}.${name}`, `must be one of ${allowed.join(', ')}`)
  }
}
