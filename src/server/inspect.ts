import { parseArgs } from 'node:util'
import { CliError } from './cli-error.ts'
import { loadOpenApiApi } from './load-openapi-api.ts'

export const inspectUsage = `Usage: hypermock-api inspect --openapi <file>… [--config overlay.ts] [--json | --summary]

Prints how hypermock serves each operation of an OpenAPI 3.0 or 3.1 description (a collection's
list or create; an item's read, replace or delete; a nested list; an action; example only) and
why, then where the description's error responses differ from the RFC 9457 problems it sends.

Options:
      --openapi <file>     the description (YAML or JSON; $refs to other files are bundled in)
  -c, --config <file>      an overlay: states and transitions, tokens, seed counts
      --json               the report as JSON
      --summary            one line per description: the share served with state, and the
                           reasons of the rest counted (--openapi may be given more than once)
  -h, --help               show this help`

/** `hypermock-api inspect`: the import report of a description, without starting anything. */
export async function runInspect(args: string[]): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        openapi: { type: 'string', multiple: true },
        config: { type: 'string', short: 'c' },
        json: { type: 'boolean' },
        summary: { type: 'boolean' },
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
  const files = values.openapi ?? []
  if (files.length === 0)
    throw new CliError(`inspect needs --openapi <file>.\n\n${inspectUsage}`)
  if (files.length > 1 && !values.summary)
    throw new CliError(
      `inspect reads one --openapi <file>, or several with --summary.\n\n${inspectUsage}`,
    )
  const { formatReport, formatSummary } =
    await import('../openapi-import/index.ts')
  if (values.summary) {
    for (const file of files) {
      try {
        const { report } = await loadOpenApiApi(file, values.config)
        console.log(`${file}: ${formatSummary(report)}`)
      } catch (error) {
        if (!(error instanceof CliError) || files.length === 1) throw error
        console.log(
          `${file}: not served: ${error.message.split('\n').join(' ')}`,
        )
      }
    }
    return
  }
  const { report } = await loadOpenApiApi(files[0]!, values.config)
  console.log(
    values.json ? JSON.stringify(report, null, 2) : formatReport(report),
  )
}
