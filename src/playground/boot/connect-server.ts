import { defineApi } from '../../mock-server/index.ts'
import { createHttpTransport } from '../../mock-server/control/http-transport.ts'
import { createRemoteMockApi } from '../../mock-server/control/remote-mock-api.ts'
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
 * What the page holds of a served API's declaration: nothing of it (its description, tokens and
 * scenarios are read over HTTP). A declaration needs something to declare, so it has one operation
 * the page never answers: every request goes to the server.
 */
const served = defineApi({
  name: 'served API',
  resources: {},
  operations: [
    {
      method: 'GET',
      path: '/served-by-the-server',
      handle: () =>
        Response.json(
          { title: 'The server answers this API, not the page.' },
          { status: 502 },
        ),
    },
  ],
})

/**
 * A `MockApi` whose mock is a running server (`hypermock-api serve --playground`), reached over
 * its API and control API: the one remote client, over HTTP.
 */
export function connectToServer(
  connection: ServerConnection,
  baseFetch: typeof fetch = (input, init) => window.fetch(input, init),
): Promise<SharedMockApi> {
  const { basePath, controlPath } = connection
  return createRemoteMockApi(
    createHttpTransport({ controlPath, fetch: baseFetch }),
    {
      // Checks run here as the server runs them; the data and the clock are the server's.
      // The declaration stays on the server: the page reads its parts over HTTP (its description,
      // `GET <control>/declaration`), so the local one declares nothing.
      options: { api: served, basePath, controlPath },
      where: 'a server',
      resetLocally: false,
    },
  ) as Promise<SharedMockApi>
}
