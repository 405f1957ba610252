import { parseArgs } from 'node:util'
import { shopApi } from '../domains/shop/index.ts'
import { isInvalidDeclarationError } from '../index.ts'
import { compiledApi } from '../mock-server/declare/compiled-api-cache.ts'
import { CliError } from './cli-error.ts'
import { loadDeclaration } from './load-openapi-api.ts'

export const graphqlSchemaUsage = `Usage: hypermock-api graphql-schema [--config hypermock.config.ts] [--openapi openapi.yaml]

Prints the GraphQL schema (SDL) that a declaration answers at <API base>/graphql: per resource an
object type, a Relay connection with its filters and sorts, a read by id, and create, update,
delete and one mutation per state action. The built-in shop's unless --config or --openapi names
another API; the same text the mock serves at <API base>/graphql/schema.graphql.

Options:
  -c, --config <file>      a module whose default export is defineApi({ ... }); with --openapi,
                           an overlay
      --openapi <file>     an OpenAPI 3.0 or 3.1 description, imported as serve imports it
  -h, --help               show this help`

/** `hypermock-api graphql-schema`: a declaration's GraphQL schema, without starting anything. */
export async function runGraphqlSchema(args: string[]): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        config: { type: 'string', short: 'c' },
        openapi: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${graphqlSchemaUsage}`)
  }
  if (values.help) {
    console.log(graphqlSchemaUsage)
    return
  }
  const declaration = (await loadDeclaration(values)) ?? shopApi
  // graphql-js loads only for this command (the module the engine loads on a GraphQL request).
  const { graphqlSdl } = await import('../mock-server/graphql/serve-graphql.ts')
  let sdl: string
  try {
    sdl = graphqlSdl(compiledApi(declaration))
  } catch (error) {
    if (isInvalidDeclarationError(error))
      throw new CliError(
        `Failed to load ${values.openapi ? `the OpenAPI description ${values.openapi}` : `the config ${values.config}`}: ${error.message}`,
      )
    throw error
  }
  process.stdout.write(sdl)
}
