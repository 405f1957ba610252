import type {
  CompiledNested,
  CompiledRelation,
  CompiledResource,
  CompiledTransition,
} from '../declare/compile-resource.ts'
import type { AnyRecord } from '../declare/types.ts'

/** A Relay page request, and the list's filters and sorts in the REST list's own query language. */
export interface ListArgs {
  first: number | null
  after: string | null
  last: number | null
  before: string | null
  /** `status=growing,on-loan&height[gte]=3&sort=-height`: what the REST list would be sent. */
  query: URLSearchParams
}

/** One page of a connection: its rows, each row's cursor, and where it stands in the whole list. */
export interface ConnectionPage {
  rows: readonly AnyRecord[]
  cursors: readonly string[]
  totalCount: number
  hasNextPage: boolean
  hasPreviousPage: boolean
}

/**
 * What the schema's resolvers ask of one GraphQL request: the engine answers it for the caller who
 * sent it (its owners' view, its scopes), and writes go through the REST conventions' handlers. The
 * schema is built once per declaration; this is made per request.
 */
export interface GraphqlData {
  list(
    resource: CompiledResource,
    args: ListArgs,
    within?: { nested: CompiledNested; parent: AnyRecord },
  ): ConnectionPage
  read(resource: CompiledResource, id: string): AnyRecord | null
  related(relation: CompiledRelation, row: AnyRecord): AnyRecord | null
  create(resource: CompiledResource, input: unknown): Promise<AnyRecord>
  update(
    resource: CompiledResource,
    id: string,
    patch: AnyRecord,
  ): Promise<AnyRecord>
  remove(resource: CompiledResource, id: string): Promise<AnyRecord | null>
  act(
    resource: CompiledResource,
    transition: CompiledTransition,
    id: string,
    input: unknown,
  ): Promise<AnyRecord>
}

/** Which changes one subscription wants: one collection's, of one record, of some types. */
export interface ChangeFilter {
  collection: string
  id: string | null
  types: readonly string[] | null
}

/** A state event as a subscription hands it on: its type, time, and the record as REST shows it. */
export interface ChangeEvent {
  type: string
  time: string
  data: Record<string, unknown>
}

/** The context every resolver gets; `changes` where the request is a stream (subscriptions). */
export type GraphqlContext = {
  data: GraphqlData
  changes?: (filter: ChangeFilter) => AsyncIterable<ChangeEvent>
}
