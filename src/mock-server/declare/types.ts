import type {
  BodyMediaType,
  Dialect,
  ListEnvelope,
  PagingParams,
  PagingStyle,
} from './dialect.ts'
import type { StandardSchemaV1 } from '@standard-schema/spec'
import type { Principal } from '../auth/tokens.ts'
import type { AuthDeclaration, PatchDeclaration } from './dialect-auth.ts'
import type { FieldError } from '../validation/validate.ts'
import type { Scenario } from '../scenarios/scenario-schema.ts'

/** Any Standard Schema (zod 4, Valibot, ArkType…); zod's also give filters and the description. */
export type Schema<Output = unknown> = StandardSchemaV1<unknown, Output>

/** What a schema produces once it has validated its input. */
export type Infer<S> = S extends StandardSchemaV1<unknown, infer O> ? O : never

/** A record of any resource: its fields by name. */
export type AnyRecord = Record<string, unknown>

/** A record's id: an integer, a UUID or a string, as the resource's `id` declares. */
export type Id = number | string

/** Who owns a row: a value the `owns` list of a principal can name. */
export type OwnerKey = number | string

/** A link object of `_links` (concepts/links.md#links-self). */
export interface Link {
  href: string
  method?: 'POST' | 'PUT' | 'DELETE'
  title?: string
  /** The media type the target answers, where it is not JSON (`text/event-stream`). */
  type?: string
}

/** The fields of a record (string keys only). */
export type FieldOf<R> = Extract<keyof R, string>

/** A row as a handler or a typed handle reads and writes it. */
export interface TableHandle<R extends AnyRecord = AnyRecord> {
  get(id: Id): R | undefined
  /** Every row, in id order (a live iterator: do not write while iterating). */
  rows(): IterableIterator<R>
  list(): R[]
  /**
   * Adds a row: the id, `createdAt`/`updatedAt`, `version` and the initial state are filled in
   * when the record has them and the values are missing. Values naming the id of a row that
   * exists are refused with a 409 `already-exists` (thrown as a `ProblemError`): an insert never
   * replaces a row.
   */
  insert(values: Partial<R>): R
  /** Changes a row: `version` goes up by one and `updatedAt` moves when the record has them. */
  update(id: Id, patch: Partial<R>): R
  delete(id: Id): boolean
  readonly size: number
}

/** The data a handler sees: every table of the API by resource name. */
export interface DataAccess {
  table<R extends AnyRecord = AnyRecord>(resource: string): TableHandle<R>
}

/** What `ctx.fail(slug, options)` answers with beside the problem type's own members. */
export interface ProblemOptions {
  detail: string
  /** Extension members (the problem type's declared members). */
  members?: Record<string, unknown>
  /** Defaults to the request path. */
  instance?: string
  headers?: Record<string, string>
}

/** What every hook and custom handler gets of one request. */
export interface HandlerContext {
  request: Request
  /** The parsed JSON body; `undefined` when the request had none. */
  body: unknown
  url: URL
  /** The request path, the default problem `instance`. */
  path: string
  params: Record<string, string>
  principal: Principal
  /** Whether the caller sees every owner's rows. */
  admin: boolean
  data: DataAccess
  /** The mock clock, as an ISO-8601 string. */
  now(): string
  /** The mock's seeded random source: [0, 1). */
  random(): number
  basePath: string
  /** The path (or URL, where the base has a host) of a collection, or of one item. */
  href(resource: string, id?: Id): string
  /** Answers with a problem: a declared type, or a built-in one. */
  fail(slug: string, options: ProblemOptions): never
  /** Answers 422 `validation-failed` with these field errors. */
  invalid(errors: FieldError | readonly FieldError[]): never
  /** 200 with a record of a resource as the API presents it (links, ETag). */
  ok(resource: string, row: AnyRecord): Response
  /** 201 with a record, its `Location` and ETag. */
  created(resource: string, row: AnyRecord): Response
  /** The ETag of a stored record of a resource, the one its reads answer. */
  etag(resource: string, row: AnyRecord): string
  /**
   * Answers 412 `precondition-failed` when the request's `If-Match` names neither `*` nor the
   * record's current ETag: call it before a custom write changes the record.
   */
  checkIfMatch(resource: string, row: AnyRecord): void
}

