import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { packageEntries } from '../../docs/.vitepress/package-entries.ts'
import { root } from './doc-pages.ts'
import { undocumentedExports } from './undocumented-exports.ts'

/** `{ 'hypermock-api/msw': 'src/msw/handlers.ts', … }`: what a consumer imports, from which source. */
const entries = Object.fromEntries(
  packageEntries().map(({ name, source }) => [name, source]),
)

describe("the public entries' exports", () => {
  it('are every entry of the package, read from its build', () => {
    expect(entries).toMatchObject({
      'hypermock-api': 'src/index.ts',
      'hypermock-api/shop': 'src/domains/shop/index.ts',
      'hypermock-api/server': 'src/server/index.ts',
      'hypermock-api/check': 'src/check/index.ts',
    })
  })

  it('each carry a TSDoc comment, which the API reference is generated from', () => {
    const missing = undocumentedExports(entries).map(
      ({ entry, name, file }) => `${entry}: ${name} (${file})`,
    )
    expect(missing).toEqual([])
  }, 60_000)

  it('are found out when one has no comment, or a comment that says nothing', () => {
    const file = join(root, 'virtual-entry.ts')
    const text = [
      '/** Says what it is. */',
      'export const documented = 1',
      'export const bare = 2',
      '/** */',
      'export function empty() {}',
      '/** @deprecated Use `documented`. */',
      'export type Old = number',
    ].join('\n')
    const host = ts.createCompilerHost({})
    const getSourceFile = host.getSourceFile.bind(host)
    host.getSourceFile = (name, language, ...rest) =>
      name === file
        ? ts.createSourceFile(name, text, language)
        : getSourceFile(name, language, ...rest)
    const fileExists = host.fileExists.bind(host)
    host.fileExists = (name) => name === file || fileExists(name)
    const found = undocumentedExports({ virtual: 'virtual-entry.ts' }, host)
    expect(found.map((e) => e.name).sort()).toEqual(['bare', 'empty'])
  }, 30_000)
})
