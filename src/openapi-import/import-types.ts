import type {
  AnyResource,
  ApiDeclaration,
} from '../mock-server/declare/types.ts'

/** What the description cannot say, written by the user: the rest is inferred. */
export interface OpenApiOverrides {
  /** @default the description's `info.title` */
  name?: string
  /** Where the API lives. @default the path of the description's first server, or '/' */
  base?: string
  /**
   * The description's paths to serve, by prefix (`['/v2/webhooks']` serves `/v2/webhooks` and
   * `/v2/webhooks/{id}`): part of a large description, or one version of several. The others are
   * left out (404), and the report says how many. @default every path
   */
  include?: readonly string[]
  /** Generated seed rows per collection (where the description has no examples). @default 10 */
  count?: number | Record<string, number>
  /** Bearer tokens. @default any Bearer token is let in, where the description asks for one */
  tokens?: ApiDeclaration['tokens']
  /**
   * Per collection, declaration members laid over the inferred ones: a `state` with transitions
   * (whose paths name the description's `POST /{collection}/{id}/{verb}` actions), `relations`,
   * `owner`, `filters`…
   */
  resources?: Record<string, Partial<AnyResource>>
  problems?: ApiDeclaration['problems']
  /**
   * How errors answer where the description draws its own error shape (`{ code, message }`,
   * Stripe's `{ error: { … } }`): `'problem'` sends RFC 9457 problem documents with the
   * description's members beside (the problem's own win a clash), as the served description
   * documents them; `'description'` sends the description's shape in their place, as
   * `application/json`, filled from the problem and fitted to the schema the refused operation
   * documents for that status. @default 'problem'
   */
  errors?: 'problem' | 'description'
}

/** How the mock serves one operation of an imported description. */
export type ServedAs =
  | 'list'
  | 'create'
  | 'read'
  | 'replace'
  | 'merge patch'
  | 'delete'
  | 'nested list'
  | 'action'
  | 'example only'
  | 'by hypermock'

/** How one operation of the description is served, and why. */
export interface OperationReport {
  method: string
  path: string
  operationId?: string
  servedAs: ServedAs
  /** The collection it belongs to. */
  resource?: string
  why: string
  notes: string[]
}

/** What an import made of a description: each operation, how it is served and why. */
export interface ImportReport {
  title: string
  version: string
  base: string
  auth: string
  operations: OperationReport[]
  /** Where the description's own error responses differ from the RFC 9457 problems the mock sends. */
  errors: string[]
  /** Anything else worth knowing: seeds, dropped examples, security schemes served as Bearer. */
  notes: string[]
}

/** A description imported: the declaration the engine serves, and the report of how. */
export interface ImportedApi {
  api: ApiDeclaration
  report: ImportReport
}

/** One thing wrong with a description: where (file and JSON pointer, where known) and what. */
export interface OpenApiFinding {
  message: string
  file?: string
  pointer?: string
  /** One-based, in the file as written (not in any rendering of it). */
  line?: number
  column?: number
}