/**
 * What a route's handler and every hook get of one request.
 *
 * @deprecated Renamed `HandlerContext`: an operation is a request with its retries (`api.operations`).
 */
export type OperationContext = HandlerContext

/** What a hook on one record gets: the handler's context and the stored record. */
export interface ItemContext<R extends AnyRecord> extends HandlerContext {
  item: R
}

/** What a hook on a request body gets: the handler's context and the validated input. */
export interface InputContext<I> extends HandlerContext {
  input: I
}

/** What an action's hooks get: the record it acts on and the validated input. */
export interface ActionContext<
  R extends AnyRecord,
  I = unknown,
> extends ItemContext<R> {
  input: I
}

/** An action, from one transition of the state field: a link and a `POST` route. */
export interface Transition<R extends AnyRecord, St> {
  from: readonly St[]
  to: St
  /** The link's `title`. */
  title?: string
  /** The route's last segment, `/{collection}/{id}/{path}`. @default the action's name */
  path?: string
  /** The body it takes. @default an empty object (no member allowed) */
  input?: Schema
  /** In strict mode (`requireIdempotencyKey`), this action needs an `Idempotency-Key`. */
  strictKey?: boolean
  /** Refuses with a problem (`ctx.fail`) after validation, before anything changes. */
  guard?(ctx: ActionContext<R>): void
  /**
   * What else the action does: returns fields to set beside the state, and may answer with its own
   * response (returning a loan may answer with the fine it creates).
   */
  run?(ctx: ActionContext<R>): void | { set?: Partial<R>; respond?: Response }
}

/**
 * The state field of a resource and its transitions: each transition is an action (a link while it
 * may run, a `POST` route, a 409 `state-conflict` otherwise).
 *
 * @example
 * state: { field: 'status', initial: 'on-loan', transitions: { return: { from: ['on-loan'], to: 'returned' } } }
 */
export interface StateDeclaration<R extends AnyRecord, F extends FieldOf<R>> {
  field: F
  /** The state of a new record. */
  initial: R[F]
  transitions: Record<string, Transition<R, R[F]>>
  /** States in which `PUT` may replace the record. @default every state */
  replaceIn?: readonly R[F][]
  /** States in which `DELETE` may remove the record. @default every state */
  deleteIn?: readonly R[F][]
}

/** `loan.bookId` → books: a link both ways, a 422 for a reference that names nothing. */
export interface Relation<R extends AnyRecord> {
  field: FieldOf<R>
  /** The resource it names. */
  to: string
  /** The nested collection on the other side: `/books/{id}/loans`. */
  nested?: string
  /**
   * Deleting the record it names: `refuse` answers 409 `still-referenced`, `cascade` deletes this
   * record too. @default 'refuse'
   */
  onDelete?: 'refuse' | 'cascade'
}

/**
 * One parameter of a nested collection's path (`{customer}` of `/customers/{customer}/sources`):
 * the record member that holds it. A create sets the member from the path; a list, read, update or
 * delete sees only the rows whose member the path names.
 */
export interface ParentDeclaration<R extends AnyRecord> {
  field: FieldOf<R>
  /**
   * The resource the parameter names a record of: a path naming none of its records (or one the
   * caller may not see) answers 404. @default no check beyond the rows' own member
   */
  to?: string
}

/** A nested collection by a rule of its own (the loans of a member, found by a field other than the parent's id). */
export interface NestedCollection<P extends AnyRecord> {
  of: string
  title?: string
  where(row: AnyRecord, parent: P): boolean
}

/** How `POST` (or `PUT`) on a collection creates a record: its body, checks and what else it does. */
export interface CreateDeclaration<R extends AnyRecord, I = AnyRecord> {
  /** The body. @default the record's schema less server-set and hidden fields (zod schemas) */
  input?: Schema<I>
  /**
   * The method on the collection that creates: `PUT` for an API that creates by `PUT` on the
   * collection and describes no `POST` there. @default 'POST'
   */
  method?: 'POST' | 'PUT'
  strictKey?: boolean
  /** More field errors, reported with the schema's in one 422. */
  check?(ctx: InputContext<I>): readonly FieldError[] | void
  /** Refuses with a problem after validation, before anything changes. */
  guard?(ctx: InputContext<I>): void
  /** Fields to store that the body does not give. */
  prepare?(ctx: InputContext<I>): Partial<R>
  /** What else happens once the record exists (other records change). */
  run?(ctx: InputContext<I>, row: R): void
  /** Replaces the whole operation: a custom handler (one that writes several tables at once). */
  handle?(ctx: InputContext<I>): Response
}

