import { createControls, type MockControls } from './controls.ts'
import { createRuntime } from './create-runtime.ts'
import type { MockListener } from './events.ts'
import { createRequestHandler } from './handle-request.ts'
import { resolveOptions, type MockApiOptions } from './options.ts'

export interface MockApi extends MockControls {
  /** Answers one request, exactly as the HTTP API would. A network-level fault is `Response.error()`. */
  fetch(request: Request): Promise<Response>
  readonly basePath: string
  /** Change notifications: every request served, and every state, fault, config or clock change. */
  subscribe(listener: MockListener): () => void
}

/**
 * Creates one independent instance of the mock API: its own data, clock and settings. The same
 * instance serves msw's worker, msw's `setupServer`, the standalone server, or direct calls.
 *
 * @example
 * const api = createMockApi()
 * const response = await api.fetch(new Request('http://localhost/api/orders/1', {
 *   headers: { Authorization: 'Bearer customer-1-token' },
 * }))
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const runtime = createRuntime(resolveOptions(options))
  return {
    ...createControls(runtime),
    basePath: runtime.basePath,
    fetch: createRequestHandler(runtime),
    subscribe: (listener) => runtime.events.subscribe(listener),
  }
}
