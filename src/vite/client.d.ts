// The virtual module the `hypermock()` Vite plugin provides: msw request handlers that hand the
// API's requests to the dev server's one instance. Add
// `/// <reference types="hypermock-api/vite/client" />` to a declaration file the app includes.
declare module 'virtual:hypermock' {
  import type { HttpHandler } from 'msw'
  export const handlers: HttpHandler[]
}
