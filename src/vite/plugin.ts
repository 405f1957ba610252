import { getRequestListener } from '@hono/node-server'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin, PluginOption, ViteDevServer } from 'vite'
import type { ApiDeclaration, MockApiOptions } from '../mock-server/index.ts'
import { createDevMock, type DevMock } from './dev-mock.ts'
import { SHARED_KEY, type ViteMockShape } from './shared.ts'

/** What `hypermock()` takes. */
export interface HypermockPluginOptions {
  /**
   * The module whose default export is the API (`defineApi({ ... })`), relative to Vite's root.
   * Vite loads it, so it may be TypeScript and import the app's own modules.
   * @default 'hypermock.config.ts'
   */
  config?: string
  /**
   * The Vite modes the mock runs in (`vite --mode mock`). A build never holds it: the plugin
   * only takes part in `vite` (the dev server). @default ['development']
   */
  modes?: readonly string[]
  /** The mock's own options (seed, scenario, clock, faults, origins), as `createMockApi` takes them. */
  mock?: Omit<MockApiOptions, 'api'>
}

const VIRTUAL_ID = 'virtual:hypermock'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

/** The handlers' module, beside this one: the sources in the repository, `vite-runtime.js` in dist/. */
const RUNTIME_PATH = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('./runtime.ts', import.meta.url)
    : new URL('./vite-runtime.js', import.meta.url),
)

/**
 * A Vite plugin: `vite` (or a named mode) serves the project's declared API from the dev server,
 * one instance for the whole app. The browser reaches it over HTTP at the API's base path (no
 * worker file in `public/`); a server-rendering environment (a loader's `fetch`) reaches the same
 * instance in-process through msw 3's `virtual:msw` network and the handlers of
 * `virtual:hypermock`; so a row a loader reads is the row the hydrated page shows and edits.
 * A production build holds neither the mock nor msw: the plugin takes part in the dev server only.
 *
 * With msw 3 it brings msw's own Vite plugin (`msw/vite`), which serves the worker in development
 * and emits it only beside bundles that use it; with msw 2 the worker stays `hypermock-api init`'s.
 *
 * @example
 * // vite.config.ts
 * import { hypermock } from 'hypermock-api/vite'
 * export default defineConfig({ plugins: [react(), hypermock()] })
 */
export async function hypermock(
  options: HypermockPluginOptions = {},
): Promise<PluginOption[]> {
  const plugins: PluginOption[] = [hypermockDevServer(options)]
  const mswVite = await import('msw/vite').catch(() => null)
  if (mswVite) plugins.push(mswVite.msw())
  return plugins
}

/** The part that holds the state: the dev server's middleware and the virtual module. */
export function hypermockDevServer(
  options: HypermockPluginOptions = {},
): Plugin {
  const modes = options.modes ?? ['development']
  let mock: DevMock | null = null
  let shape: ViteMockShape | null = null
  let active = false
  return {
    name: 'hypermock',
    configResolved(config) {
      active = config.command === 'serve' && modes.includes(config.mode)
    },
    // Resolved in every mode, as msw's `virtual:msw` is (a build in a mode of the app's own may
    // keep the import); outside the mock's modes it holds no handlers.
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID
    },
    load(id, loadOptions) {
      if (id !== RESOLVED_ID) return
      if (!active)
        return "export const handlers = []\nexport const connect = () => Promise.reject(new Error('hypermock: the mock runs in the dev server only'))\n"
      const runtime = JSON.stringify(RUNTIME_PATH)
      // Vite 6 names the environment; Vite 5 says only whether the load is for server rendering.
      const consumer =
        (this as { environment?: { config: { consumer: string } } }).environment
          ?.config.consumer ?? (loadOptions?.ssr === true ? 'server' : 'client')
      if (consumer === 'server')
        return `import { serverHandlers } from ${runtime}\nexport const handlers = serverHandlers()\nexport const connect = () => Promise.reject(new Error('hypermock: connect() is for the page; a server environment reads the dev server\\'s instance through its handlers'))\n`
      const where = JSON.stringify(shape)
      return `import { browserHandlers, connectDevServer } from ${runtime}\nexport const handlers = browserHandlers(${where})\nexport const connect = () => connectDevServer(${where})\n`
    },
    async configureServer(server: ViteDevServer) {
      if (!active) return
      const file = resolve(
        server.config.root,
        options.config ?? 'hypermock.config.ts',
      )
      const load = async () => {
        const module = (await server.ssrLoadModule(file)) as {
          default?: unknown
        }
        return module.default as ApiDeclaration
      }
      mock = await createDevMock(await load(), options.mock ?? {}, file)
      shape = mock.shape
      const shared = globalThis as Record<symbol, unknown>
      shared[SHARED_KEY] = mock
      server.watcher.add(file)
      const reloadOn = async (changed: string) => {
        if (resolve(changed) !== file) return
        try {
          // Read afresh: the module runner may still hold the old module at this point.
          const graph = server.moduleGraph
          for (const module of graph.getModulesByFile(file) ?? [])
            graph.invalidateModule(module)
          await mock?.reload(await load())
          server.config.logger.info(`hypermock: ${file} reloaded`, {
            timestamp: true,
          })
        } catch (error) {
          server.config.logger.error(
            `hypermock: ${file} not reloaded, the previous API keeps serving: ${error instanceof Error ? error.message : String(error)}`,
            { timestamp: true },
          )
        }
      }
      server.watcher.on('change', (changed) => void reloadOn(changed))
      server.httpServer?.once('close', () => {
        if (shared[SHARED_KEY] === mock) delete shared[SHARED_KEY]
      })
      const listener = getRequestListener(
        async (request, env: { incoming: { socket: { destroy(): void } } }) => {
          const response = await mock!.fetch(request)
          // A network-error fault: the connection drops, as a real one would.
          if (response.status === 0 && response.type === 'error') {
            env.incoming.socket.destroy()
            return new Response(null, { status: 204 })
          }
          return response
        },
        { overrideGlobalObjects: false },
      )
      server.middlewares.use((incoming, outgoing, next) => {
        const path = (incoming.url ?? '/').split('?')[0]!
        if (!mock?.answers(path)) {
          next()
          return
        }
        void listener(incoming, outgoing).catch(next)
      })
    },
  }
}
