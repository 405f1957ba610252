import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isInvalidDeclarationError, type ApiDeclaration } from '../index.ts'
import { CliError } from './cli-error.ts'

/** The package's public entry: dist/index.js beside the built CLI, or the sources run directly. */
function ownEntry(): string {
  return fileURLToPath(
    import.meta.url.endsWith('.ts')
      ? new URL('../index.ts', import.meta.url)
      : new URL('./index.js', import.meta.url),
  )
}

/**
 * Loads `hypermock.config.ts` (or `.mts`, `.js`, `.mjs`): its default export is a declaration made
 * with `defineApi()`. TypeScript loads without a build step through jiti, which also reports a syntax
 * error with its file, line and column.
 */
export async function loadConfig(file: string): Promise<ApiDeclaration> {
  const declaration = (await importDefault(file)) as
    | Partial<ApiDeclaration>
    | undefined
  if (
    !declaration ||
    typeof declaration !== 'object' ||
    typeof declaration.resources !== 'object'
  )
    throw new CliError(
      `Failed to load the config ${file}: its default export must be a declaration made with defineApi({ name, resources }); got ${declaration === undefined ? 'no default export' : typeof declaration}.`,
    )
  return declaration as ApiDeclaration
}

/** A config's default export, whatever it is (a declaration, or an OpenAPI overlay). */
export async function importDefault(file: string): Promise<unknown> {
  const path = resolve(file)
  if (!existsSync(path))
    throw new CliError(
      `Failed to load the config ${file}: no such file. Pass the path of a module whose default export is defineApi({ ... }).`,
    )
  const { createJiti } = await import('jiti')
  const jiti = createJiti(pathToFileURL(path).href, {
    moduleCache: false,
    // The config's `import … from 'hypermock-api'` is this copy of the package, installed beside
    // the config or not (npx): its declaration and the server then share one set of classes.
    alias: { 'hypermock-api': ownEntry() },
  })
  let loaded: unknown
  try {
    loaded = await jiti.import(path, { default: true })
  } catch (error) {
    if (isInvalidDeclarationError(error))
      throw new CliError(`Failed to load the config ${file}: ${error.message}`)
    const message = error instanceof Error ? error.message : String(error)
    const stack = error instanceof Error ? (error.stack ?? '') : ''
    // The first frame inside the config names its line when the module threw while running.
    const where = stack
      .split('\n')
      .find((line) => line.includes(path))
      ?.trim()
    throw new CliError(
      `Failed to load the config ${file}: ${message}${where ? `\n  ${where}` : ''}`,
    )
  }
  return loaded
}
