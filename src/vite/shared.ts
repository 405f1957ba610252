import type { ApiDeclaration, MockApi } from '../mock-server/index.ts'

/**
 * Where the dev server keeps its one instance for the environments that run in its process (a
 * server-rendering entry runs in Vite's module runner, which shares the dev server's globals but
 * not its module instances).
 */
export const SHARED_KEY = Symbol.for('hypermock-api/vite')

/** Where the API answers, as the browser's handlers need it. */
export interface ViteMockShape {
  /** The base's origin where it has a host (`https://api.example.com`), else ''. */
  origin: string
  basePath: string
  controlPath: string
}

/** What the dev server shares: the instance serving now (a reload replaces it). */
export interface SharedDevMock {
  readonly api: MockApi<ApiDeclaration>
}

/** Whether a path is `base` or below it. */
export const under = (path: string, base: string) =>
  path === base || path.startsWith(`${base}/`)
