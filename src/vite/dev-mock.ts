import {
  createMockApi,
  type ApiDeclaration,
  type MockApi,
  type MockApiOptions,
} from '../mock-server/index.ts'
import { under, type SharedDevMock, type ViteMockShape } from './shared.ts'

/** The dev server's one instance, what it answers, and its reload. */
export interface DevMock extends SharedDevMock {
  readonly shape: ViteMockShape
  /** Whether a request path is the API's or the control API's. */
  answers(path: string): boolean
  /** Answers a request that reached the dev server at one of those paths. */
  fetch(request: Request): Promise<Response>
  /**
   * Serves a changed declaration with the data carried over. A declaration that does not compile,
   * or that the data no longer fits, throws, and the old one keeps serving.
   */
  reload(declaration: ApiDeclaration): Promise<void>
}

function isDeclaration(value: unknown): value is ApiDeclaration {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { resources?: unknown }).resources === 'object'
  )
}

function instance(
  declaration: unknown,
  options: Omit<MockApiOptions, 'api'>,
  file: string,
): MockApi<ApiDeclaration> {
  if (!isDeclaration(declaration))
    throw new TypeError(
      `hypermock: ${file} must export a declaration as its default export: export default defineApi({ name, resources }).`,
    )
  return createMockApi({ ...options, api: declaration })
}

/** One instance for the dev server, made from the declaration the config module exports. */
export async function createDevMock(
  declaration: unknown,
  options: Omit<MockApiOptions, 'api'>,
  file: string,
): Promise<DevMock> {
  let api = instance(declaration, options, file)
  const shape: ViteMockShape = {
    origin: api.origin,
    basePath: api.basePath,
    controlPath: api.controlPath,
  }
  return {
    get api() {
      return api
    },
    shape,
    answers: (path) =>
      under(path, shape.controlPath) ||
      (shape.basePath !== '' && under(path, shape.basePath)),
    async fetch(request) {
      // An API with a host of its own: the browser's worker hands its requests to the dev server.
      if (api.origin !== '' && !request.url.startsWith(api.origin)) {
        const { pathname, search } = new URL(request.url)
        request = new Request(`${api.origin}${pathname}${search}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          signal: request.signal,
          duplex: 'half',
        } as RequestInit)
      }
      return api.fetch(request)
    },
    async reload(next) {
      const replacement = instance(next, options, file)
      // The data carried over: tables both declare keep their rows (which must fit the new
      // schemas), a new table starts from its seed, a table no longer declared goes.
      const carried: Record<string, unknown> = replacement.state.snapshot()
      const before: Record<string, unknown> = api.state.snapshot()
      for (const [name, rows] of Object.entries(before))
        if (name !== 'schemaVersion' && name in carried) carried[name] = rows
      replacement.state.restore(carried)
      api = replacement
    },
  }
}
