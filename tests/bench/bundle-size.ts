import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  assets?: string[]
}

export interface BundleSizes {
  /** The page's JS a browser loads before the first view: the HTML entry and what it imports. */
  page: number
  /** What a worker entry of the build loads besides the page (none since the leading tab runs the mock). */
  workers: number
  /** Chunks loaded only on demand (the other views, GraphiQL, a file check). */
  lazy: number
}

const gzipped = async (dist: string, file: string) => {
  try {
    return gzipSync(await readFile(join(dist, file))).byteLength
  } catch {
    return 0 // a name the manifest lists but the build did not write
  }
}

/**
 * Gzipped bytes of the playground build, read through Vite's manifest
 * (`<dist>/.vite/manifest.json`), or null when there is no build. The worker is an entry of the
 * same build, so a chunk the page and the worker share counts once, with the page.
 */
export async function bundleSizes(dist: string): Promise<BundleSizes | null> {
  let manifest: Record<string, ManifestChunk>
  try {
    manifest = JSON.parse(
      await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>
  } catch {
    return null
  }
  /** Every file a chunk loads before it runs: itself and its static imports. */
  const closure = (keys: string[], into = new Set<string>()) => {
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || into.has(chunk.file)) return
      into.add(chunk.file)
      // A worker Vite bundled on its own is an asset of the chunk that starts it.
      for (const asset of chunk.assets ?? [])
        if (asset.endsWith('.js')) into.add(asset)
      for (const imported of chunk.imports ?? []) visit(imported)
    }
    keys.forEach(visit)
    return into
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry)
  const page = closure(entries.filter((key) => key.endsWith('.html')))
  const withWorkers = closure(
    entries.filter((key) => !key.endsWith('.html')),
    new Set(page),
  )
  const lazy = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js') && !withWorkers.has(file))
  const sum = async (files: Iterable<string>) => {
    let total = 0
    for (const file of new Set(files)) total += await gzipped(dist, file)
    return total
  }
  const pageBytes = await sum(page)
  return {
    page: pageBytes,
    workers: (await sum(withWorkers)) - pageBytes,
    lazy: await sum(lazy),
  }
}
