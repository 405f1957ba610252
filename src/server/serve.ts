import { parseArgs } from 'node:util'
import { isOrigin } from '../mock-server/security/origin-policy.ts'
import { isInvalidDeclarationError } from '../index.ts'
import { CliError } from './cli-error.ts'
import { loadConfig } from './load-config.ts'
import { loadOpenApiApi } from './load-openapi-api.ts'
import { isLoopbackHost, type AllowedHosts } from './host-check.ts'
import { startServer, type RunningServer } from './start-server.ts'

export const serveUsage = `Usage: hypermock-api serve [--config hypermock.config.ts] [--openapi openapi.yaml]
                          [--port 8787] [--host 127.0.0.1]
                          [--base-path /api] [--control-path /__mock]
                          [--allow-origin <origin,...|*>] [--allowed-hosts <name,...|all>]
                          [--playground]

Starts a hypermock API on a real HTTP port, with the control API under /__mock: your own
declaration (--config), an OpenAPI description (--openapi), or the built-in orders, payments and
transfers.
Only loopback origins (http://localhost:5173, http://127.0.0.1:3000...) and Host names
(localhost, IP addresses) are answered unless you open more.
PORT and HOST environment variables are read too; flags win.

Options:
  -c, --config <file>      a module whose default export is defineApi({ ... }) (.ts, .mts, .js, .mjs);
                           with --openapi, an overlay ({ resources: { bookings: { state } }, tokens })
      --openapi <file>     serve an OpenAPI 3.0 or 3.1 description (YAML or JSON) with state
  -p, --port <n>           port to listen on, 0 for any free one (default 8787)
      --host <host>        interface to bind (default 127.0.0.1; others print a warning)
      --base-path <p>      where the API lives: a path, "/", or a URL (default: the config's, or /api)
      --control-path <p>   where the control API lives (default /__mock)
      --allow-origin <o>   web page origins that may call it too, e.g. https://app.example
                           (comma list, repeatable; "*" for any)
      --allowed-hosts <h>  Host names it answers too, e.g. mock.internal or .example.com
                           (a leading dot covers subdomains; "all" turns the check off)
      --playground         also serve the playground at <control path>/playground/, connected
                           to this server (Explorer, Console, Faults, Data, Journal...)
  -h, --help               show this help`

const list = (values: string[] | undefined) =>
  (values ?? []).flatMap((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )

/** `hypermock-api serve`: starts the standalone server and keeps it running until a signal. */
export async function runServe(args: string[]): Promise<void> {
  await startServe(args)
}

/**
 * What `runServe` does, with the running server to hand: parses the flags, starts the server, warns
 * when it is reachable from other machines, and closes it cleanly on SIGINT or SIGTERM. Resolves
 * with `undefined` for `--help`; a problem the user can fix is a `CliError`.
 */
export async function startServe(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<RunningServer | undefined> {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        config: { type: 'string', short: 'c' },
        openapi: { type: 'string' },
        'control-path': { type: 'string' },
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'base-path': { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'allowed-hosts': { type: 'string', multiple: true },
        playground: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${serveUsage}`)
  }
  if (values.help) {
    console.log(serveUsage)
    return undefined
  }

  const rawPort = values.port ?? env.PORT ?? '8787'
  const port = Number(rawPort)
  if (!/^\d+$/.test(rawPort) || port > 65_535)
    throw new CliError(
      `--port must be a number from 0 to 65535, got "${rawPort}".`,
    )
  const host = values.host ?? env.HOST ?? '127.0.0.1'

  const origins = list(values['allow-origin']).map((o) =>
    o === '*' ? o : o.toLowerCase(),
  )
  const anyOrigin = origins.includes('*')
  for (const origin of origins)
    if (origin !== '*' && !isOrigin(origin))
      throw new CliError(
        `--allow-origin takes origins such as https://app.example:8443 (scheme, host, optional port; no path), got "${origin}".`,
      )
  const hostNames = list(values['allowed-hosts'])
  const allowedHosts: AllowedHosts = hostNames.includes('all')
    ? 'all'
    : hostNames

  if (!isLoopbackHost(host)) {
    console.error(
      `hypermock-api: warning: listening on ${host} makes the mock reachable from other machines. Anyone who can reach this port can read and replace its data and reset it through the control API (/__mock). Use --host 127.0.0.1 unless that is what you want.`,
    )
  }
  if (anyOrigin) {
    console.error(
      'hypermock-api: warning: --allow-origin * lets every web page you visit call the mock and its control API.',
    )
  }

  const declaration = values.openapi
    ? (await loadOpenApiApi(values.openapi, values.config)).api
    : values.config
      ? await loadConfig(values.config)
      : undefined
  let server: RunningServer
  try {
    server = await startServer({
      ...(declaration && { api: declaration }),
      ...(values['control-path'] && { controlPath: values['control-path'] }),
      port,
      host,
      allowedHosts,
      allowedOrigins: anyOrigin ? '*' : origins,
      ...(values['base-path'] && { basePath: values['base-path'] }),
      ...(values.playground && { playground: true }),
    })
  } catch (error) {
    if (isInvalidDeclarationError(error))
      throw new CliError(
        `Failed to load ${values.openapi ? `the OpenAPI description ${values.openapi}` : `the config ${values.config}`}: ${error.message}`,
      )
    throw new CliError(startFailure(error, port, host))
  }
  const tokens = Object.keys(server.api.declaration.tokens ?? {})
  const opened = anyOrigin
    ? ', every origin'
    : origins.length > 0
      ? `, ${origins.join(', ')}`
      : ''
  console.log(`hypermock listening on ${server.url}
  API:          ${server.api.origin || server.url}${server.api.basePath || '/'}   (try: curl ${server.url}${server.api.basePath || '/'})
  control API:  ${server.url}${server.api.controlPath}             (state, reset, faults, journal, config, clock)
${server.playgroundUrl ? `  playground:   ${server.playgroundUrl}\n` : ''}  tokens:       ${tokens.length > 0 ? tokens.join(', ') : 'any Bearer token'}
  answers:      loopback origins${opened}
Press Ctrl+C to stop.`)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(
      `\n${signal} received: closing hypermock (requests in flight may finish).`,
    )
    void server.close().then(() => process.exit(0))
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  return server
}

function startFailure(error: unknown, port: number, host: string): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE')
    return `Failed to start: port ${port} on ${host} is already in use. Stop the other process, or pass another port: hypermock-api serve --port 8788 (or PORT=8788).`
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `Failed to start: cannot listen on host "${host}". Use 127.0.0.1, localhost, or 0.0.0.0.`
  if (code === 'EACCES')
    return `Failed to start: no permission to listen on port ${port}. Use a port above 1023.`
  return `Failed to start: ${(error as Error).message}`
}
