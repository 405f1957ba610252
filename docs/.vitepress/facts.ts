import { readFileSync } from 'node:fs'

/**
 * The facts the README and the docs state in more than one place: which Node each feature needs,
 * the supported versions of the packages around hypermock, and the tarball's size limit. Each is
 * read from where it is decided (package.json, the installed msw's and Vitest's package.json, the
 * package test), so a page that disagrees fails tests/docs/facts.test.ts.
 */

interface PackageJson {
  engines?: { node?: string }
  peerDependencies?: Record<string, string>
}

const root = new URL('../../', import.meta.url)
const packageJson = (path: string) =>
  JSON.parse(readFileSync(new URL(path, root), 'utf8')) as PackageJson

/** `>=20.19.0` → `20.19`, `^22.12.0 || ^24.0.0` → `22.12`: the lowest version a range allows. */
export function lowest(range: string): string {
  const first = /(\d+)\.(\d+)/.exec(range)
  if (!first) throw new Error(`no version in the range "${range}"`)
  return `${first[1]}.${first[2]}`
}

/** The majors a `^a || ^b` range allows, and `5 or later` for `>=5.0.0`. */
export function majors(range: string): string {
  const open = /^>=(\d+)/.exec(range.trim())
  if (open) return `${open[1]} or later`
  const found = [...range.matchAll(/\^(\d+)/g)].map((match) => match[1]!)
  if (found.length === 0) throw new Error(`no major in the range "${range}"`)
  return found.length === 1 ? found[0]! : found.join(' or ')
}

const own = packageJson('package.json')
const peers = own.peerDependencies ?? {}
const peer = (name: string) => {
  const range = peers[name]
  if (range === undefined) throw new Error(`no peer dependency ${name}`)
  return range
}

export const facts = {
  node: {
    /** The package (`engines.node`): the core, the client, `serve` without `--data`, msw 2. */
    package: lowest(own.engines?.node ?? ''),
    /** msw 3, from its own `engines` (src/msw/assert-msw-runs.ts says the same). */
    msw3: lowest(packageJson('node_modules/msw/package.json').engines!.node!),
    /**
     * `serve --data <file>`: `node:sqlite` needs no flag from Node 22.13 (22.5 to 22.12 have it
     * behind `--experimental-sqlite`). src/server/sqlite-store.ts and `serve --help` say so.
     */
    data: '22.13',
    /** The repository's own tools (Vitest's `engines`): a clone, not the package. */
    repository: lowest(
      packageJson('node_modules/vitest/package.json').engines!.node!,
    ),
  },
  /** What a consumer may install beside hypermock-api (its peer dependencies). */
  peers: {
    /** `2.12+ or 3` */
    msw: `${lowest(peer('msw'))}+ or ${majors(peer('msw').split('||')[1]!)}`,
    /** The msw 2 minor: `2.12` */
    msw2: lowest(peer('msw')),
    react: majors(peer('react')),
    tanstackQuery: majors(peer('@tanstack/react-query')),
    vite: majors(peer('vite')),
    playwright: `${lowest(peer('@playwright/test'))}+`,
  },
  /** The TypeScript versions the package test type-checks a consumer with (tests/package). */
  typescript: ['5.9', '6.0', '7'],
  /**
   * The packed tarball's size is measured by the package test (tests/package/tarball.test.ts),
   * which fails over this limit; pages give the limit, never a measured size that goes stale.
   */
  tarballLimitKb: Number(
    /statSync\(tarballPath\)\.size\)\.toBeLessThan\((\d+) \* 1024\)/.exec(
      readFileSync(new URL('tests/package/tarball.test.ts', root), 'utf8'),
    )?.[1],
  ),
} as const

/** The "Supported" table of the README and the install guide, as Markdown rows. */
export function supportedTable(): string {
  const { node, peers, typescript } = facts
  const ts = typescript.join(', ')
  const rows = [
    ['Node.js', 'msw', 'TypeScript (consumer)', 'test runner'],
    [`${node.package}+`, `${peers.msw2}+`, ts, 'Vitest, Jest, plain Node'],
    [
      `${node.msw3}+ and 24`,
      peers.msw,
      ts,
      'Vitest, Jest, plain Node, Playwright',
    ],
  ]
  return rows.map((row) => row.join(' | ')).join('\n')
}
