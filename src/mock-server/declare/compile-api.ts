import {
  authScheme,
  MISSING_HEADER,
  missingHeaderProblem,
} from './dialect-auth.ts'
import type { Principal, TokenEntry } from '../auth/tokens.ts'
import { declaredRoute } from '../conventions/declared-route.ts'
import { rootRoute } from '../conventions/root.ts'
import { pathRouter, splitFragment } from '../path-router.ts'
import { problemCatalogue } from '../problems/catalogue.ts'
import { fail } from '../problems/problem-error.ts'
import type { ProblemType, ReadableTables } from '../model/compiled-api.ts'
import type { CompiledApi, RouteSpec } from '../route-spec.ts'
import type { FieldError } from '../validation/validate.ts'
import {
  checkApiShape,
  checkResource,
  InvalidDeclarationError,
} from './check-declaration.ts'
import {
  allowedActions,
  compileResource,
  namesOneOf,
  pathOf,
  type CompiledResource,
} from './compile-resource.ts'
import { declaredRoutesOf } from './declared-routes-of.ts'
import { resourceRoutes } from './resource-routes.ts'
import { seedRows, withTables } from './seed-rows.ts'
import { OWN_ID } from './new-id.ts'
import type {
  AnyRecord,
  ApiDeclaration,
  DataAccess,
  Id,
  Link,
} from './types.ts'

export type { ProblemType } from '../model/compiled-api.ts'
export type { CompiledApi } from '../route-spec.ts'

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item)
    Object.freeze(value)
  }
  return value
}

/** FNV-1a over the stored row: a strong validator for records without a `version`. */
function hash(text: string) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0).toString(36)
}

function tokensOf(
  declaration: ApiDeclaration,
): Record<string, TokenEntry> | null {
  if (!declaration.tokens) return null
  const tokens: Record<string, TokenEntry> = {}
  let anonymous = 0
  for (const [token, entry] of Object.entries(declaration.tokens)) {
    if ('expired' in entry) {
      tokens[token] = { expired: true }
      continue
    }
    const owns = entry.owns ?? []
    tokens[token] = {
      id:
        entry.principal ??
        (owns === 'all'
          ? 'admin'
          : owns.length > 0
            ? `owner:${owns.join(',')}`
            : `principal-${++anonymous}`),
      owns,
      scopes: entry.scopes ?? ['read', 'write'],
    }
  }
  return tokens
}

function buildProblems(declaration: ApiDeclaration) {
  const problems = new Map<string, ProblemType>()
  for (const [slug, p] of Object.entries(problemCatalogue))
    problems.set(slug, {
      ...p,
      stored: slug === 'state-conflict',
      declared: false,
    })
  // The API's own status for invalid input: some answer 400 where RFC 9110 suggests 422.
  if (declaration.validationStatus !== undefined)
    problems.set('validation-failed', {
      ...problems.get('validation-failed')!,
      status: declaration.validationStatus,
    })
  if ((declaration.requiredHeaders ?? []).length > 0)
    problems.set(MISSING_HEADER, { ...missingHeaderProblem, declared: true })
  for (const [slug, p] of Object.entries(declaration.problems ?? {}))
    problems.set(slug, {
      status: p.status,
      title: p.title,
      summary: p.summary,
      stored: p.stored ?? true,
      declared: true,
    })
  return problems
}

/**
 * Checks a declaration whole and works out what it serves. Every mistake is collected first, so one
 * `InvalidDeclarationError` lists them all, at creation, never at the first request.
 */
