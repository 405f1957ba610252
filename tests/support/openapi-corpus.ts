import { existsSync, readdirSync, readFileSync } from 'node:fs'
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { createRequire, syncBuiltinESMExports } from 'node:module'
import net from 'node:net'
import path from 'node:path'

/**
 * Public descriptions real backends publish, read in place from `../shared/openapi-corpus/`
 * (beside the repository; never copied into it): its `index.tsv` gives each one's folder, source
 * repository, commit and entry file.
 */
export const corpusRoot = path.resolve(
  new URL('../../', import.meta.url).pathname,
  '../shared/openapi-corpus',
)

export interface CorpusEntry {
  folder: string
  repo: string
  commit: string
  file: string
}

/** The corpus's descriptions, or undefined (with the reason) when the folder is absent. */
export function openApiCorpus(): CorpusEntry[] | undefined {
  const index = path.join(corpusRoot, 'index.tsv')
  if (!existsSync(index)) return undefined
  return readFileSync(index, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [folder = '', repo = '', commit = '', entry = ''] = line.split('\t')
      return {
        folder,
        repo,
        commit,
        file: path.join(corpusRoot, folder, entry),
      }
    })
}

export const corpusAbsent = `${corpusRoot} is absent: the public descriptions are not tested here`

/**
 * Runs `run` with every way out to the network trapped: a name lookup, a socket's connect,
 * `fetch`, and `http(s).request`/`get` (modules that import them by name included). Each attempt is recorded in `attempts` and fails, so a loader that
 * tries to download anything is seen, never served.
 */
export async function withoutNetwork<T>(
  attempts: string[],
  run: () => Promise<T>,
): Promise<T> {
  const refuse = (what: string) => {
    attempts.push(what)
    return new Error(`network access while loading: ${what}`)
  }
  const saved = {
    connect: net.Socket.prototype.connect,
    fetch: globalThis.fetch,
    httpRequest: http.request,
    httpGet: http.get,
    httpsRequest: https.request,
    httpsGet: https.get,
    lookup: dns.lookup,
    promisesLookup: dns.promises.lookup,
  }
  const named = (args: unknown[]) =>
    args
      .slice(0, 2)
      .map((a) => (typeof a === 'object' ? JSON.stringify(a) : String(a)))
      .join(' ')
  net.Socket.prototype.connect = function (...args: unknown[]) {
    throw refuse(`socket connect ${named(args)}`)
  } as typeof net.Socket.prototype.connect
  globalThis.fetch = (input: unknown) =>
    Promise.reject(refuse(`fetch ${String(input)}`))
  const trap = (kind: string) =>
    ((...args: unknown[]) => {
      throw refuse(`${kind} ${named(args)}`)
    }) as typeof http.request
  http.request = trap('http.request')
  http.get = trap('http.get')
  https.request = trap('https.request')
  https.get = trap('https.get')
  dns.lookup = trap('dns.lookup') as unknown as typeof dns.lookup
  dns.promises.lookup = ((host: string) =>
    Promise.reject(
      refuse(`dns.lookup ${host}`),
    )) as unknown as typeof dns.promises.lookup
  syncBuiltinESMExports()
  try {
    return await run()
  } finally {
    net.Socket.prototype.connect = saved.connect
    globalThis.fetch = saved.fetch
    http.request = saved.httpRequest
    http.get = saved.httpGet
    https.request = saved.httpsRequest
    https.get = saved.httpsGet
    dns.lookup = saved.lookup
    dns.promises.lookup = saved.promisesLookup
    syncBuiltinESMExports()
  }
}

/** A description an npm package ships: the package, its spec version folder and the file. */
export interface PackagedDescription {
  name: string
  version: '2.0' | '3.0' | '3.1'
  file: string
}

/**
 * The descriptions `@readme/oas-examples` ships (a devDependency of 3 MB: OpenAPI 3.0 and 3.1
 * examples of every feature, and Swagger 2.0 ones), read in place from node_modules.
 */
export function packagedDescriptions(): PackagedDescription[] {
  const root = path.dirname(
    createRequire(import.meta.url).resolve('@readme/oas-examples/package.json'),
  )
  return (['2.0', '3.0', '3.1'] as const).flatMap((version) =>
    readdirSync(path.join(root, version, 'json'))
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => ({
        name: `@readme/oas-examples/${version}/json/${name}`,
        version,
        file: path.join(root, version, 'json', name),
      })),
  )
}
