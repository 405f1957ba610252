#!/usr/bin/env node
import { checkUsage, runCheck } from '../check/run-check-command.ts'
import { CliError } from './cli-error.ts'
import {
  graphqlSchemaUsage,
  runGraphqlSchema,
} from './graphql-schema-command.ts'
import { initUsage, runInit } from './init.ts'
import { inspectUsage, runInspect } from './inspect.ts'
import { mcpUsage, runMcp } from './mcp/run-mcp-command.ts'
import { recordUsage, runRecord } from '../record/run-record-command.ts'
import { runServe, serveUsage } from './serve.ts'

const usage = `Usage: hypermock-api <command> [options]

Commands:
  serve   start the mock API on a real HTTP port (http://127.0.0.1:8787)
  init    copy msw's service worker into your app's public folder
  check   test any server against the conventions (problem documents, idempotency, links...)
  inspect show how an OpenAPI description is served, operation by operation
  record  write a declaration of your backend from its traffic (a HAR file, or a proxy)
  mcp     an MCP server over stdio, so AI coding agents can set up and read the mock
  graphql-schema  print the GraphQL schema (SDL) a declaration answers at <API base>/graphql

Run "hypermock-api <command> --help" for a command's options.

${serveUsage}

${initUsage}

${checkUsage}

${inspectUsage}

${recordUsage}

${mcpUsage}

${graphqlSchemaUsage}`

const commands: Record<string, (args: string[]) => Promise<void>> = {
  serve: runServe,
  init: runInit,
  check: runCheck,
  inspect: runInspect,
  record: runRecord,
  mcp: runMcp,
  'graphql-schema': runGraphqlSchema,
}

const [command, ...args] = process.argv.slice(2)
try {
  if (command === undefined || command === '--help' || command === '-h') {
    console.log(usage)
  } else {
    const run = commands[command]
    if (!run)
      throw new CliError(
        `Unknown command "${command}". Use "serve", "init", "check", "inspect", "record", "mcp" or "graphql-schema"; "hypermock-api --help" lists them.`,
      )
    await run(args)
  }
} catch (error) {
  if (!(error instanceof CliError)) throw error
  console.error(`hypermock-api: ${error.message}`)
  process.exitCode = 1
}
