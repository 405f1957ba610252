import { join } from 'node:path'
import ts from 'typescript'
import { root } from './doc-pages.ts'
import { ParsedFiles } from './parsed-files.ts'

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

/** The options the entries are read with: the sources' own, without emitting. */
export const entryOptions: ts.CompilerOptions = {
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

/**
 * The sources and declaration files of every program built with `entryOptions`, parsed once (see
 * `ParsedFiles`): none of them changes during a run.
 */
export const parsedEntries = new ParsedFiles(() => false)

/** A program of these entry files (absolute paths) with `entryOptions`. */
export function entriesProgram(files: string[], host?: ts.CompilerHost) {
  return ts.createProgram(
    files,
    entryOptions,
    parsedEntries.host(entryOptions, host),
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
  const files = Object.fromEntries(
    Object.entries(entries).map(([name, file]) => [name, join(root, file)]),
  )
  const program = entriesProgram(Object.values(files), host)
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
