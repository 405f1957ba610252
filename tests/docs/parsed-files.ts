import ts from 'typescript'

/**
 * The parsed files of the programs a test file builds, kept between those programs: the sources and
 * node_modules' declaration files do not change during a run, and parsing (and binding) them again
 * for each program was most of its cost. Only the files `fresh` names (the ones a test writes) are
 * read anew. `forget()` frees the lot in the file's `afterAll` (the `node` project's worker runs
 * other files after it).
 */
export class ParsedFiles {
  private readonly files = new Map<string, ts.SourceFile | undefined>()
  private readonly fresh: (fileName: string) => boolean

  constructor(fresh: (fileName: string) => boolean) {
    this.fresh = fresh
  }

  /** A compiler host for these options, which every program built with this cache must share. */
  host(options: ts.CompilerOptions, base = ts.createCompilerHost(options)) {
    const getSourceFile = base.getSourceFile.bind(base)
    const host: ts.CompilerHost = { ...base }
    host.getSourceFile = (fileName, languageVersion, ...rest) => {
      if (this.fresh(fileName))
        return getSourceFile(fileName, languageVersion, ...rest)
      // What a file parses to also depends on the version and module format it is read as.
      const key = `${fileName}\0${JSON.stringify(
        typeof languageVersion === 'object'
          ? [
              languageVersion.languageVersion,
              languageVersion.impliedNodeFormat,
              languageVersion.jsDocParsingMode,
            ]
          : languageVersion,
      )}`
      if (!this.files.has(key))
        this.files.set(key, getSourceFile(fileName, languageVersion, ...rest))
      return this.files.get(key)
    }
    return host
  }

  forget() {
    this.files.clear()
  }
}