/** How `PUT` on an item replaces a record: its body, the fields it keeps, its checks. */
export interface ReplaceDeclaration<R extends AnyRecord, I = AnyRecord> {
  input?: Schema<I>
  /** Fields a replace keeps from the stored record (ones its body does not carry). @default none */
  keep?: readonly FieldOf<R>[]
  check?(ctx: ActionContext<R, I>): readonly FieldError[] | void
  /**
   * `false`: no `PUT` route; the input, `keep` and `check` still govern an update (`patch`), as
   * for an API that updates by `POST` on the item alone. @default true
   */
  put?: boolean
  /**
   * `true`: a `PUT` on an item that does not exist creates it, keyed by the path (as RFC 9110
   * defines `PUT`): the body is checked as a replace body, and the answer is `201 Created` with the record
   * (`status.upsert`). `If-None-Match: *` asks for a create only (412 where the item exists);
   * `If-Match` asks for a replace only (412 where there is none). `{ prepare, check }` fill and
   * check the new record as a create's hooks do. @default false
   */
  upsert?: boolean | UpsertDeclaration<R, I>
  /**
   * `true`: a `PUT` on the collection replaces the record its body's key names (Swagger
   * Petstore's `PUT /pet` with `{ "id": 10, … }`), as a `PUT` on its item would: 422 where the
   * body names no key, 404 where no record has it. The input must take the key. @default false
   */
  collection?: boolean
}

/** How a `PUT` on an absent item creates it (`replace.upsert`). */
export interface UpsertDeclaration<R extends AnyRecord, I = AnyRecord> {
  /** More field errors for a new record, reported with the schema's in one 422. */
  check?(ctx: InputContext<I>): readonly FieldError[] | void
  /** Fields to store that the body does not give. */
  prepare?(ctx: InputContext<I>): Partial<R>
}

/** Where a list's paging parameters and envelope members are named differently from ours. */
/** A resource's list: its envelope and paging (the API's `dialect` gives the defaults). */
export interface ListDeclaration {
  /**
   * The body: hypermock's own `{ items, page, perPage, total, _links }`, a bare array, or an
   * object whose members are named here (`{ items: 'data', links: 'links' }` gives
   * `{ data, links: { self, next, prev } }`). @default 'hypermock'
   */
  envelope?: 'hypermock' | 'array' | ListEnvelope
  /**
   * `page` (page and size), `offset` (offset and size), `cursor` (an opaque cursor and size; the
   * next page's cursor is in the `Link` header and the envelope's links), `after` (the key of the
   * record to start after or end before, as Stripe pages) or `none`. @default 'page'
   */
  paging?: PagingStyle
  /** The query parameters' names. @default page, perPage, offset, cursor, sort, starting_after, ending_before */
  params?: PagingParams
  /** @default 20 */
  defaultPerPage?: number
  /** Query parameters accepted and ignored (a description names them, the mock does not filter). */
  ignore?: readonly string[]
  /**
   * What a request that names no paging parameter gets: the `envelope` like any other, or
   * `'array'`, every match as a bare array, as json-server answers `GET /posts` beside its paged
   * `GET /posts?_page=1`. @default 'envelope'
   */
  unpaged?: 'envelope' | 'array'
}

export type { Dialect, ListEnvelope, PagingStyle } from './dialect.ts'

/** What a resource's `seed` function gets: seeded randomness and a fixed time, so every reset is alike. */
export interface SeedContext {
  /** The mock's seeded random source: the same rows on every reset. */
  random(): number
  /** A fixed time to date seed rows from: `2026-01-05T09:00:00.000Z` plus hours. */
  at(hours: number): string
}

/** One resource: a collection, its items, and whatever its declaration adds. */
export interface ResourceDeclaration<
  R extends AnyRecord = AnyRecord,
  F extends FieldOf<R> = FieldOf<R>,
  CI = AnyRecord,
  RI = AnyRecord,
