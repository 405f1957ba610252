import { createControls } from './controls.ts'
import { createRequestHandler } from './handle-request.ts'
import { ownsUrl } from './owns-url.ts'
import type { Runtime } from './runtime.ts'

function dataHandles(runtime: Runtime) {
  const handles: Record<string, unknown> = {}
  for (const name of runtime.api.resources.keys())
    Object.defineProperty(handles, name, {
      enumerable: true,
      get: () => {
        const handle = runtime.db.handle(name)
        // Writes through a handle are state changes like any other: subscribers hear of them.
        const changed = <T>(value: T) => {
          runtime.events.emit({ type: 'state' })
          return value
        }
        return {
          get: handle.get,
          rows: handle.rows,
          list: handle.list,
          insert: (values: never) => changed(handle.insert(values)),
          update: (id: never, patch: never) =>
            changed(handle.update(id, patch)),
          delete: (id: never) => changed(handle.delete(id)),
          get size() {
            return handle.size
          },
        }
      },
    })
  return handles
}

/** The public face of one instance: the controls, the request handler, the typed data handles. */
export function mockApiOf(runtime: Runtime) {
  const api = {
    ...createControls(runtime),
    basePath: runtime.basePath,
    origin: runtime.options.origin,
    controlPath: runtime.controlPath,
    declaration: runtime.api.declaration,
    data: dataHandles(runtime),
    owns: (url: URL) => ownsUrl(runtime.options, url),
    fetch: createRequestHandler(runtime),
    subscribe: (listener: Parameters<Runtime['events']['subscribe']>[0]) =>
      runtime.events.subscribe(listener),
  }
  return api
}
