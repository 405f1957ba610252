import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { packageEntries } from '../../docs/.vitepress/package-entries.ts'
import { root } from './doc-pages.ts'
import { ParsedFiles } from './parsed-files.ts'

/** A TypeScript block of a page, and why it is proven elsewhere when it is. */
export interface CodeBlock {
  page: string
  line: number
  lang: 'ts' | 'tsx'
  code: string
  /**
   * `from`: an excerpt of a file CI runs (compared with it by tests/examples/readme-recipes).
   * `file`: a whole file of the tutorial (tests/package/tutorial.test.ts writes and runs it).
   * `fragment`: marked `<!-- fragment -->` by the page: not a program on its own.
   */
  provenBy?: 'from' | 'file' | 'fragment' | undefined
}

/** Every ```ts and ```tsx block of a Markdown page. */
export function codeBlocks(page: string, markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  for (const match of markdown.matchAll(
    /^```(ts|tsx)( \[[^\]]+\])?\n([\s\S]*?)^```$/gm,
  )) {
    const before = markdown.slice(0, match.index).trimEnd()
    const marker = /<!-- (from|fragment)\b[^>]*-->$/.exec(before)?.[1]
    blocks.push({
      page,
      line: before.split('\n').length + 1,
      lang: match[1] as 'ts' | 'tsx',
      code: match[3]!,
      provenBy: match[2]
        ? 'file'
        : (marker as CodeBlock['provenBy'] | undefined),
    })
  }
  return blocks
}

/** The package's entries, as tsdown builds them from the sources: `hypermock-api/msw/node` → src. */
const entryPaths = (): Record<string, string[]> =>
  Object.fromEntries(
    packageEntries().map(({ name, source }) => [name, [join(root, source)]]),
  )

/** The folders blocks are written to: read anew by every program, as each call rewrites them. */
const blockDirs = new Set<string>()

/** The sources and declaration files every check imports, parsed once (see `ParsedFiles`). */
export const parsedFiles = new ParsedFiles((file) =>
  [...blockDirs].some((dir) => file.startsWith(`${dir}/`)),
)

let compilerOptions: ts.CompilerOptions | undefined

/** The repository's strict options, with the package's entries mapped to the sources. */
function blockOptions(): ts.CompilerOptions {
  if (!compilerOptions) {
    const config = ts.readConfigFile(
      join(root, 'tsconfig.json'),
      ts.sys.readFile,
    )
    const { options } = ts.parseJsonConfigFileContent(
      config.config,
      ts.sys,
      root,
    )
    compilerOptions = {
      ...options,
      noEmit: true,
      // A page shows how to call something; a name it declares and leaves unused is fine.
      noUnusedLocals: false,
      noUnusedParameters: false,
      baseUrl: root,
      paths: { ...options.paths, ...entryPaths() },
    }
  }
  return compilerOptions
}

/**
 * Type-checks blocks as modules against the sources, with the repository's strict options, each
 * in a file of its own under `dir`. Returns each failing block with tsc's messages.
 */
export function typeCheckBlocks(blocks: readonly CodeBlock[], dir: string) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  blockDirs.add(dir)
  const files = blocks.map((block, at) => {
    const file = join(dir, `block-${at}.${block.lang}`)
    // A block with no import or export is still a module, so blocks do not share names.
    writeFileSync(file, `${block.code}\nexport {}\n`)
    return file
  })
  const options = blockOptions()
  const program = ts.createProgram(files, options, parsedFiles.host(options))
  const failures = new Map<number, string[]>()
  // Only the blocks' own diagnostics: the sources they import are type-checked by `npm run
  // typecheck`, and checking every one of them again here cost most of this file's time.
  const diagnostics = files.flatMap((file) =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)),
  )
  for (const diagnostic of diagnostics) {
    const at = diagnostic.file ? files.indexOf(diagnostic.file.fileName) : -1
    if (at === -1) continue
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(
      diagnostic.start ?? 0,
    )
    failures.set(at, [
      ...(failures.get(at) ?? []),
      `line ${line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
    ])
  }
  return [...failures].map(([at, messages]) => ({
    block: blocks[at]!,
    messages,
  }))
}
