import type { Exchange } from './create-probe.ts'
import type { Link } from './hal-links.ts'
import type { ItemRoute } from './record-key.ts'
import type { JsonSchema, OpenApiDocument } from './openapi-document.ts'

export interface DiscoveredItem {
  url: URL
  body: Record<string, unknown>
  actions: Link[]
}

export interface DiscoveredCollection {
  name: string
  url: URL
  /** The description's item route under this collection, which names the records' key member. */
  itemRoute: ItemRoute | null
  read: Exchange
  items: DiscoveredItem[]
  /** From the envelope's `total` or `X-Total-Count`; `null` when the server does not say. */
  total: number | null
  /** Whether a POST creates here: from the description or `Allow`; `null` when nothing says. */
  canCreate: boolean | null
  canDelete: boolean | null
  createSchema: JsonSchema | null
  createBody: Record<string, unknown> | null
  /** Where `createBody` came from: the description's example, its schema, or a real item. */
  createBodyFrom: 'example' | 'schema' | 'item' | null
  /** Why the body changed during the run (the description's was refused), for the report. */
  createBodyNote: string | null
  /** Query parameters the description declares for the read. */
  queryParameters: string[]
}

/** What the checker found to test: collections, a few items each, their action links. */
export interface Discovery {
  root: Exchange | null
  openapi: OpenApiDocument | null
  openapiUrl: string | null
  collections: DiscoveredCollection[]
  /** Full paths the description declares a GET for. */
  describedPaths: string[]
  notFollowed: { href: string; reason: string }[]
}
