// Type-checks a consumer project through a TypeScript compiler's own API: the project's files and
// every declaration file of hypermock-api it loads, checked in full (skipLibCheck off for them);
// the other packages' declaration files are read and bound, as any check needs, but their own
// bodies are not checked (the compiler's command line, with skipLibCheck off, checks those too:
// TypeScript 7 does it in the same test, in seconds).
//
//   node check-types.mjs <path of the typescript package> <tsconfig>...
//
// Prints one JSON line: for each tsconfig, { config, version, checked, ours, diagnostics }.
//
// The configs' programs are built one after the other, and they share the declaration files they
// both load: a file parsed and bound for the first is not parsed again for the second. Parsing and
// binding the hundreds of declaration files (the DOM's lib, React's, msw's) were most of a check.
import { createRequire } from 'node:module'
import path from 'node:path'

const [typescriptDir, ...configs] = process.argv.slice(2)
const ts = createRequire(import.meta.url)(typescriptDir)

/**
 * The compiler options that change how a file is parsed or bound (TypeScript's own list, as its
 * language service keys the files it shares), less the two that differ between the configs here:
 * `module` and `moduleResolution` reach a declaration file only through the module format implied
 * for it, which is part of the key. (They also decide whether a file is a module by its format,
 * but never for a declaration file.)
 */
const affectingOptions = ts.optionDeclarations
  .filter((option) => option.affectsSourceFile || option.affectsBindDiagnostics)
  .map((option) => option.name)
  .filter((name) => name !== 'module' && name !== 'moduleResolution')

const declarationFiles = new Map()

/** A host that parses a declaration file once for every program with the same key. */
function sharingHost(options) {
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  const optionsKey = JSON.stringify(
    affectingOptions.map((name) => options[name]),
  )
  host.getSourceFile = (fileName, languageVersionOrOptions, ...rest) => {
    if (!ts.isDeclarationFileName(fileName))
      return getSourceFile(fileName, languageVersionOrOptions, ...rest)
    const { languageVersion, impliedNodeFormat, jsDocParsingMode } =
      typeof languageVersionOrOptions === 'object'
        ? languageVersionOrOptions
        : { languageVersion: languageVersionOrOptions }
    const key = JSON.stringify([
      fileName,
      languageVersion,
      impliedNodeFormat,
      jsDocParsingMode,
      optionsKey,
    ])
    if (!declarationFiles.has(key))
      declarationFiles.set(
        key,
        getSourceFile(fileName, languageVersionOrOptions, ...rest),
      )
    return declarationFiles.get(key)
  }
  return host
}

const isOurs = (file) =>
  !file.fileName.includes('/node_modules/') ||
  file.fileName.includes('/node_modules/hypermock-api/')
const formatHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
}

const results = configs.map((config) => {
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
    host: sharingHost(parsed.options),
  })
  const checked = program.getSourceFiles().filter(isOurs)
  const diagnostics = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...checked.flatMap((file) => program.getSemanticDiagnostics(file)),
  ]
  return {
    config,
    version: ts.version,
    checked: checked.length,
    ours: checked.filter((file) =>
      file.fileName.includes('/node_modules/hypermock-api/'),
    ).length,
    diagnostics: ts.formatDiagnostics(diagnostics, formatHost),
  }
})
console.log(JSON.stringify(results))
