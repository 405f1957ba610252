import { parseArgs } from 'node:util'
import { isOrigin } from '../mock-server/security/origin-policy.ts'
import { isInvalidDeclarationError } from '../index.ts'
import { CliError } from './cli-error.ts'
import { loadConfig } from './load-config.ts'
import { loadDeclaration } from './load-openapi-api.ts'
import { isLoopbackHost, type AllowedHosts } from './host-check.ts'
import { startServer, type RunningServer } from './start-server.ts'
import { SqliteStore } from './sqlite-store.ts'
import { describeUrl, isPostgresUrl, PostgresStore } from './postgres-store.ts'
import { watchDeclaration } from './watch-declaration.ts'
import {
  StoredRowsMismatchError,
  type DataMismatch,
} from '../mock-server/store/attach-store.ts'

export const serveUsage = `Usage: hypermock-api serve [--config hypermock.config.ts] [--openapi openapi.yaml]
                          [--port 8787] [--host 127.0.0.1]
                          [--base-path /api] [--control-path /__mock]
                          [--allow-origin <origin,...|*>] [--allowed-hosts <name,...|all>]
                          [--playground] [--data hypermock.db|postgres://...] [--watch]

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
      --data <file>        keep every row, idempotency key, fault rule, setting and the clock in
                           this SQLite file (created if missing) across restarts and crashes;
                           also HYPERMOCK_DATA. Needs Node.js 22.13 or later
      --data <postgres://user@host:5432/db>
                           keep it all in PostgreSQL instead, shared by every replica serving
                           the same URL (behind a load balancer); a database out of reach
                           answers 503 store-unavailable until it is back
      --data-mismatch <m>  stored rows the declaration no longer accepts: refuse (default: print
                           them and stop), keep (drop those rows, keep the rest), reset (start
                           again from the seed rows)
      --watch              reload --config (and the files beside it) when they change, keeping
                           the data; a broken edit keeps the old declaration serving
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
        data: { type: 'string' },
        'data-mismatch': { type: 'string' },
        watch: { type: 'boolean' },
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

  const dataMismatch = values['data-mismatch'] ?? 'refuse'
  if (!isDataMismatch(dataMismatch))
    throw new CliError(
      `--data-mismatch takes refuse, keep or reset, got "${dataMismatch}".`,
    )
  const dataFile = values.data ?? env.HYPERMOCK_DATA
  if (values.watch && !values.config)
    throw new CliError(
      '--watch reloads the declaration of --config: pass --config hypermock.config.ts too.',
    )
  if (dataFile === '')
    throw new CliError('--data needs a file name, e.g. --data ./hypermock.db.')

  const declaration = await loadDeclaration(values)
  const store = dataFile ? await openStore(dataFile) : undefined
  let server: RunningServer
  try {
    server = await startServer({
      ...(store && { store, dataMismatch }),
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
    await store?.close()
    if (error instanceof StoredRowsMismatchError)
      throw new CliError(mismatchMessage(error, dataFile!, args))
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
${server.playgroundUrl ? `  playground:   ${server.playgroundUrl}\n` : ''}${dataFile ? `  data:         ${isPostgresUrl(dataFile) ? `PostgreSQL ${describeUrl(dataFile)}` : dataFile} (${server.stored?.started === 'empty' ? 'new: seed rows written' : 'resumed'}${server.stored?.report ? `; ${dataMismatch === 'reset' ? 'reset' : `${server.stored.report.dropped} rows that no longer fit dropped`}` : ''})\n` : ''}${values.watch ? `  watching:     ${values.config} and the files beside it\n` : ''}  tokens:       ${tokens.length > 0 ? tokens.join(', ') : 'any Bearer token'}
  answers:      loopback origins${opened}
Press Ctrl+C to stop.`)
  if (server.stored?.report)
    console.error(
      `hypermock-api: ${server.stored.report.message}\n${dataMismatch === 'reset' ? 'The data file was reset to the seed rows.' : 'Those rows were dropped; the rest were kept.'}`,
    )
  const watcher =
    values.watch && values.config
      ? watchDeclaration(
          values.config,
          // A database URL names no file beside the config to leave unwatched.
          dataFile && !isPostgresUrl(dataFile) ? dataFile : undefined,
          (file) => reloadFrom(server, values.config!, file),
        )
      : undefined
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(
      `\n${signal} received: closing hypermock (requests in flight may finish).`,
    )
    watcher?.close()
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

const isDataMismatch = (value: string): value is DataMismatch =>
  value === 'refuse' || value === 'keep' || value === 'reset'

async function openStore(file: string) {
  try {
    return isPostgresUrl(file)
      ? await PostgresStore.open(file)
      : await SqliteStore.open(file)
  } catch (error) {
    throw new CliError((error as Error).message)
  }
}

/** The report, and the two commands that start anyway. */
function mismatchMessage(
  error: StoredRowsMismatchError,
  file: string,
  args: string[],
) {
  const rest = args
    .filter(
      (arg, i) =>
        !arg.startsWith('--data-mismatch') && args[i - 1] !== '--data-mismatch',
    )
    .join(' ')
  return `${error.message}
Nothing was changed. To start anyway:
  keep the rows that fit:  hypermock-api serve ${rest} --data-mismatch keep
  start from the seed:     hypermock-api serve ${rest} --data-mismatch reset
(or ${isPostgresUrl(file) ? 'use another database' : `move ${file} aside`}, or undo the change to the declaration).`
}

async function reloadFrom(
  server: RunningServer,
  config: string,
  changed: string,
) {
  try {
    await server.reload(await loadConfig(config))
    console.log(`hypermock: ${changed} changed; reloaded ${config}, data kept.`)
  } catch (error) {
    console.error(
      `hypermock-api: ${changed} changed, but the new declaration was not loaded; the previous one keeps serving.\n${(error as Error).message}`,
    )
  }
}
