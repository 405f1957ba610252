import { readFileSync } from 'node:fs'

const root = new URL('../../', import.meta.url)

/** A public entry of the package and the source file tsdown builds it from. */
export interface PackageEntry {
  /** What a consumer imports: `hypermock-api/msw/node`. */
  name: string
  /** Relative to the repository root: `src/msw/node.ts`. */
  source: string
}

/** Every entry of package.json's `exports` with types, mapped to its source through tsdown.config.ts. */
export function packageEntries(): PackageEntry[] {
  const manifest = JSON.parse(
    readFileSync(new URL('package.json', root), 'utf8'),
  ) as { exports: Record<string, string | { types?: string }> }
  const tsdown = readFileSync(new URL('tsdown.config.ts', root), 'utf8')
  const sources = new Map(
    [...tsdown.matchAll(/^\s+'?([\w-]+)'?: '(src\/[^']+)'/gm)].map(
      ([, name, file]) => [name!, file!],
    ),
  )
  return Object.entries(manifest.exports).flatMap(([key, target]) => {
    const types = typeof target === 'string' ? undefined : target.types
    const built = types && /^\.\/dist\/(.+)\.d\.ts$/.exec(types)?.[1]
    const source = built && sources.get(built)
    if (!source) return []
    const name = key === '.' ? 'hypermock-api' : `hypermock-api${key.slice(1)}`
    return [{ name, source }]
  })
}
