import type { ApiDeclaration } from '../../index.ts'
import { isInvalidDeclarationError } from '../../index.ts'
import { CliError } from '../cli-error.ts'
import type { AllowedHosts } from '../host-check.ts'
import { loadConfig } from '../load-config.ts'
import { loadOpenApiApi } from '../load-openapi-api.ts'
import { startServer } from '../start-server.ts'
import { createMockClient, type MockClient } from './mock-client.ts'
import { reachableUrl } from './reachable-url.ts'

/** Where the mock comes from: started here from a declaration, or a `serve` already running. */
export type TargetOptions =
  | {
      kind: 'start'
      config?: string
      openapi?: string
      port: number
      basePath?: string
      controlPath?: string
    }
  | {
      kind: 'attach'
      url: string
      allowedHosts: AllowedHosts
      basePath?: string
      controlPath?: string
    }

/** The mock the tools drive, and how to let it go. */
export interface MockTarget {
  client: MockClient
  /** `started` (this process serves it on `origin`) or `attached` (another process does). */
  mode: 'started' | 'attached'
  close(): Promise<void>
}

/**
 * Starts the mock on 127.0.0.1 (any free port unless `--port`), as `serve` would, or attaches to a
 * running one after checking that its control API answers. Either way the tools talk to it over
 * HTTP, so an app pointed at the same origin sees every change an agent makes.
 */
export async function openMockTarget(
  options: TargetOptions,
  token: string | undefined,
): Promise<MockTarget> {
  if (options.kind === 'attach') {
    const checked = reachableUrl(options.url, options.allowedHosts, '--url')
    if ('error' in checked) throw new CliError(checked.error)
    const { url } = checked
    const path = url.pathname.replace(/\/+$/, '')
    const client = createMockClient({
      origin: url.origin,
      basePath: options.basePath ?? (path === '' ? '/api' : path),
      controlPath: options.controlPath ?? '/__mock',
      ...(token !== undefined && { token }),
    })
    try {
      await client.control('GET', '/declaration')
    } catch (error) {
      throw new CliError(
        `Failed to attach to ${url.origin}: its control API (${client.controlPath}/declaration) did not answer (${(error as Error).message}). Start it with "hypermock-api serve", or pass --control-path if it lives elsewhere.`,
      )
    }
    return { client, mode: 'attached', close: () => Promise.resolve() }
  }

  let declaration: ApiDeclaration | undefined
  if (options.openapi)
    declaration = (await loadOpenApiApi(options.openapi, options.config)).api
  else if (options.config) declaration = await loadConfig(options.config)
  let server
  try {
    server = await startServer({
      ...(declaration && { api: declaration }),
      port: options.port,
      host: '127.0.0.1',
      ...(options.basePath && { basePath: options.basePath }),
      ...(options.controlPath && { controlPath: options.controlPath }),
    })
  } catch (error) {
    if (isInvalidDeclarationError(error))
      throw new CliError(
        `Failed to load ${options.openapi ? `the OpenAPI description ${options.openapi}` : `the config ${options.config}`}: ${error.message}`,
      )
    const code = (error as NodeJS.ErrnoException).code
    throw new CliError(
      code === 'EADDRINUSE'
        ? `Failed to start: port ${options.port} on 127.0.0.1 is already in use. Pass another --port, or 0 for any free one.`
        : `Failed to start: ${(error as Error).message}`,
    )
  }
  const client = createMockClient({
    origin: server.url,
    basePath: server.api.basePath,
    controlPath: server.api.controlPath,
    ...(token !== undefined && { token }),
  })
  return { client, mode: 'started', close: () => server.close() }
}
