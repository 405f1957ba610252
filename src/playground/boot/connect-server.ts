import { connectToServer as connectServer } from '../../mock-server/control/connect-to-server.ts'
import type { SharedMockApi } from '../../msw/browser.ts'

/** The paths a served page reads from its `<meta name="hypermock-server">`. */
export interface ServerConnection {
  basePath: string
  controlPath: string
  /** Where the server keeps the data across restarts (`serve --data`); absent: in its memory. */
  store?: string
}

/** The connection the server wrote into the page, or null in the in-browser mode. */
export function serverConnection(
  doc: Document = document,
): ServerConnection | null {
  const content = doc
    .querySelector('meta[name="hypermock-server"]')
    ?.getAttribute('content')
  if (!content) return null
  const parsed = JSON.parse(content) as Partial<ServerConnection>
  if (
    typeof parsed.basePath !== 'string' ||
    typeof parsed.controlPath !== 'string'
  )
    return null
  return {
    basePath: parsed.basePath,
    controlPath: parsed.controlPath,
    ...(typeof parsed.store === 'string' && { store: parsed.store }),
  }
}

/**
 * A `MockApi` whose mock is a running server (`hypermock-api serve --playground`), reached over
 * its API and control API.
 */
export function connectToServer(
  connection: ServerConnection,
  baseFetch: typeof fetch = (input, init) => window.fetch(input, init),
): Promise<SharedMockApi> {
  return connectServer(connection, baseFetch) as Promise<SharedMockApi>
}