export function compileApi(
  declaration: ApiDeclaration,
  extraRoutes: (api: () => CompiledApi) => readonly RouteSpec[],
): CompiledApi {
  const errors: FieldError[] = []
  const issue = (field: string, message: string) =>
    errors.push({ field, message })
  if (!checkApiShape(declaration, issue))
    throw new InvalidDeclarationError(errors)
  const resources = new Map<string, CompiledResource>()
  for (const [name, resource] of Object.entries(declaration.resources)) {
    if (!resource || typeof resource !== 'object' || !resource.schema) continue
    try {
      resources.set(name, compileResource(name, resource, declaration.dialect))
    } catch (error) {
      issue(
        `resources.${name}`,
        error instanceof Error ? error.message : String(error),
      )
    }
  }
  // Relations give the other side its nested collection: `/books/{id}/loans`.
  for (const resource of resources.values())
    for (const relation of resource.relations) {
      const parent = resources.get(relation.to)
      if (!parent || !relation.nested) continue
      parent.nested.push({
        name: relation.nested,
        of: resource.name,
        title: undefined,
        where: (row, p) => row[relation.field] === p.id,
      })
    }
  for (const resource of resources.values())
    checkResource(resource, resources, issue)
  // Seed rows are checked against their schemas and relations now, not at the first reset, and
  // beside the declaration's other mistakes, so one error lists them all.
  // They are kept for random seed 1, the default: a large API (Stripe's) draws them once.
  // Rows are deeply frozen as they are drawn and shared by every instance: their representation is
  // a pure function of the row and the base (state links and relations read only the row), so its
  // JSON is written once. Rows a request stores are not frozen and are written each time, as are
  // resources whose declared `links` function may read more than the row.
  const sealed = new WeakSet<AnyRecord>()
  const seal = (table: AnyRecord[]) => {
    deepFreeze(table)
    for (const row of table) sealed.add(row)
  }
  let checkedSeed: Record<string, AnyRecord[]> | undefined
  try {
    checkedSeed = seedRows(resources, 1, seal)
  } catch (error) {
    if (error instanceof InvalidDeclarationError) errors.push(...error.errors)
    else if (errors.length > 0)
      issue('seed', error instanceof Error ? error.message : String(error))
    else throw error
  }
  if (errors.length > 0) throw new InvalidDeclarationError(errors)

  const seeds = new Map<number, Record<string, AnyRecord[]>>()
  const keep = (randomSeed: number, rows: Record<string, AnyRecord[]>) => {
    if (seeds.size < 16) seeds.set(randomSeed, rows)
    return rows
  }
  if (checkedSeed) keep(1, checkedSeed)
  const written = new WeakMap<AnyRecord, { base: string; json: string }>()
  const etagPrefixes = new Map<CompiledResource, string>()
  // Routes reach the compiled API through `self`, which is set right below them.
  // eslint-disable-next-line prefer-const
  let compiled: CompiledApi
  const self = () => compiled
  // A resource or declared route of the API's own at `/events` keeps its path; the event stream
  // steps aside (an imported API's `GET /events` is the API's, not a stream that never ends).
  const ownEvents =
    resources.has('events') ||
    declaredRoutesOf(declaration).some((route) => route.path === '/events')
  const routes: RouteSpec[] = extraRoutes(self).filter(
    (route) => !(route.path === '/events' && ownEvents),
  )
  // The API's own `GET /` (an imported description's root) takes the place of hypermock's.
  const ownRoot = declaredRoutesOf(declaration).some(
    (route) =>
      (route.path === '/' || route.path === '') && route.method === 'GET',
  )
  if (!ownRoot) routes.unshift(rootRoute(self))
  for (const resource of resources.values())
    if (resource.declaration.tableOnly !== true)
      for (const route of resourceRoutes(resource, resources)) {
        // A nested list serves the listed resource's records, in its media type.
        const type = resources.get(route.resource ?? resource.name)?.declaration
          .mediaType
        if (type !== undefined) route.mediaType = type
        routes.push(route)
      }
  for (const declared of declaredRoutesOf(declaration))
    routes.push(declaredRoute(declared))

  const visibleWith = (
    resource: CompiledResource,
    row: AnyRecord,
    principal: Principal,
    data: DataAccess,
  ) => {
    if (!resource.owners || principal.owns === 'all') return true
    const owns = principal.owns
    // An owner named by a field (most are) is read off the row: no list of keys is built.
    const field = resource.declaration.owner
    if (typeof field === 'string') return namesOneOf(row[field], owns)
    return resource.owners(row, data).some((key) => owns.includes(key))
  }
  /** One data access per instance's tables, made when first asked, not for every item read. */
  const dataAccess = new WeakMap<ReadableTables, DataAccess>()
  const dataOf = (tables: ReadableTables) => {
    let data = dataAccess.get(tables)
    if (data === undefined) {
      data = { table: (name) => tables.db.handle(name) }
      dataAccess.set(tables, data)
    }
    return data
  }

  const match = pathRouter(
    routes.map(
      (route) => [splitFragment(route.path).path || '/', true] as const,
    ),
  )
  compiled = {
    matches: (path) => match(path).length > 0,
    name: declaration.name,
    description: declaration.description,
    declaration,
    resources,
    problems: buildProblems(declaration),
    tokens: tokensOf(declaration),
    auth: authScheme(declaration.auth),
    authAlso:
      declaration.auth === false
        ? []
        : (declaration.authAlso ?? []).map((scheme) => authScheme(scheme)),
    requiredHeaders: declaration.requiredHeaders ?? [],
    routes,
    seed(randomSeed) {
      // Seeds are checked once per random seed. Rows are frozen and shared: the engine never
      // changes a row in place (an update stores a new object), so instances need no copy.
      const rows =
        seeds.get(randomSeed) ??
        keep(randomSeed, seedRows(resources, randomSeed, seal))
      return withTables(rows, {})
    },
    present(resource, row, base) {
      if (resource.declaration.links === false) {
        const bare: AnyRecord = ownIdOf(resource, row)
        for (const key in row)
          if (!resource.hidden.has(key)) bare[key] = row[key]
        return bare
      }
      const href = (name: string, id?: Id, of?: AnyRecord) => {
        const target = resources.get(name)
        const collection = `${base.baseHref}${target ? pathOf(target, of) : `/${name}`}`
        return id === undefined
          ? collection
          : `${collection}/${encodeURIComponent(String(id))}`
      }
      // A singleton's record lives at its resource's path, with no key.
      const self = href(
        resource.name,
        resource.singleton ? undefined : (row.id as Id),
        row,
      )
      // A collection with no items has no item for `self` to name.
      const _links: Record<string, Link> = resource.items
        ? { self: { href: self } }
        : {}
      for (const relation of resource.relations) {
        const value = row[relation.field]
        if (value !== null && value !== undefined)
          _links[relation.name] = { href: href(relation.to, value as Id) }
      }
      for (const nested of resource.nested)
        _links[nested.name] = { href: `${self}/${nested.name}` }
      const more = (
        resource.declaration.links as
          | ((row: AnyRecord, h: typeof href) => Record<string, Link>)
          | undefined
      )?.(row, href)
      if (more)
        for (const [rel, link] of Object.entries(more))
          if (link) _links[rel] = link
      if (resource.state) {
        const allowed = new Set(allowedActions(resource, row))
        for (const t of resource.state.transitions)
          if (allowed.has(t.name))
            _links[t.name] = {
              href: `${self}/${t.path}`,
              method: 'POST',
              ...(t.title !== undefined && { title: t.title }),
            }
      }
      const out: AnyRecord = ownIdOf(resource, row)
      for (const key in row) if (!resource.hidden.has(key)) out[key] = row[key]
      // A record of a collection with no items may have nothing to link.
      if (Object.keys(_links).length > 0) out._links = _links
      return out
    },
    presentJson(resource, row, base) {
      const pure =
        sealed.has(row) && typeof resource.declaration.links !== 'function'
      const kept = pure ? written.get(row) : undefined
      if (kept !== undefined && kept.base === base.baseHref) return kept.json
      const json = JSON.stringify(compiled.present(resource, row, base))
      if (pure) written.set(row, { base: base.baseHref, json })
      return json
    },
    etag(resource, row) {
      // `"order-1-v3"`: the part before the id is the resource's, joined once rather than per answer.
      let prefix = etagPrefixes.get(resource)
      if (prefix === undefined)
        etagPrefixes.set(resource, (prefix = `"${resource.singular}-`))
      return resource.has.version
        ? `${prefix}${String(row.id)}-v${String(row.version)}"`
        : `${prefix}${String(row.id)}-${hash(JSON.stringify(row))}"`
    },
    visible: (resource, row, principal, tables) =>
      visibleWith(resource, row, principal, dataOf(tables)),
    visibleWith,
    deleteRow(tables, resource, row) {
      compiled.deleteRows(tables, resource, [row])
    },
    deleteRows(tables, resource, rows) {
      // Plan the whole deletion first: a refusal anywhere changes nothing. The rows asked for are
      // in the plan from the start, so one of them naming another is no refusal.
      const plan: [CompiledResource, AnyRecord][] = rows.map((row) => [
        resource,
        row,
      ])
      const visit = (
        target: CompiledResource,
        targetRow: AnyRecord,
        planned = false,
      ) => {
        if (!planned) plan.push([target, targetRow])
        for (const other of resources.values())
          for (const relation of other.relations) {
            if (relation.to !== target.name) continue
            for (const child of tables.db.table(other.name).rows.values()) {
              if (child[relation.field] !== targetRow.id) continue
              if (plan.some(([r, x]) => r === other && x.id === child.id))
                continue
              if (relation.onDelete === 'cascade') visit(other, child)
              else
                fail('still-referenced', {
                  detail: `${target.singular} ${String(targetRow.id)} is still named by ${other.singular} ${String(child.id)} (${relation.field}); delete that first.`,
                  extensions: {
                    referencedBy: {
                      resource: other.name,
                      id: child.id,
                      field: relation.field,
                    },
                  },
                })
            }
          }
      }
      for (const row of rows) visit(resource, row, true)
      for (const [target, r] of plan)
        tables.db.table(target.name).delete(r.id as Id)
    },
  }
  return compiled
}

/** The record's own id, first, where another member is its key (the row keeps it aside). */
function ownIdOf(resource: CompiledResource, row: AnyRecord): AnyRecord {
  return resource.ownId && row[OWN_ID] !== undefined ? { id: row[OWN_ID] } : {}
}
