import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { root } from './doc-pages.ts'

/**
 * The package's public entries, as the published build makes them (`tsdown.config.ts`'s `entry`):
 * `{ index: 'src/index.ts', shop: 'src/domains/shop/index.ts', … }`. The command line is a
 * program, not a module anyone imports.
 */
export function publicEntries(): Record<string, string> {
  const config = readFileSync(join(root, 'tsdown.config.ts'), 'utf8')
  const block = /entry:\s*\{([\s\S]*?)\n\s*\},/.exec(config)?.[1]
  if (!block) throw new Error('tsdown.config.ts has no `entry: { … }` block')
  const entries: Record<string, string> = {}
  for (const [, name, file] of block.matchAll(
    /^\s*'?([\w-]+)'?:\s*'(src\/[^']+)'/gm,
  ))
    if (name !== 'cli') entries[name!] = file!
  return entries
}

export interface UndocumentedExport {
  entry: string
  name: string
  /** Where it is declared, relative to the repository. */
  file: string
}

/** Whether a declaration carries a TSDoc comment that says something (a summary, or a tag's text). */
function documented(declaration: ts.Declaration): boolean {
  // A variable's comment sits on its statement; a `const x = …` declaration reaches it through it.
  const nodes: ts.Node[] = [declaration]
  if (ts.isVariableDeclaration(declaration))
    nodes.push(declaration.parent.parent)
  return nodes.some((node) =>
    ts.getJSDocCommentsAndTags(node).some((doc) => {
      if (ts.isJSDoc(doc))
        return (
          ts.getTextOfJSDocComment(doc.comment)?.trim() ||
          doc.tags?.some((tag) => ts.getTextOfJSDocComment(tag.comment)?.trim())
        )
      return Boolean(ts.getTextOfJSDocComment(doc.comment)?.trim())
    }),
  )
}

/**
 * Every export of these entry files (by name: `{ index: 'src/index.ts' }`) whose declaration has
 * no TSDoc comment: what a reference generated from the comments (TypeDoc) would leave blank.
 * `host` lets a test hand in files of its own.
 */
export function undocumentedExports(
  entries: Record<string, string>,
  host?: ts.CompilerHost,
): UndocumentedExport[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  }
  const files = Object.fromEntries(
    Object.entries(entries).map(([name, file]) => [name, join(root, file)]),
  )
  const program = ts.createProgram(Object.values(files), options, host)
  const checker = program.getTypeChecker()
  const missing: UndocumentedExport[] = []
  for (const [entry, file] of Object.entries(files)) {
    const source = program.getSourceFile(file)
    if (!source) throw new Error(`Failed to read the entry ${file}`)
    const module = checker.getSymbolAtLocation(source)
    if (!module) continue
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias
          ? checker.getAliasedSymbol(exported)
          : exported
      const declarations = symbol.declarations ?? []
      if (declarations.some(documented)) continue
      // A re-export of a library's own (`expect` of @playwright/test) is documented there.
      if (
        declarations.some((d) =>
          d.getSourceFile().fileName.includes('/node_modules/'),
        )
      )
        continue
      const where = declarations[0]?.getSourceFile().fileName ?? file
      missing.push({
        entry,
        name: exported.name,
        file: where.startsWith(root) ? where.slice(root.length) : where,
      })
    }
  }
  return missing
}
