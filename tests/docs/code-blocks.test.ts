import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { codeBlocks, parsedFiles, typeCheckBlocks } from './code-blocks.ts'
import { docPages, readDoc, root } from './doc-pages.ts'

const pages = [
  ...docPages().map((page) => ({ page: `docs/${page}`, text: readDoc(page) })),
  {
    page: 'README.md',
    text: readFileSync(join(root, 'README.md'), 'utf8'),
  },
]
const blocks = pages.flatMap(({ page, text }) => codeBlocks(page, text))
const standalone = blocks.filter((block) => block.provenBy === undefined)
const work = join(root, 'test-results/doc-blocks')

describe("the docs' TypeScript blocks", () => {
  afterAll(() => parsedFiles.forget())

  it('are compiled here, copied from files CI runs, or fragments that say why', () => {
    expect(blocks.length).toBeGreaterThan(20)
    expect(standalone.length).toBeGreaterThanOrEqual(5)
    const fragments = pages.flatMap(({ text }) => [
      ...text.matchAll(/<!-- fragment\b([^>]*)-->/g),
    ])
    expect(fragments.length).toBe(
      blocks.filter((block) => block.provenBy === 'fragment').length,
    )
    for (const [, reason] of fragments) expect(reason).toMatch(/^: \S.{10,}/)
  })

  it('compile against the sources with strict options', () => {
    const failures = typeCheckBlocks(standalone, join(work, 'docs'))
    expect(
      failures.map(
        ({ block, messages }) =>
          `${block.page}:${block.line}\n  ${messages.join('\n  ')}`,
      ),
    ).toEqual([])
  }, 120_000)

  it('fail the check when a block stops compiling (a deliberately broken copy)', () => {
    const block = standalone.find((candidate) =>
      candidate.code.includes("from 'hypermock-api"),
    )!
    const broken = {
      ...block,
      // A misspelt export, as a page drifting from a renamed API would show it.
      code: block.code.replace(/import \{ (\w+)/, 'import { $1Renamed'),
    }
    expect(broken.code).not.toBe(block.code)
    const failures = typeCheckBlocks([block, broken], join(work, 'broken'))
    expect(failures).toHaveLength(1)
    expect(failures[0]!.block).toBe(broken)
    expect(failures[0]!.messages.join('\n')).toMatch(/Renamed/)
  }, 120_000)
})
