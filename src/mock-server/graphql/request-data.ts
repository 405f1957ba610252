import type { GraphQLError } from 'graphql'
import type { Principal } from '../auth/tokens.ts'
import { HYPERMOCK_LIST } from '../collections/list-shape.ts'
import { parseCollectionQuery, UNPAGED } from '../collections/query.ts'
import { selectPage } from '../collections/select-page.ts'
import {
  SERVER_FIELDS,
  type CompiledResource,
} from '../declare/compile-resource.ts'
import { jsonSchemaOf } from '../declare/schema-tools.ts'
import type { AnyRecord } from '../declare/types.ts'
import { limits } from '../limits.ts'
import { pathRouter } from '../path-router.ts'
import { ProblemError } from '../problems/problem-error.ts'
import type { RequestState } from '../request-state.ts'
import type { RouteSpec } from '../route-spec.ts'
import type { Runtime } from '../runtime.ts'
import {
  answeredAsGraphqlError,
  problemAsGraphqlError,
  thrownAsGraphqlError,
} from './graphql-errors.ts'
import type { ConnectionPage, GraphqlData, ListArgs } from './graphql-data.ts'
import { runRest, type RestCall } from './run-rest.ts'

/** The most edges one connection field answers; with neither `first` nor `last`, the REST page size. */
const MAX_EDGES = 100

/** Each resource's REST routes, found once per instance. */
interface ResourceRoutes {
  collection: RouteSpec | undefined
  item: RouteSpec | undefined
  actions: Map<string, RouteSpec>
}

const routesOf = new WeakMap<Runtime, Map<string, ResourceRoutes>>()

function resourceRoutes(runtime: Runtime, resource: string): ResourceRoutes {
  let all = routesOf.get(runtime)
  if (!all) {
    all = new Map()
    for (const spec of runtime.api.routes) {
      if (spec.resource === undefined || spec.kind === 'nested') continue
      let entry = all.get(spec.resource)
      if (!entry) {
        entry = { collection: undefined, item: undefined, actions: new Map() }
        all.set(spec.resource, entry)
      }
      if (spec.kind === 'collection') entry.collection ??= spec
      else if (spec.kind === 'item') entry.item ??= spec
      else if (spec.kind === 'action' && spec.action !== undefined)
        entry.actions.set(spec.action, spec)
    }
    routesOf.set(runtime, all)
  }
  return (
    all.get(resource) ?? {
      collection: undefined,
      item: undefined,
      actions: new Map(),
    }
  )
}

/** `/plants/:id/harvest` with `id` → `/plants/7/harvest`. */
function fill(path: string, value: string) {
  return path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/, encodeURIComponent(value))
}

const encodeCursor = (id: unknown) =>
  btoa(encodeURIComponent(JSON.stringify(id)))

function decodeCursor(cursor: string): unknown {
  try {
    return JSON.parse(decodeURIComponent(atob(cursor))) as unknown
  } catch {
    return undefined
  }
}

function overLimit(limit: string, max: number, detail: string) {
  return problemAsGraphqlError('limit-exceeded', 409, detail, { limit, max })
}

function invalidArgument(name: string, message: string): GraphQLError {
  return problemAsGraphqlError(
    'invalid-query',
    400,
    `The argument ${name} ${message}.`,
    { errors: [{ field: name, message }] },
  )
}

/**
 * What the schema's resolvers read and write for one GraphQL request: reads see the rows the
 * caller's REST reads would (its owners' view, the list's own filters and sorts); each write is the
 * REST operation itself, run through the convention's route, checks and handler, so validation,
 * 409s, references and owners answer as over REST. A problem becomes the field's GraphQL error.
 */
