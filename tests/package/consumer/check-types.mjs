// Type-checks a consumer project through a TypeScript compiler's own API: the project's files and
// every declaration file of hypermock-api it loads, checked in full (skipLibCheck off for them);
// the other packages' declaration files are read and bound, as any check needs, but their own
// bodies are not checked (the compiler's command line, with skipLibCheck off, checks those too:
// TypeScript 7 does it in the same test, in seconds).
//
//   node check-types.mjs <path of the typescript package> <tsconfig>
//
// Prints one JSON line: { version, checked, ours, diagnostics }.
import { createRequire } from 'node:module'
import path from 'node:path'

const [typescriptDir, config] = process.argv.slice(2)
const ts = createRequire(import.meta.url)(typescriptDir)
const { config: raw, error } = ts.readConfigFile(config, ts.sys.readFile)
if (error)
  throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'))
const parsed = ts.parseJsonConfigFileContent(
  raw,
  ts.sys,
  path.dirname(path.resolve(config)),
)
const program = ts.createProgram({
  rootNames: parsed.fileNames,
  options: parsed.options,
})
const isOurs = (file) =>
  !file.fileName.includes('/node_modules/') ||
  file.fileName.includes('/node_modules/hypermock-api/')
const checked = program.getSourceFiles().filter(isOurs)
const diagnostics = [
  ...parsed.errors,
  ...program.getOptionsDiagnostics(),
  ...program.getGlobalDiagnostics(),
  ...program.getSyntacticDiagnostics(),
  ...checked.flatMap((file) => program.getSemanticDiagnostics(file)),
]
const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
}
console.log(
  JSON.stringify({
    version: ts.version,
    checked: checked.length,
    ours: checked.filter((file) =>
      file.fileName.includes('/node_modules/hypermock-api/'),
    ).length,
    diagnostics: ts.formatDiagnostics(diagnostics, host),
  }),
)
