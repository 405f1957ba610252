// The virtual module the `hypermock()` Vite plugin provides: msw request handlers that hand the
// API's requests to the dev server's one instance. Add
// `/// <reference types="hypermock-api/vite/client" />` to a declaration file the app includes.
declare module 'virtual:hypermock' {
  import type { HttpHandler } from 'msw'
  import type { MockApi } from 'hypermock-api'
  export const handlers: HttpHandler[]
  /**
   * In the page: the dev server's instance over its control API, for the devtools panel
   * (`mountDevtools(await connect())`). It shows the requests of the page and of server rendering.
   */
  export function connect(): Promise<MockApi>
}
