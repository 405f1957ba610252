import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import { CliError } from '../cli-error.ts'
import type { AllowedHosts } from '../host-check.ts'
import { registerCheckTool } from './check-tool.ts'
import { registerControlTools } from './control-tools.ts'
import { readExtras, type DeclaredExtras } from './describe-mock.ts'
import { limitLines } from './limit-lines.ts'
import { loadSdk } from './load-sdk.ts'
import { openMockTarget, type TargetOptions } from './open-mock-target.ts'
import { reachableUrl } from './reachable-url.ts'
import { registerRowTools } from './row-tools.ts'
import { redactor } from './tool-result.ts'
import type { MockClient } from './mock-client.ts'

export const mcpUsage = `Usage: hypermock-api mcp [--config hypermock.config.ts] [--openapi openapi.yaml] [--port 0]
                        [--url http://127.0.0.1:8787] [--allowed-hosts <name,...|all>]
                        [--token <t>] [--base-path /api] [--control-path /__mock]

An MCP server over stdio, for AI coding agents: tools to read and create rows, add faults,
apply scenarios, move the clock, read the journal and the operations' retry verdicts, and run
check; the served OpenAPI description as a resource. It starts the mock (from --config,
--openapi, or the built-in shop) on 127.0.0.1, or attaches to a running "serve" with --url.
Either way the mock answers HTTP too, so your app sees what the agent set up.
stdout carries the protocol; messages go to stderr. It changes only the mock.

Options:
  -c, --config <file>      a declaration (defineApi), or with --openapi its overlay, as serve loads it
      --openapi <file>     serve an OpenAPI 3.0 or 3.1 description (YAML or JSON) with state
  -p, --port <n>           the port the started mock listens on (default 0: any free one;
                           list_resources tells which)
      --url <url>          attach to a running "hypermock-api serve" instead, e.g.
                           http://127.0.0.1:8787 (a path in it is the API's base path)
      --allowed-hosts <h>  hosts beyond this machine that --url and run_check may reach, as
                           serve takes them (a leading dot covers subdomains; "all" any host)
      --token <t>          the Bearer token the tools send (or HYPERMOCK_MCP_TOKEN; never
                           shown in tool results or logs). Default: a declared mock token
                           that may write every row
      --base-path <p>      where the API lives (default: the config's, or /api)
      --control-path <p>   where the control API lives (default /__mock)
  -h, --help               show this help

Register it with a client (Claude Code, Cursor, VS Code...):
  {"mcpServers": {"hypermock": {"command": "npx",
    "args": ["hypermock-api", "mcp", "--config", "hypermock.config.ts", "--port", "8787"]}}}`

