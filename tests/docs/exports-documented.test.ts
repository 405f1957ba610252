import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { root } from './doc-pages.ts'
import { publicEntries, undocumentedExports } from './undocumented-exports.ts'

describe("the public entries' exports", () => {
  it('are read from the build, every entry of the package', () => {
    const entries = publicEntries()
    expect(entries).toMatchObject({
      index: 'src/index.ts',
      shop: 'src/domains/shop/index.ts',
      server: 'src/server/index.ts',
      check: 'src/check/index.ts',
    })
    expect(entries).not.toHaveProperty('cli')
  })

  it('each carry a TSDoc comment, which the API reference is generated from', () => {
    const missing = undocumentedExports(publicEntries()).map(
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
