import { fileURLToPath } from 'node:url'
import { Application, type Reflection } from 'typedoc'
import { packageEntries } from './package-entries.ts'

/**
 * The API reference, from the TSDoc of every public export of every entry in package.json's
 * `exports`: TypeDoc with typedoc-plugin-markdown writes one Markdown page per entry into
 * docs/reference/api/ (ignored by git, written before the site is built), and
 * typedoc-vitepress-theme the sidebar for them.
 */

const root = fileURLToPath(new URL('../../', import.meta.url))
export const apiOut = fileURLToPath(
  new URL('../reference/api/', import.meta.url),
)

/** Converts the entries; `write` also renders the pages and their sidebar. */
export async function apiReference({ write = true } = {}) {
  const entries = packageEntries()
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map((entry) => `${root}${entry.source}`),
    tsconfig: `${root}tsconfig.json`,
    plugin: ['typedoc-plugin-markdown', 'typedoc-vitepress-theme'],
    out: apiOut,
    // One page per entry: what a reader imports together, and few pages for the site to build.
    outputFileStrategy: 'modules',
    entryFileName: 'index',
    name: 'API reference',
    readme: 'none',
    // `tsc --noEmit` checks the types; here they are only read.
    skipErrorChecking: true,
    hidePageHeader: true,
    hideBreadcrumbs: true,
    excludePrivate: true,
    excludeInternal: true,
    excludeExternals: true,
    // Re-exports of third-party code (Playwright's `expect`) are listed, not documented again.
    excludeNotDocumented: false,
    disableSources: true,
    sort: ['kind', 'alphabetical'],
    parametersFormat: 'table',
    interfacePropertiesFormat: 'table',
    classPropertiesFormat: 'table',
    typeAliasPropertiesFormat: 'table',
    enumMembersFormat: 'table',
    expandObjects: false,
    typeDeclarationFormat: 'table',
    // Nested object types (a JSON Schema constant, the problem catalogue) summarised, not unfolded.
    typeDeclarationVisibility: 'compact',
    useCodeBlocks: false,
    // tests/docs/exports-documented.test.ts requires the TSDoc; the build does not repeat it.
    validation: { notExported: false, notDocumented: false, invalidLink: true },
    treatWarningsAsErrors: true,
    logLevel: 'Warn',
    docsRoot: fileURLToPath(new URL('../', import.meta.url)),
    sidebar: { pretty: true, collapsed: true },
  } as never)
  // The entries and what they import, with the repository's compiler options: not the tests.
  app.options.setCompilerOptions(
    entries.map((entry) => `${root}${entry.source}`),
    {
      ...app.options.getCompilerOptions(app.logger),
      noUnusedLocals: false,
      noUnusedParameters: false,
    },
    undefined,
  )
  const project = await app.convert()
  if (!project || app.logger.hasErrors() || app.logger.hasWarnings())
    throw new Error('TypeDoc could not read the package entries (see above).')
  // TypeDoc names a module after its path under src/ (`msw/node`, `check` for check/index.ts); a
  // reader imports the entry's name.
  const byPath = new Map(
    entries.map((entry) => [
      entry.source
        .replace(/^src\//, '')
        .replace(/\.tsx?$/, '')
        .replace(/(.)\/index$/, '$1'),
      entry.name,
    ]),
  )
  for (const module of project.children ?? []) {
    const name = byPath.get(module.name)
    if (!name)
      throw new Error(`No package entry for the TypeDoc module ${module.name}`)
    module.name = name
  }
  // In package.json's order: the root entry first.
  const rank = (reflection: Reflection) =>
    entries.findIndex((entry) => entry.name === reflection.name)
  project.children?.sort((a, b) => rank(a) - rank(b))
  for (const group of project.groups ?? [])
    group.children.sort((a, b) => rank(a) - rank(b))
  if (write) {
    await app.generateOutputs(project)
    if (app.logger.hasErrors() || app.logger.hasWarnings())
      throw new Error('TypeDoc warned while writing the API pages (see above).')
  }
  return project
}
