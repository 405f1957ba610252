import type { ApiModel } from '../model/compiled-api.ts'
import type {
  CompiledResource,
  CompiledTransition,
} from '../declare/compile-resource.ts'
import type { JsonSchema } from '../declare/schema-tools.ts'
import type { AnyRecord, Id } from '../declare/types.ts'
import { schemaRef, type ResourceNames } from '../openapi/schema-names.ts'

/** One success an endpoint (a method of a route) may answer with. */
export interface Answer {
  status: 200 | 201 | 202 | 204 | 304
  schema?: JsonSchema
  html?: boolean
  /** A `text/event-stream` of state events. */
  eventStream?: boolean
  etag?: boolean
  location?: boolean
  /** A page of a collection: `Link` header. */
  page?: boolean
}

/** What an endpoint (a method of a route) does, worked out from its route's kind and its resource's declaration. */
export interface EndpointDoc {
  operationId: string
  summary: string
  description?: string
  tag: string
  answers: Answer[]
  /** The listed resource, for paging, sort and filter parameters. */
  collection?: CompiledResource
  /** The request body: its schema's name, and its media type where not `application/json`. */
  /**
   * The request body: `mediaType` may list several types (`a, b`) of one schema; `jsonPatch` adds
   * `application/json-patch+json`, an RFC 6902 list of operations.
   */
  body?: {
    /** A component's name; `inline` gives the schema itself instead. */
    schema: string
    inline?: JsonSchema
    required: boolean
    mediaType?: string
    jsonPatch?: boolean
  }
  ifMatch?: boolean
  ifNoneMatch?: boolean
  /** It honours `Prefer: return=…` (`prefer.ts`): the header is a parameter, its answers say so. */
  prefer?: boolean
  /** Problems the endpoint raises itself, besides the pipeline's checks. */
  problems: string[]
  /** The resource the path's `{id}` names, and a seeded id to show it with. */
  pathItem?: { resource: CompiledResource; example: Id | undefined }
}

export interface DescribeContext {
  api: ApiModel
  names: ReadonlyMap<string, ResourceNames>
  seed: Record<string, AnyRecord[]>
}

export const capitalise = (text: string) =>
  text.charAt(0).toUpperCase() + text.slice(1)

export const states = (values: readonly unknown[]) =>
  values.map((v) => JSON.stringify(v)).join(' or ')

export function resourceOf(api: ApiModel, name: string | undefined) {
  const resource = name === undefined ? undefined : api.resources.get(name)
  if (!resource)
    throw new Error(
      `Failed to describe the API: a route names the resource "${String(name)}", which the API does not declare.`,
    )
  return resource
}

/** The schema of a record in some states: their variants where it has them, else any record. */
export function inStates(
  names: ResourceNames,
  values: readonly unknown[] | undefined,
): JsonSchema {
  const refs = (values ?? [])
    .map((value) => names.states.get(value))
    .filter((name) => name !== undefined)
  if (!values || refs.length !== values.length) return schemaRef(names.item)
  return refs.length === 1
    ? schemaRef(refs[0]!)
    : { oneOf: refs.map(schemaRef) }
}

/** A seeded item to show a path with: one whose state allows the action, or a new one's state. */
export function exampleId(
  ctx: DescribeContext,
  resource: CompiledResource,
  transition?: CompiledTransition,
): Id | undefined {
  const rows = ctx.seed[resource.name] ?? []
  const state = resource.state
  const wanted = (row: AnyRecord) =>
    !state ||
    (transition
      ? transition.from.includes(row[state.field])
      : row[state.field] === state.initial)
  return ((rows.find(wanted) ?? rows[0])?.id as Id | undefined) ?? undefined
}

/** Problems a hook may raise: the API's own types, and a state conflict on other records. */
export function hookProblems(ctx: DescribeContext, acts: boolean) {
  const declared = [...ctx.api.problems].filter(([, p]) => p.declared)
  const stateful = [...ctx.api.resources.values()].some((r) => r.state)
  return [
    ...declared.map(([slug]) => slug),
    ...(acts && stateful ? ['state-conflict'] : []),
  ]
}

/** How one route's method describes itself, given the whole API's names and seed. */
export type DescribeEndpoint = (ctx: DescribeContext) => EndpointDoc

/**
 * `still-referenced` where a write deletes records of `resource` that a `refuse` relation may still
 * name (a DELETE, a set replaced or emptied by keys), else nothing.
 */
export function stillReferencedProblem(
  ctx: DescribeContext,
  resource: { readonly name: string },
): ['still-referenced'] | [] {
  const referenced = [...ctx.api.resources.values()].some((other) =>
    other.relations.some(
      (r) => r.to === resource.name && r.onDelete === 'refuse',
    ),
  )
  return referenced ? ['still-referenced'] : []
}