> {
  /** The stored record, server-set and hidden fields included. */
  schema: Schema<R>
  /** The collection's title (`Books`). @default the name, capitalised */
  title?: string
  /**
   * The collection's path under the base, where the API's is not `/{name}` (`/checkout/sessions`,
   * `/payment_intents`): its items live at `{path}/{key}`, and every link names it. Literal
   * segments, and parameters of its parents (`/customers/{customer}/sources`), each bound in
   * `parents`. @default `/{name}`
   */
  path?: string
  /**
   * Each parameter of `path`, by its name: the record member that holds it, and the resource it
   * names. @example parents: { customer: { field: 'customerId', to: 'customers' } }
   */
  parents?: Record<string, ParentDeclaration<R>>
  /** One item, in messages and ETags (`book`). @default the name made singular (`categories`: category) */
  singular?: string
  description?: string
  /** @default 'integer' (1, 2, 3…) */
  id?: 'integer' | 'uuid' | 'string'
  /** Stored, never shown (they may still drive links and ownership). */
  hidden?: readonly FieldOf<R>[]
  /** `POST` on the collection; `false` for none. */
  create?: false | Schema | CreateDeclaration<R, CI>
  /** `PUT` on an item; `false` for none. */
  replace?: false | Schema | ReplaceDeclaration<R, RI>
  /**
   * `PATCH` on an item with a JSON Merge Patch (`application/merge-patch+json`): the merged record
   * is checked like a `replace` body, in the same states (with `replace: false`, the replace body
   * the schema implies, and no `PUT`); a stored member the replace body draws otherwise and the
   * patch does not send is kept as stored. `{ accepts }` names the
   * media types it takes: `application/json` read as a merge patch too, or a JSON Patch
   * (`application/json-patch+json`, RFC 6902). @default false
   */
  patch?: boolean | PatchDeclaration
  /** `DELETE` on an item. @default true */
  delete?: boolean
  read?: { guard?(ctx: ItemContext<R>): void }
  /** Fields the list filters on. @default every scalar field that is shown */
  filters?: readonly FieldOf<R>[]
  /** Fields the list sorts on (besides `id`). @default the filters */
  sort?: readonly FieldOf<R>[]
  /**
   * Whose row it is: a field, or a function for rows owned through others. A principal sees the
   * rows of the owners it `owns` (all of them for `'all'`), and a create by a token that is not an
   * admin sets the field to its first owner. `'id'` makes each row its own owner (a customer, a
   * member): a token that owns `[1]` sees row 1, and a create still gets a fresh id, never one
   * the token owns. @default everybody sees every row
   */
  owner?:
    | FieldOf<R>
    | ((
        row: R,
        data: DataAccess,
      ) =>
        | OwnerKey
        | null
        | undefined
        | readonly (OwnerKey | null | undefined)[])
  relations?: Record<string, Relation<R>>
  collections?: Record<string, NestedCollection<R>>
  state?: StateDeclaration<R, F>
  /** Rows of a new mock and of every reset; server-set fields may be left out. */
  seed?: readonly Partial<R>[] | ((ctx: SeedContext) => readonly Partial<R>[])
  /**
   * More links on every item; `false` serves records without `_links` (a record schema with no
   * room for them).
   */
  links?:
    | false
    | ((
        row: R,
        href: (resource: string, id?: Id) => string,
      ) => Record<string, Link | undefined>)
  /**
   * How the list answers: envelope and paging parameters. `false`: no list, no `GET` on the
   * collection (a create-only endpoint such as `POST /user/signup`), and no root link to it.
   * @default hypermock's own
   */
  list?: false | ListDeclaration
  /**
   * Success statuses where an API uses others: a write that answers `202 Accepted` (as an API
   * that queues its writes documents) still keeps its change and answers its body; a delete of
   * 204 answers none. @default create 201, replace 200, upsert 201, delete 204
   */
  status?: {
    /**
     * `204`: a read answers no body where the item exists, only its ETag (a membership check,
     * as GitHub's `GET /orgs/{org}/blocks/{username}`); 404 where it does not. @default 200
     */
    read?: 200 | 204
    create?: 200 | 201 | 202
    replace?: 200 | 201 | 202 | 204
    /** A `PUT` that creates the item (`replace.upsert`). @default 201 */
    upsert?: 200 | 201 | 202 | 204
    delete?: 200 | 202 | 204
  }
  /**
   * One record at one path (`/account`, `/me`, `/repos/{owner}/{repo}/subscription`): `GET`,
   * `PUT` (where `replace` allows) and `PATCH` (where `patch` allows) on the resource's `path`
   * itself, with no key in it, no list, no create and no delete. Below parents, one record per
   * parent. A path with none answers 404. Its seed holds at most one row (per parent).
   * @default false
   */
  singleton?: boolean
  /**
   * `false`: a collection with no items of its own (`POST /audio/transcriptions`, `/apps/secrets`):
   * its records are listed and created, never read, replaced, patched or deleted one by one. No
   * route answers at `{path}/{key}`, a create answers its record and ETag with no `Location`, and
   * records carry no `self` link. @default true
   */
  items?: boolean
  /**
   * A table only, with no routes of its own (no collection, item or root link): the
   * declaration's `routes` serve it through `ctx.data`. @default false
   */
  tableOnly?: boolean
  /**
   * Whether a change of one of its records is a state event (CloudEvents, served at
   * `<base>/events`): `false` keeps its changes out of the event log. @default true
   */
  events?: boolean
  /** Where this resource's keys, envelope or paging differ from the API's `dialect`. */
  dialect?: Dialect
  /**
   * The media type of the resource's JSON representations, an `application/*+json` type
   * (`application/scim+json`): its successes (list, read, create, replace, patch, actions) are
   * answered in it, the description lists it, and its writes take bodies in it as well as in
   * `application/json`. @default 'application/json'
   */
  mediaType?: string
  /**
   * Each operation's success body in the API's own shape, where its operations draw the record
   * otherwise than the engine does (an imported description whose create answers members its read
   * leaves out): given the operation and the body the engine answers, it returns the body to send.
   * Status and headers stay the engine's; a 204 has no body to shape.
   * @default every body as the engine answers it
   */
  answer?: (operation: AnswerOperation, body: unknown) => unknown
  /**
   * Operations of the API's own on each item, below its path (`POST /charges/{id}/capture`,
   * `PUT /posts/{id}/locked.json`): the item is found as its read finds it (404 for an unknown
   * one, or one below another parent), a write's `If-Match` is checked against the item's ETag
   * (412), then `handle` answers; it may change the record (`ctx.update`). The answer carries the
   * item's ETag, as it is after the change, unless `handle` sets its own.
   */
  itemRoutes?: readonly ItemRouteDeclaration<R>[]
  /**
   * A suffix the API writes at the end of its paths (`.json`: `/posts.json`, `/posts/{id}.json`):
   * every route of the resource answers at its path with the suffix too, as at the path without
   * it. A create's `Location` names the item with it; links name the path without it.
   * @default none
   */
  suffix?: string
  /**
   * Read-only lists of the resource's records at paths of their own (`/pet/findByStatus`,
   * `/charges/search`): `GET` there answers as the resource's list does (filters by the query
   * parameters that name its members, the rows the caller may see), in the search's own `list`
   * envelope and paging where it gives one. Parameters its path names choose no rows.
   */
  searches?: readonly SearchDeclaration[]
  /**
   * Creates of the resource's records at paths of their own (`POST /me/playlists` makes what
   * `GET /playlists/{id}` reads): `POST` there validates its body by the entry's `input` (else
   * the resource's create body) and answers as the resource's create does: the record, its ETag,
   * and a `Location` naming its item. Parameters its path names choose nothing.
   */
  creates?: readonly CreateAtDeclaration[]
  /**
   * `PUT` on the collection with the keys of every record it should hold
   * (`{ "selected_repository_ids": [1, 2] }`, named by `member`): the records it does not name are
   * deleted, and those it names that are absent are created as a `PUT` with no body on their item
   * creates them (`replace.upsert`). It answers 204. Every bad key is listed in one 422 before
   * anything changes; at most 1000 keys at once.
   */
  replaceAll?: { member: string }
  /**
   * Writes on the collection that name records by their keys alone, as a library of saved items
   * (Spotify's `PUT /me/albums?ids=a,b`): `add` creates each named record that is absent (its
   * other members from `prepare`) and keeps every other; `DELETE` on the collection removes each
   * named one. The keys come in the query parameter `query` (comma-separated) or the body member
   * `member` (an array); every bad key is listed in one 422 before anything changes; at most 1000
   * at once.
   */
  byKeys?: ByKeysDeclaration
  /**
   * Operations of the API's own on the collection as a whole, at its path, for a method it does
   * not serve there (GitHub's `PUT /notifications` marks every notification read): below parents,
   * a path naming none answers 404 first; then `handle` answers, seeing the records the list
   * would show (`ctx.rows()`).
   */
  collectionRoutes?: readonly CollectionRouteDeclaration[]
}