export function requestData(
  runtime: Runtime,
  request: Request,
  state: RequestState,
  principal: Principal,
): GraphqlData {
  const api = runtime.api
  // What this request has cost so far: nested connections multiply, so the whole request is bounded.
  let connections = 0
  let edges = 0
  const visible = (resource: CompiledResource) => (row: AnyRecord) =>
    api.visible(resource, row, principal, runtime)

  function mayRead() {
    if (!principal.scopes.includes('read'))
      throw problemAsGraphqlError(
        'forbidden',
        403,
        'This credential lacks the "read" scope needed to read.',
        {},
      )
  }

  /** The row a REST item path names, as the caller may see it; `null` when unknown or hidden. */
  function load(resource: CompiledResource, id: string): AnyRecord | null {
    const item = resourceRoutes(runtime, resource.name).item
    if (!item?.load) return null
    try {
      return item.load(
        { [resource.key.param]: id },
        principal,
        runtime,
      ) as AnyRecord
    } catch (error) {
      if (error instanceof ProblemError && error.slug === 'not-found')
        return null
      if (error instanceof ProblemError) throw thrownAsGraphqlError(api, error)
      throw error
    }
  }

  async function call(rest: RestCall): Promise<Response> {
    const response = await runRest(runtime, request, state, principal, rest)
    if (response.status >= 400) throw await answeredAsGraphqlError(response)
    return response
  }

  function required(
    spec: RouteSpec | undefined,
    resource: CompiledResource,
    what: string,
  ): RouteSpec {
    if (spec) return spec
    throw problemAsGraphqlError(
      'method-not-allowed',
      405,
      `${resource.title} cannot be ${what} on this API.`,
      {},
    )
  }

  /** The record a create answered: by its `Location`, else by the key its body names. */
  async function created(
    resource: CompiledResource,
    response: Response,
  ): Promise<AnyRecord> {
    const item = resourceRoutes(runtime, resource.name).item
    const location = response.headers.get('Location')
    if (item && location !== null) {
      const path = new URL(location, state.url).pathname
      const [match] = pathRouter([[`${runtime.basePath}${item.path}`, item]])(
        path,
      )
      const id = match?.[1][resource.key.param]
      const row = id === undefined ? null : load(resource, id)
      if (row) return row
    }
    let body: unknown = undefined
    try {
      body = await response.json()
    } catch {
      // no body: nothing more to go by
    }
    const record =
      typeof body === 'object' && body !== null
        ? (((body as AnyRecord)[resource.key.member] !== undefined
            ? body
            : Object.values(body as AnyRecord).find(
                (v) => typeof v === 'object' && v !== null,
              )) as AnyRecord | undefined)
        : undefined
    const key = record?.[resource.key.member]
    const row = key === undefined ? null : load(resource, String(key))
    if (row) return row
    throw problemAsGraphqlError(
      'internal-error',
      500,
      `The create answered ${response.status} without naming the ${resource.singular} it made.`,
      {},
    )
  }

  function afterWrite(resource: CompiledResource, id: string) {
    const row = load(resource, id)
    if (row) return row
    throw problemAsGraphqlError(
      'not-found',
      404,
      `The ${resource.singular} ${id} is gone after the operation.`,
      {},
    )
  }

  return {
    list(resource, args: ListArgs, within): ConnectionPage {
      mayRead()
      connections += 1
      if (connections > limits.graphqlConnections)
        throw overLimit(
          'graphqlConnections',
          limits.graphqlConnections,
          `This GraphQL request asks for more than ${limits.graphqlConnections} connections, the most one request resolves. Ask for fewer nested lists, or split the request.`,
        )
      const { first, last, after, before } = args
      if (first !== null && !(first >= 0 && first <= MAX_EDGES))
        throw invalidArgument('first', `must be from 0 to ${MAX_EDGES}`)
      if (last !== null && !(last >= 0 && last <= MAX_EDGES))
        throw invalidArgument('last', `must be from 0 to ${MAX_EDGES}`)
      let query
      try {
        query = parseCollectionQuery(
          args.query,
          resource.filters,
          resource.sortable,
          HYPERMOCK_LIST,
        )
      } catch (error) {
        if (error instanceof ProblemError)
          throw thrownAsGraphqlError(api, error)
        throw error
      }
      query.page = 1
      query.offset = 0
      query.perPage = UNPAGED
      if (query.sort.at(-1)?.field !== 'id')
        query.sort.push({ field: 'id', descending: false })
      const seen = visible(resource)
      const where = within
        ? (row: AnyRecord) =>
            within.nested.where(row, within.parent) && seen(row)
        : seen
      // The first page needs only its own rows sorted (and the rest counted), as a REST page does;
      // a cursor needs the whole order to find its place.
      const fromStart = after === null && before === null && last === null
      if (fromStart) query.perPage = first ?? HYPERMOCK_LIST.defaultPerPage
      const { items, total } = selectPage(
        runtime.db.table(resource.name).rows.values(),
        query,
        where,
        resource.idKind === 'integer',
      )
      const position = (cursor: string, name: string) => {
        const id = decodeCursor(cursor)
        const at = items.findIndex((row) => row.id === id)
        if (at < 0)
          throw invalidArgument(
            name,
            'is not a cursor of this list (its record is gone or filtered out)',
          )
        return at
      }
      let start = 0
      let end = items.length
      if (after !== null) start = position(after, 'after') + 1
      if (before !== null) end = Math.min(end, position(before, 'before'))
      if (end < start) end = start
      if (first !== null) end = Math.min(end, start + first)
      if (last !== null) start = Math.max(start, end - last)
      if (first === null && last === null)
        end = Math.min(end, start + HYPERMOCK_LIST.defaultPerPage)
      const rows = items.slice(start, end)
      edges += rows.length
      if (edges > limits.graphqlEdges)
        throw overLimit(
          'graphqlEdges',
          limits.graphqlEdges,
          `This GraphQL request answers more than ${limits.graphqlEdges} edges over all its connections, the most one request answers. Ask for smaller pages (first, last) or fewer nested lists.`,
        )
      return {
        rows,
        cursors: rows.map((row) => encodeCursor(row.id)),
        totalCount: total,
        hasNextPage: end < total,
        hasPreviousPage: start > 0,
      }
    },

    read(resource, id) {
      mayRead()
      return load(resource, id)
    },

    related(relation, row) {
      mayRead()
      const target = api.resources.get(relation.to)
      const value = row[relation.field]
      if (!target || value === null || value === undefined) return null
      const found = runtime.db
        .table(target.name)
        .rows.get(value as number | string)
      return found && visible(target)(found) ? found : null
    },

    async create(resource, input) {
      const routes = resourceRoutes(runtime, resource.name)
      const spec = required(routes.collection, resource, 'created')
      const response = await call({
        method: 'POST',
        path: spec.path,
        body: input,
      })
      return created(resource, response)
    },

    async update(resource, id, patch) {
      const item = required(
        resourceRoutes(runtime, resource.name).item,
        resource,
        'updated',
      )
      const path = fill(item.path, id)
      if (resource.patch) {
        const merge = resource.patchTypes.includes(
          'application/merge-patch+json',
        )
        await call({
          // An API may update by POST on the item (`patch.method`).
          method: resource.patchMethod,
          path,
          contentType: merge
            ? 'application/merge-patch+json'
            : 'application/json-patch+json',
          body: merge
            ? patch
            : Object.entries(patch).map(([member, value]) =>
                value === null
                  ? { op: 'remove', path: `/${member}` }
                  : { op: 'add', path: `/${member}`, value },
              ),
        })
      } else {
        // A PUT only: the record as it is, with the changes merged in.
        const current = load(resource, id)
        if (!current)
          throw problemAsGraphqlError(
            'not-found',
            404,
            `No ${resource.singular} ${id} exists.`,
            {},
          )
        const body: AnyRecord = {}
        const input = resource.replace?.input
        const members = input
          ? Object.keys(jsonSchemaOf(input, 'input').properties ?? {})
          : resource.fields.filter((f) => !SERVER_FIELDS.includes(f))
        for (const field of members)
          if (!resource.hidden.has(field) && current[field] !== undefined)
            body[field] = current[field]
        for (const field of Object.keys(patch))
          if (patch[field] === null) delete body[field]
          else body[field] = patch[field]
        await call({ method: 'PUT', path, body })
      }
      return afterWrite(resource, id)
    },

    async remove(resource, id) {
      const item = required(
        resourceRoutes(runtime, resource.name).item,
        resource,
        'deleted',
      )
      const before = load(resource, id)
      await call({ method: 'DELETE', path: fill(item.path, id) })
      return before
    },

    async act(resource, transition, id, input) {
      const spec = required(
        resourceRoutes(runtime, resource.name).actions.get(transition.name),
        resource,
        transition.name,
      )
      await call({ method: 'POST', path: fill(spec.path, id), body: input })
      return afterWrite(resource, id)
    },
  }
}
