import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { AllowedHosts } from '../host-check.ts'
import type { MockClient } from './mock-client.ts'
import type { Redact } from './tool-result.ts'

/** What every tool shares: the mock it drives and how its answers are made safe to show. */
export interface ToolContext {
  server: McpServer
  client: MockClient
  /** Hides the credentials handed to the server in every tool result. */
  redact: Redact
  /** The hosts beyond this machine the user opened (`--allowed-hosts`). */
  allowedHosts: AllowedHosts
  /** The `--token` handed to the server, which `run_check` sends to the mock itself. */
  token: string | undefined
}