/** One operation on a resource's collection as a whole (`collectionRoutes`). */
export interface CollectionRouteDeclaration {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  handle(ctx: HandlerContext & { rows(): AnyRecord[] }): Response
  /** What it does, for the API's description. @default `<METHOD> <title> as a whole` */
  summary?: string
  /** The status it answers with when it succeeds, for the API's description. @default 200 */
  status?: 200 | 201 | 202 | 204
  /** The body media types it takes, as a declared route's (`routes`). @default ['application/json'] */
  accepts?: readonly (BodyMediaType | (string & {}))[]
  /** A JSON body may be an array as well as an object. @default false */
  arrays?: boolean
}

/** Writes on a collection that name its records by their keys (`byKeys`). */
export interface ByKeysDeclaration {
  /** The body member that lists the keys (`ids`). */
  member?: string
  /** The query parameter that lists them, comma-separated (`ids`); it wins over the body. */
  query?: string
  /** The method on the collection that adds. @default 'PUT' */
  add?: 'PUT' | 'POST'
  /** `DELETE` on the collection removes the records it names. @default true */
  remove?: boolean
  /** Members of a new record its key does not give (`input` holds the key). */
  prepare?(ctx: InputContext<AnyRecord>): AnyRecord
  /** The success status of both writes, which answer no body. @default 204 */
  status?: 200 | 204
}

