import { parseArgs } from 'node:util'
import { CliError } from './cli-error.ts'
import { startServer } from './start-server.ts'

export const serveUsage = `Usage: hypermock-api serve [--port 8787] [--host 127.0.0.1] [--base-path /api]

Starts the hypermock API on a real HTTP port (CORS enabled), with the control API under /__mock.
PORT and HOST environment variables are read too; flags win.

Options:
  -p, --port <n>        port to listen on, 0 for any free one (default 8787)
      --host <host>     interface to bind (default 127.0.0.1)
      --base-path <p>   where the API lives (default /api)
  -h, --help            show this help`

/** `hypermock-api serve`: starts the standalone server and keeps it running until a signal. */
export async function runServe(args: string[]): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        'base-path': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${serveUsage}`)
  }
  if (values.help) {
    console.log(serveUsage)
    return
  }

  const rawPort = values.port ?? process.env.PORT ?? '8787'
  const port = Number(rawPort)
  if (!/^\d+$/.test(rawPort) || port > 65_535)
    throw new CliError(
      `--port must be a number from 0 to 65535, got "${rawPort}".`,
    )
  const host = values.host ?? process.env.HOST ?? '127.0.0.1'

  let server
  try {
    server = await startServer({
      port,
      host,
      ...(values['base-path'] && { basePath: values['base-path'] }),
    })
  } catch (error) {
    throw new CliError(startFailure(error, port, host))
  }
  console.log(`hypermock listening on ${server.url}
  API:          ${server.url}${server.api.basePath}   (try: curl ${server.url}${server.api.basePath})
  control API:  ${server.url}/__mock             (state, reset, faults, journal, config, clock)
  tokens:       customer-1-token, customer-2-token, readonly-token, admin-token, expired-token
Press Ctrl+C to stop.`)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal} received: closing hypermock.`)
    void server.close().then(() => process.exit(0))
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
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
