import { readFileSync } from 'node:fs'
import path from 'node:path'
import { load as loadYaml } from 'js-yaml'
import type { OpenApiFinding } from './import-types.ts'
import { walkReferences } from './reference-walk.ts'
import { follow, isObject, type Json } from './schema-view.ts'

/** Where the other files of a split description are kept in the bundled one. */
export const FILES_MEMBER = 'x-hypermock-files'

/** A description split over more files than this is refused rather than read without end. */
const MAX_FILES = 20_000
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** A finding that stops the read: the file and place, and what is wrong there. */
export class DescriptionReadError extends Error {
  override readonly name = 'DescriptionReadError'
  readonly finding: OpenApiFinding
  constructor(finding: OpenApiFinding) {
    super(finding.message)
    this.finding = finding
  }
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1')
const unescape = (part: string) =>
  part.replaceAll('~1', '/').replaceAll('~0', '~')

/** The text each file of a read description had, by its key in `x-hypermock-files` ('' the root). */
const sources = new WeakMap<object, Map<string, string>>()

/** The texts a description was read from, to name the line of a finding. */
export function sourcesOf(document: object): ReadonlyMap<string, string> {
  return sources.get(document) ?? new Map()
}

/** YAML or JSON text as a value; a YAML error names its line and column. */
export function parseText(text: string, file: string): unknown {
  try {
    return /^\s*[{[]/.test(text) ? JSON.parse(text) : loadYaml(text)
  } catch (error) {
    // JSON that does not parse is read once more as YAML, for its line and column.
    try {
      return loadYaml(text)
    } catch (yamlError) {
      const { reason, mark } = yamlError as {
        reason?: string
        mark?: { line: number; column: number }
      }
      throw new DescriptionReadError({
        message: `does not parse: ${reason ?? (yamlError as Error).message ?? String(error)}`,
        file,
        ...(mark && { line: mark.line + 1, column: mark.column + 1 }),
      })
    }
  }
}

function readLocal(
  file: string,
  texts?: Map<string, string>,
  key = '',
): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new DescriptionReadError({
      message: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      file,
    })
  }
  const value = parseText(text, file)
  texts?.set(key, text)
  return value
}

/**
 * A description read from its file and every local file its `$ref`s name, as one document: the
 * other files are kept under `x-hypermock-files` and each reference points into it, so every
 * `$ref` is local; path items and operations that are references are written out in place.
 * A `$ref` to a URL is never fetched: it is a finding. `$ref` members inside examples and other
 * data are left as they are.
 */
export function bundleDescription(
  root: unknown,
  rootFile: string | undefined,
  /** Read from a URL: a `$ref` to another file would be a download, and is refused. */
  remote?: string,
  /** The texts read so far, by file key ('' the root). */
  texts = new Map<string, string>(),
): Json {
  if (!isObject(root))
    throw new DescriptionReadError({
      message: 'is not an object (an OpenAPI description is a map)',
      ...(rootFile && { file: rootFile }),
    })
  const base = rootFile ? path.dirname(path.resolve(rootFile)) : process.cwd()
  const rootPath = rootFile ? path.resolve(rootFile) : undefined
  const files: Json = {}
  const keys = new Map<string, string>()
  const pending: { file: string; node: unknown }[] = []
  const keyOf = (file: string) => {
    let key = keys.get(file)
    if (key === undefined) {
      if (keys.size >= MAX_FILES)
        throw new DescriptionReadError({
          message: `names more than ${MAX_FILES} files; bundle it into one first`,
          ...(rootFile && { file: rootFile }),
        })
      key = path.relative(base, file).split(path.sep).join('/')
      keys.set(file, key)
      pending.push({ file, node: undefined })
    }
    return key
  }
  const rewrite = (file: string | undefined) => (node: Json, at: string) => {
    const ref = node.$ref as string
    const hash = ref.indexOf('#')
    const target = hash === -1 ? ref : ref.slice(0, hash)
    const pointer = hash === -1 ? '' : ref.slice(hash + 1)
    const named = file ?? rootFile ?? remote
    const where = named ? { file: named } : {}
    if (
      (remote && target !== '') ||
      (/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^file:/i.test(target))
    )
      throw new DescriptionReadError({
        message: `names ${ref}: hypermock never fetches a URL while reading a description; download it and name the file instead`,
        ...where,
        pointer: at,
      })
    let targetFile = file
    if (target !== '') {
      const from = file ? path.dirname(file) : base
      targetFile = path.resolve(
        from,
        decodeURIComponent(target.replace(/^file:\/\//i, '')),
      )
      if (targetFile === rootPath) targetFile = undefined
    }
    node.$ref =
      targetFile === undefined
        ? `#${pointer}`
        : `#/${FILES_MEMBER}/${escape(keyOf(targetFile))}${pointer}`
    return undefined
  }
  walkReferences(root, rewrite(undefined))
  for (let next = pending.shift(); next; next = pending.shift()) {
    const content = readLocal(next.file, texts, keys.get(next.file))
    walkReferences(content, rewrite(next.file))
    files[keys.get(next.file)!] = content
  }
  if (keys.size > 0) root[FILES_MEMBER] = files
  inlinePathItems(root)
  if (keys.size > 0) keepReachedFiles(root, files)
  sources.set(root, texts)
  return root
}

const FILE_REF = `#/${FILES_MEMBER}/`

/**
 * Drops the bundled files no reference reaches any more: those of path items and operations now
 * written out in place (DigitalOcean's 659 operation files), so the validator and the importer do
 * not read each twice.
 */
function keepReachedFiles(document: Json, files: Json) {
  const reached = new Set<string>()
  const queue: unknown[] = [document]
  const visit = (node: Json) => {
    const ref = node.$ref as string
    if (!ref.startsWith(FILE_REF)) return undefined
    const end = ref.indexOf('/', FILE_REF.length)
    const key = unescape(
      ref.slice(FILE_REF.length, end === -1 ? undefined : end),
    )
    if (!reached.has(key) && key in files) {
      reached.add(key)
      queue.push(files[key])
    }
    return undefined
  }
  // The walk skips `x-` members, so the document's own walk leaves the files to the queue.
  for (let next = queue.pop(); next !== undefined; next = queue.pop())
    walkReferences(next, visit)
  for (const key of Object.keys(files)) if (!reached.has(key)) delete files[key]
}

/** Path items and operations that are `$ref`s (DigitalOcean's), written out where they stand. */
function inlinePathItems(document: Json) {
  const target = (node: unknown) => {
    let current = node
    for (let depth = 0; depth < 32 && isObject(current); depth++) {
      if (typeof current.$ref !== 'string') return current
      current = follow(document, current.$ref)
    }
    return current
  }
  const paths = document.paths
  if (!isObject(paths)) return
  for (const [key, raw] of Object.entries(paths)) {
    if (!isObject(raw)) continue
    const item = typeof raw.$ref === 'string' ? target(raw) : raw
    if (!isObject(item)) continue
    const copy: Json = { ...item }
    for (const method of METHODS)
      if (isObject(copy[method]) && typeof copy[method].$ref === 'string') {
        const operation = target(copy[method])
        if (isObject(operation)) copy[method] = operation
      }
    paths[key] = copy
  }
}

/** The description behind a file name, a URL the user gave, or an object. */
export async function readDescription(source: string | Json): Promise<Json> {
  if (typeof source !== 'string')
    return bundleDescription(structuredClone(source), undefined)
  if (/^https?:\/\//i.test(source)) {
    // The user named this URL: it is read, and any `$ref` it holds to another file is refused.
    const response = await fetch(source)
    if (!response.ok)
      throw new DescriptionReadError({
        message: `answered ${response.status} ${response.statusText}`,
        file: source,
      })
    const text = await response.text()
    const document = parseText(text, source)
    return bundleDescription(document, undefined, source, new Map([['', text]]))
  }
  const texts = new Map<string, string>()
  return bundleDescription(readLocal(source, texts), source, undefined, texts)
}
