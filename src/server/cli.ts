#!/usr/bin/env node
import { CliError } from './cli-error.ts'

/** A command as its module gives it: what runs it, and its usage. */
interface Command {
  run: (args: string[]) => Promise<void>
  usage: string
}

/**
 * Each command's module, loaded when that command runs: a start loads what its command needs
 * (`check` and `init` leave the engine and the server out), and an unknown command loads none.
 * `--help` loads them all, in this order, for their usage.
 */
const commands: Record<string, () => Promise<Command>> = {
  serve: async () => {
    const m = await import('./serve.ts')
    return { run: m.runServe, usage: m.serveUsage }
  },
  init: async () => {
    const m = await import('./init.ts')
    return { run: m.runInit, usage: m.initUsage }
  },
  check: async () => {
    const m = await import('../check/run-check-command.ts')
    return { run: m.runCheck, usage: m.checkUsage }
  },
  inspect: async () => {
    const m = await import('./inspect.ts')
    return { run: m.runInspect, usage: m.inspectUsage }
  },
  record: async () => {
    const m = await import('../record/run-record-command.ts')
    return { run: m.runRecord, usage: m.recordUsage }
  },
  mcp: async () => {
    const m = await import('./mcp/run-mcp-command.ts')
    return { run: m.runMcp, usage: m.mcpUsage }
  },
  'graphql-schema': async () => {
    const m = await import('./graphql-schema-command.ts')
    return { run: m.runGraphqlSchema, usage: m.graphqlSchemaUsage }
  },
}

/** The overview and every command's own usage. */
async function usage(): Promise<string> {
  const loaded = await Promise.all(
    Object.values(commands).map((load) => load()),
  )
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

${loaded.map((command) => command.usage).join('\n\n')}`
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
    await (await load()).run(args)
  }
} catch (error) {
  if (!(error instanceof CliError)) throw error
  console.error(`hypermock-api: ${error.message}`)
  process.exitCode = 1
}
