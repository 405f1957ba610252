import { parseArgs } from 'node:util'
import { CliError } from './cli-error.ts'
import { loadOpenApiApi } from './load-openapi-api.ts'

export const inspectUsage = `Usage: hypermock-api inspect --openapi <file> [--config overlay.ts] [--json]

Prints how hypermock serves each operation of an OpenAPI 3.0 or 3.1 description (a collection's
list or create; an item's read, replace or delete; a nested list; an action; example only) and
why, then where the description's error responses differ from the RFC 9457 problems it sends.

Options:
      --openapi <file>     the description (YAML or JSON; $refs to other files are bundled in)
  -c, --config <file>      an overlay: states and transitions, tokens, seed counts
      --json               the report as JSON
  -h, --help               show this help`

/** `hypermock-api inspect`: the import report of a description, without starting anything. */
export async function runInspect(args: string[]): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        openapi: { type: 'string' },
        config: { type: 'string', short: 'c' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${inspectUsage}`)
  }
  if (values.help) {
    console.log(inspectUsage)
    return
  }
  if (!values.openapi)
    throw new CliError(`inspect needs --openapi <file>.\n\n${inspectUsage}`)
  const { report } = await loadOpenApiApi(values.openapi, values.config)
  const { formatReport } = await import('../openapi-import/index.ts')
  console.log(
    values.json ? JSON.stringify(report, null, 2) : formatReport(report),
  )
}