/** A create of a resource's records at a path of its own (`creates`). */
export interface CreateAtDeclaration {
  /** Below the base: literal segments and `{parameters}` (`/me/playlists`). */
  path: string
  /** The body. @default the resource's create body */
  input?: Schema
  /** Fields to store that the body does not give. */
  prepare?(ctx: InputContext<AnyRecord>): AnyRecord
  /** Its success status. @default the resource's create status */
  status?: 200 | 201 | 202
  /** The media types its body may come in. @default the resource's */
  accepts?: readonly BodyMediaType[]
  /** What it does, for the API's description. @default `Create <singular>` */
  summary?: string
  /** The answer in the API's own shape: given the record's body, the body to send. */
  answer?: (body: unknown) => unknown
}

/** A read-only list of a resource's records at a path of its own (`searches`). */
export interface SearchDeclaration {
  /** Below the base: literal segments and `{parameters}` (`/users/{username}/repos`). */
  path: string
  /** Its envelope, paging and query parameters it takes and ignores. @default the resource's list */
  list?: ListDeclaration
  /** The fields its query parameters filter on. @default the resource's `filters` */
  filters?: readonly string[]
  /** What it does, for the API's description. @default `Search <title>` */
  summary?: string
  /** The answer in the API's own shape: given the list's body, the body to send. */
  answer?: (body: unknown) => unknown
}

/** One operation on each item of a resource (`itemRoutes`), answered by `handle`. */
export interface ItemRouteDeclaration<R extends AnyRecord = AnyRecord> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /**
   * Below the item's path, literal segments: `capture`, `locked.json`,
   * `preferences/avatar/pick.json`. `''` is the item's path itself, for a method the resource
   * does not serve there (a `PATCH` with no body that marks a notification read).
   */
  path: string
  /**
   * Another path the API names its items below, where this route answers in place of below the
   * resource's own (Stripe's `/test_helpers/issuing/cards`, for
   * `POST /test_helpers/issuing/cards/{card}/shipping/ship` on a card of `/issuing/cards`): literal
   * segments below the base. Not on a singleton or a resource below parents.
   * @default the resource's own path
   */
  under?: string
  handle(ctx: ItemRouteContext<R>): Response
  /** What it does, for the API's description. @default `<METHOD> <item path>/<path>` */
  summary?: string
  /** The status it answers with when it succeeds, for the API's description. @default 200 */
  status?: 200 | 201 | 202 | 204
  /** The body media types it takes, as a declared route's (`routes`). @default ['application/json'] */
  accepts?: readonly (BodyMediaType | (string & {}))[]
  /** A JSON body may be an array as well as an object. @default false */
  arrays?: boolean
}

