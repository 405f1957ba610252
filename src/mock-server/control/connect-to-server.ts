import { defineApi } from '../declare/define-api.ts'
import { createHttpTransport } from './http-transport.ts'
import { createRemoteMockApi, type SharedMockApi } from './remote-mock-api.ts'

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

/** Where a server answers an API and its control API. */
export interface ServerPaths {
  basePath: string
  controlPath: string
}

/**
 * A `MockApi` whose mock is a running server (`hypermock-api serve`, a Vite dev server with the
 * plugin), reached over its API and control API: the one remote client, over HTTP. The journal,
 * faults and clock are the server's, heard by polling.
 */
export function connectToServer(
  { basePath, controlPath }: ServerPaths,
  baseFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<SharedMockApi> {
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
  )
}
