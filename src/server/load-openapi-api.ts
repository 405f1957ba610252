import { existsSync } from 'node:fs'
import type { ImportedApi, OpenApiOverrides } from '../openapi-import/index.ts'
import { CliError } from './cli-error.ts'
import type { ApiDeclaration } from '../mock-server/declare/types.ts'
import { importDefault, loadConfig } from './load-config.ts'

/**
 * `--openapi <file>`: the description imported into a declaration, with the config's default
 * export (when given) as the overlay: states and transitions, tokens, counts. A bad description is
 * a `CliError` with the validator's findings.
 */
export async function loadOpenApiApi(
  file: string,
  overlayFile?: string,
): Promise<ImportedApi> {
  if (!/^https?:\/\//.test(file) && !existsSync(file))
    throw new CliError(
      `Failed to read the OpenAPI description ${file}: no such file.`,
    )
  // Loaded here: ajv and the parser are only for those who import a description.
  const { importOpenApi, loadOpenApi, InvalidOpenApiError } =
    await import('../openapi-import/index.ts')
  const overrides = (
    overlayFile ? await importDefault(overlayFile) : {}
  ) as OpenApiOverrides
  if (!overrides || typeof overrides !== 'object')
    throw new CliError(
      `Failed to load the config ${overlayFile}: with --openapi, its default export is an overlay object ({ resources, tokens, count }).`,
    )
  try {
    return importOpenApi(await loadOpenApi(file), overrides)
  } catch (error) {
    if (error instanceof InvalidOpenApiError) throw new CliError(error.message)
    throw error
  }
}

/**
 * The declaration a command's `--config` and `--openapi` name: the description imported (the
 * config as its overlay), else the config's declaration, else undefined.
 */
export async function loadDeclaration(values: {
  config?: string | undefined
  openapi?: string | undefined
}): Promise<ApiDeclaration | undefined> {
  if (values.openapi)
    return (await loadOpenApiApi(values.openapi, values.config)).api
  return values.config ? loadConfig(values.config) : undefined
}