/** What an item route's `handle` gets: the handler's context, the item, and a way to change it. */
export interface ItemRouteContext<R extends AnyRecord> extends ItemContext<R> {
  /**
   * Sets members of the item (`version` and `updatedAt` move where the record has them) and
   * returns it as stored; the answer's ETag is the changed record's.
   */
  update(changes: Partial<R>): R
}

/** An operation of a resource whose answer `answer` shapes. */
export type AnswerOperation =
  | 'list'
  | 'create'
  | 'read'
  | 'replace'
  | 'patch'
  | 'delete'

/** What `problemMembers` is told of a problem document it adds to. */
export interface ProblemSummary {
  /** The problem type's URI (`/api/problems/not-found`). */
  type: string
  title: string
  status: number
  detail: string
  /** Each invalid field of a 400 or 422, where it has them. */
  errors?: readonly { field?: string; pointer?: string; message?: string }[]
}

/** A problem type of the API's own, beside the built-in ones. */
export interface ProblemDeclaration {
  status: number
  title: string
  /** What it means and what to do: its documentation page. */
  summary: string
  /** Its extension members, for the description. */
  members?: Schema
  /**
   * Raised once the operation has begun: a repeated `Idempotency-Key` replays it. @default true
   */
  stored?: boolean
}

/** A Bearer token of a declared API: who it is, the rows it sees, what it may do. */
export interface TokenDeclaration {
  /** Rate limits and idempotency keys are per principal. @default derived from `owns` */
  principal?: string
  /** The owners whose rows it sees; `'all'` for an admin. @default [] */
  owns?: 'all' | readonly OwnerKey[]
  /** @default ['read', 'write'] */
  scopes?: readonly ('read' | 'write')[]
}

/** A declared token, or one that is expired (401 `invalid_token`). */
export type TokenEntryDeclaration = TokenDeclaration | { expired: true }

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any record: hooks are bivariant methods
export type AnyResource = ResourceDeclaration<any, any, any, any>

/**
 * A whole API: its name, where it lives, its resources, problems, tokens, scenarios and routes.
 * `defineApi` checks it and keeps its types.
 */
export interface ApiDeclaration<
  Resources extends Record<string, AnyResource> = Record<string, AnyResource>,
  Problems extends Record<string, ProblemDeclaration> = Record<
    string,
    ProblemDeclaration
  >,
  Scenarios extends readonly Scenario[] = readonly Scenario[],
