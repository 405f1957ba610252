import type { Principal, TokenEntry } from '../auth/tokens.ts'
import type { CompiledResource } from '../declare/compile-resource.ts'
import type { AuthScheme } from '../declare/dialect-auth.ts'
import type {
  AnyRecord,
  ApiDeclaration,
  DataAccess,
  Id,
  TableHandle,
} from '../declare/types.ts'

export interface ProblemType {
  status: number
  title: string
  summary: string
  /** Raised once the operation began: an `Idempotency-Key` stores and replays it. */
  stored: boolean
  declared: boolean
}

/** What links start with: all that presenting a record needs of an instance. */
export interface LinkBase {
  readonly baseHref: string
}

/** The rows a visibility rule may read (an owner named through another record). */
export interface ReadableTables {
  readonly db: {
    handle<R extends AnyRecord = AnyRecord>(name: string): TableHandle<R>
  }
}

/** The rows a deletion plans over and removes. */
export interface WritableTables {
  readonly db: {
    table(name: string): {
      readonly rows: ReadonlyMap<Id, AnyRecord>
      delete(id: Id): unknown
    }
  }
}

/**
 * A declaration, worked out once: resources, problems, tokens, seed rows and how a record is
 * presented. The model holds no request code: the routes that serve it are built beside it
 * (`CompiledApi` in `route-spec.ts`), and what it needs of an instance comes through the narrow
 * interfaces above.
 */
export interface ApiModel {
  name: string
  description: string | undefined
  declaration: ApiDeclaration
  resources: ReadonlyMap<string, CompiledResource>
  problems: ReadonlyMap<string, ProblemType>
  /** Declared tokens; `null` when none are declared and any Bearer token is let in. */
  tokens: Record<string, TokenEntry> | null
  /** How a request sends its credential (the declaration's `auth`, defaults filled in). */
  auth: AuthScheme
  /** The other schemes a credential may come in (the declaration's `authAlso`). */
  authAlso: AuthScheme[]
  /** Headers every request to the API's resources must carry. */
  requiredHeaders: readonly string[]
  /** The rows of every table for a new instance or a reset: frozen, shared by every instance. */
  seed(randomSeed: number): Record<string, AnyRecord[]>
  present(resource: CompiledResource, row: AnyRecord, base: LinkBase): AnyRecord
  /** `present` as JSON text: kept, per base, for a seed row (frozen, never changed in place). */
  presentJson(
    resource: CompiledResource,
    row: AnyRecord,
    base: LinkBase,
  ): string
  etag(resource: CompiledResource, row: AnyRecord): string
  visible(
    resource: CompiledResource,
    row: AnyRecord,
    principal: Principal,
    tables: ReadableTables,
  ): boolean
  visibleWith(
    resource: CompiledResource,
    row: AnyRecord,
    principal: Principal,
    data: DataAccess,
  ): boolean
  /** Whether a path (below the base) is one the API serves: what an API at the root owns. */
  matches(path: string): boolean
  /** Deletes a row by the relations' rules: 409 when a `refuse` relation still names it. */
  deleteRow(
    tables: WritableTables,
    resource: CompiledResource,
    row: AnyRecord,
  ): void
  /** Deletes several rows of one resource as one step: every refusal is found before any row goes. */
  deleteRows(
    tables: WritableTables,
    resource: CompiledResource,
    rows: readonly AnyRecord[],
  ): void
}