const list = (values: string[] | undefined) =>
  (values ?? []).flatMap((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )

function ownVersion() {
  try {
    const require = createRequire(import.meta.url)
    return (require('hypermock-api/package.json') as { version: string })
      .version
  } catch {
    return '0.0.0'
  }
}

/** The declared token the tools send by default: one that may write every row, else any live one. */
function defaultToken(extras: DeclaredExtras) {
  if (extras.auth === false) return undefined
  const live = extras.tokens.filter((token) => !token.expired)
  const writes = live.filter((token) => token.scopes.includes('write'))
  return (writes.find((token) => token.owns === 'all') ?? writes[0] ?? live[0])
    ?.token
}

/** Parses the flags into where the mock comes from; every mistake is a `CliError`. */
function targetOptions(
  args: string[],
  env: Record<string, string | undefined>,
) {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        config: { type: 'string', short: 'c' },
        openapi: { type: 'string' },
        port: { type: 'string', short: 'p' },
        url: { type: 'string' },
        'allowed-hosts': { type: 'string', multiple: true },
        token: { type: 'string' },
        'base-path': { type: 'string' },
        'control-path': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${mcpUsage}`)
  }
  if (values.help) return null
  const hostNames = list(values['allowed-hosts'])
  const allowedHosts: AllowedHosts = hostNames.includes('all')
    ? 'all'
    : hostNames
  const token = values.token ?? env.HYPERMOCK_MCP_TOKEN
  if (token !== undefined && (token === '' || /\s/.test(token)))
    throw new CliError('--token must be a non-empty value without spaces.')
  const paths = {
    ...(values['base-path'] !== undefined && { basePath: values['base-path'] }),
    ...(values['control-path'] !== undefined && {
      controlPath: values['control-path'],
    }),
  }
  if (values.url !== undefined) {
    if (values.config || values.openapi || values.port)
      throw new CliError(
        '--url attaches to a mock that runs already: drop --config, --openapi and --port (give them to "hypermock-api serve" instead).',
      )
    // Refused before anything loads: nothing is sent to a host the user did not open.
    const checked = reachableUrl(values.url, allowedHosts, '--url')
    if ('error' in checked) throw new CliError(checked.error)
    const target: TargetOptions = {
      kind: 'attach',
      url: values.url,
      allowedHosts,
      ...paths,
    }
    return { target, token, allowedHosts }
  }
  const rawPort = values.port ?? '0'
  const port = Number(rawPort)
  if (!/^\d+$/.test(rawPort) || port > 65_535)
    throw new CliError(
      `--port must be a number from 0 to 65535, got "${rawPort}".`,
    )
  const target: TargetOptions = {
    kind: 'start',
    port,
    ...(values.config !== undefined && { config: values.config }),
    ...(values.openapi !== undefined && { openapi: values.openapi }),
    ...paths,
  }
  return { target, token, allowedHosts }
}

/**
 * `hypermock-api mcp`: an MCP server over stdio that drives one mock. Resolves once it is
 * connected; the process then lives until the client closes stdin or a signal arrives.
 */
export async function runMcp(
  args: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const parsed = targetOptions(args, env)
  if (!parsed) {
    console.log(mcpUsage)
    return
  }
  // stdout is the protocol from here on: anything else printed (a config's console.log) goes to
  // stderr, where clients show it as the server's log.
  for (const method of ['log', 'info', 'debug'] as const)
    console[method] = (...data: unknown[]) => console.error(...data)

  const sdk = await loadSdk()
  const target = await openMockTarget(parsed.target, parsed.token)
  const token = parsed.token ?? defaultToken(await readExtras(target.client))
  const client =
    token === parsed.token
      ? target.client
      : { ...target.client, api: withToken(target.client, token) }
  const redact = redactor([parsed.token])
  const server = new sdk.McpServer(
    { name: 'hypermock-api', version: ownVersion() },
    {
      instructions:
        'A stateful mock of a JSON API. Call list_resources first: it gives the API URL your app should use, the resources, their states and actions, scenarios and mock tokens.',
    },
  )
  const ctx = {
    server,
    client,
    redact,
    allowedHosts: parsed.allowedHosts,
    token,
  }
  registerRowTools(ctx)
  registerControlTools(ctx)
  registerCheckTool(ctx)

  let closing = false
  const close = (why: string) => {
    if (closing) return
    closing = true
    console.error(`hypermock-api mcp: ${why}; stopping the mock.`)
    void target.close().finally(() => process.exit(0))
  }
  server.server.onclose = () => close('the client disconnected')
  process.on('SIGINT', () => close('SIGINT received'))
  process.on('SIGTERM', () => close('SIGTERM received'))
  const input = limitLines(process.stdin, (limit) =>
    close(`a message longer than ${limit} bytes arrived`),
  )
  process.stdin.on('end', () => close('stdin closed'))
  await server.connect(new sdk.StdioServerTransport(input, process.stdout))
  console.error(
    `hypermock-api mcp: ${target.mode === 'started' ? 'serving' : 'attached to'} ${client.origin}${client.basePath} (control API ${client.origin}${client.controlPath}); tools ready on stdio.`,
  )
}

/** The client's API calls with a default credential, chosen from the declared tokens. */
function withToken(client: MockClient, token: string | undefined) {
  return (...[method, path, init = {}]: Parameters<typeof client.api>) =>
    client.api(method, path, {
      ...init,
      ...(init.token === undefined && token !== undefined && { token }),
    })
}