> {
  /** The name the root answers with. */
  name: string
  description?: string
  /** Where the API lives: a path (`/api`), the root (`/`), or a URL with a host. @default '/api' */
  base?: string
  resources: Resources
  problems?: Problems
  /** Bearer tokens. @default none declared: any Bearer token is let in and sees every row */
  tokens?: Record<string, TokenEntryDeclaration>
  /** Ready set-ups of this API (`applyScenario(api, id)`, the playground's Scenarios). */
  scenarios?: Scenarios
  /**
   * How a request sends its credential: `'bearer'`, `'basic'` (a token is `user:password`), an API
   * key in a header, query parameter or cookie (`{ type: 'apiKey', in: 'header', name:
   * 'Authorization', prefix: 'Token token=' }`), or `false`: no credential is needed and every
   * caller sees every row. The 401 names the scheme. @default 'bearer'
   */
  auth?: AuthDeclaration
  /**
   * Other schemes a request may send its credential in, tried when it carries none in `auth`'s
   * (an API whose description offers Basic and Bearer alike). The declared `tokens` are the
   * credentials in each; a 401 names `auth`'s scheme. @default none
   */
  authAlso?: readonly Exclude<AuthDeclaration, false>[]
  /** The status of `validation-failed`, with every invalid field listed either way. @default 422 */
  validationStatus?: 400 | 422
  /**
   * Whether writes honour `Prefer: return=minimal | representation` (RFC 7240): a create, replace,
   * patch or action asked for `return=minimal` answers without the record (201 with `Location`, or
   * 204), with `Preference-Applied` and `Vary: Prefer`. `false` ignores the header, as a server
   * may. @default true
   */
  prefer?: boolean
  /**
   * Headers every request to the API's resources must carry (a tenant id): a request without one
   * is answered 400 `missing-header`, naming each one it lacks. @default none
   */
  requiredHeaders?: readonly string[]
  /**
   * How the API keys its records, wraps its lists and pages them, where it does not as hypermock
   * does (`id`, integer keys, `{ items, page, perPage, total, _links }`, page paging).
   *
   * @example
   * dialect: { keys: { generate: { prefix: 'cus_' } }, envelope: { items: 'data', hasMore: 'has_more' }, paging: 'after' }
   */
  dialect?: Dialect
  /**
   * Members added to every problem document the API answers, beside RFC 9457's own (which win
   * a clash): an error envelope its clients read, such as Stripe's `{ error: { type, message } }`,
   * without which Stripe's SDK takes a 404 for a record.
   */
  problemMembers?(problem: ProblemSummary): Record<string, unknown>
  /**
   * An error's whole body, where the API's errors are not RFC 9457 problem documents (GitHub's
   * `{ message, documentation_url }`, Box's `{ type: "error", status, code }`), sent as
   * `application/json`: drawn from the problem each refusal makes (its status, type, detail and
   * every invalid field). `undefined` sends the problem document (with `problemMembers`), as
   * does a hook that throws.
   */
  errorBody?(
    problem: ProblemSummary & { requestId?: string },
    request: { method: string; path: string },
  ): object | undefined
  /**
   * Routes outside the resources, each answered by its own handler.
   *
   * @example
   * routes: [{ method: 'GET', path: '/search', handle: (ctx) => Response.json({ hits: [] }) }]
   */
  routes?: readonly RouteDeclaration[]
  /** @deprecated Renamed `routes`: an operation is a request with its retries (`api.operations`). */
  operations?: readonly RouteDeclaration[]
}

/** One route that is not a resource's: `GET /search`, answered by `handle`. */
export interface RouteDeclaration {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Below the base, with `:name` parameters: `/stations/:id/departures`. */
  path: string
  handle(ctx: HandlerContext): Response
  /** What it does, for the API's description. @default `<METHOD> <path>` */
  summary?: string
  /** The status it answers with when it succeeds, for the API's description. @default 200 */
  status?: 200 | 201 | 202 | 204
  /**
   * The body media types it takes: `application/x-www-form-urlencoded` and `multipart/form-data`
   * bodies are read into an object of strings (`a[b]=1` nests, `a[]=1` appends; a file part gives
   * its file name), as JSON ones are parsed; a body of any other type named here
   * (`application/octet-stream`) is taken unread (`ctx.body` is undefined).
   * @default ['application/json']
   */
  accepts?: readonly (BodyMediaType | (string & {}))[]
  /**
   * A JSON body may be an array as well as an object (a bulk write such as
   * `POST /user/createWithList`). @default false: only an object, else 400
   */
  arrays?: boolean
}

/** The body media types the engine reads. */
export type { BodyMediaType } from './dialect.ts'

/**
 * A route outside the resources.
 *
 * @deprecated Renamed `RouteDeclaration`, declared in `routes`.
 */
export type OperationDeclaration = RouteDeclaration

/** The ids of the scenarios an API declares (`string` when they are not declared `as const`). */
export type ScenarioIdOf<A> =
  A extends ApiDeclaration<infer _R, infer _P, infer Scenarios>
    ? Scenarios[number]['id']
    : string

/** The record type of a resource declaration. */
export type RecordOf<D> =
  D extends ResourceDeclaration<infer R, infer _F, infer _C, infer _P>
    ? R
    : AnyRecord

/** `api.data`: a typed handle on each resource's table. */
export type DataHandles<A> =
  A extends ApiDeclaration<infer Resources, infer _P>
    ? { -readonly [K in keyof Resources]: TableHandle<RecordOf<Resources[K]>> }
    : Record<string, TableHandle>
