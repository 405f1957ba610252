#!/usr/bin/env node
import { CliError } from './cli-error.ts'

/**
 * Each command's module, loaded when that command runs: a start loads what its command needs
 * (`check` and `init` leave the engine and the server out), and an unknown command loads none.
 */
const commands: Record<
  string,
  () => Promise<(args: string[]) => Promise<void>>
> = {
  serve: async () => (await import('./serve.ts')).runServe,
  init: async () => (await import('./init.ts')).runInit,
  check: async () => (await import('../check/run-check-command.ts')).runCheck,
  inspect: async () => (await import('./inspect.ts')).runInspect,
  record: async () =>
    (await import('../record/run-record-command.ts')).runRecord,
  mcp: async () => (await import('./mcp/run-mcp-command.ts')).runMcp,
  'graphql-schema': async () =>
    (await import('./graphql-schema-command.ts')).runGraphqlSchema,
}

/** The overview and every command's own usage. */
async function usage(): Promise<string> {
  const [serve, init, check, inspect, record, mcp, graphqlSchema] =
    await Promise.all([
      import('./serve.ts'),
      import('./init.ts'),
      import('../check/run-check-command.ts'),
      import('./inspect.ts'),
      import('../record/run-record-command.ts'),
      import('./mcp/run-mcp-command.ts'),
      import('./graphql-schema-command.ts'),
    ])
  return `Usage: hypermock-api <command> [options]

Commands:
  serve   start the mock API on a real HTTP port (http://127.0.0.1:8787)
  init    copy msw's service worker into your app's public folder
  check   test any server against the conventions (problem documents, idempotency, links...)
  inspect show how an OpenAPI description is served, operation by operation
  record  write a declaration of your backend from its traffic (a HAR file, or a proxy)
  mcp     an MCP server over stdio, so AI coding agents can set up and read the mock
  graphql-schema  print the GraphQL schema (SDL) a declaration answers at <API base>/graphql

Run "hypermock-api <command> --help" for a command's options.

${serve.serveUsage}

${init.initUsage}

${check.checkUsage}

${inspect.inspectUsage}

${record.recordUsage}

${mcp.mcpUsage}

${graphqlSchema.graphqlSchemaUsage}`
}

const [command, ...args] = process.argv.slice(2)
try {
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(await usage())
  } else {
    const load = commands[command]
    if (!load)
      throw new CliError(
        `Unknown command "${command}". Use "serve", "init", "check", "inspect", "record", "mcp" or "graphql-schema"; "hypermock-api --help" lists them.`,
      )
    await (
      await load()
    )(args)
  }
} catch (error) {
  if (!(error instanceof CliError)) throw error
  console.error(`hypermock-api: ${error.message}`)
  process.exitCode = 1
}
