import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CliError } from '../cli-error.ts'

/** The two classes of the MCP SDK the server uses. */
export interface McpSdk {
  McpServer: typeof McpServer
  StdioServerTransport: typeof StdioServerTransport
}

async function importSdk(): Promise<McpSdk> {
  const [mcp, stdio] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
  ])
  return {
    McpServer: mcp.McpServer,
    StdioServerTransport: stdio.StdioServerTransport,
  }
}

/**
 * The MCP SDK, loaded when `mcp` runs: it is an optional peer dependency (it brings express,
 * hono and more), so a project that never runs `mcp` never installs it. Missing, it is a
 * `CliError` that names the install command.
 */
export async function loadSdk(load = importSdk): Promise<McpSdk> {
  try {
    return await load()
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND')
      throw error
    throw new CliError(
      'Failed to start the MCP server: it needs the MCP SDK, which hypermock-api leaves out for projects that never run "mcp". Install it beside hypermock-api: npm install --save-dev @modelcontextprotocol/sdk',
    )
  }
}
