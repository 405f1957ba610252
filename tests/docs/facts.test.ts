import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { facts, lowest, majors } from '../../docs/.vitepress/facts.ts'
import { assertMswRuns } from '../../src/msw/assert-msw-runs.ts'
import { docPages, readDoc, root } from './doc-pages.ts'

const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** The README and every page written for the site, without their code blocks. */
const pages = [
  { page: 'README.md', text: read('README.md') },
  ...docPages().map((page) => ({ page: `docs/${page}`, text: readDoc(page) })),
].map(({ page, text }) => ({
  page,
  text: text.replace(/^```[\s\S]*?^```$/gm, ''),
}))

/** Paragraphs and list items, each on one line, so a sentence split across lines reads whole. */
const passages = pages.flatMap(({ page, text }) =>
  text
    .split(/\n\s*\n|\n(?=\s*[-*] |\|)/)
    .map((passage) => ({ page, text: passage.replace(/\s*\n\s*/g, ' ') })),
)

describe('the facts source (docs/.vitepress/facts.ts)', () => {
  it('reads ranges the way package.json writes them', () => {
    expect(lowest('>=20.19.0')).toBe('20.19')
    expect(lowest('^22.12.0 || ^24.0.0 || >=26.0.0')).toBe('22.12')
    expect(majors('^18.0.0 || ^19.0.0')).toBe('18 or 19')
    expect(majors('>=5.0.0')).toBe('5 or later')
    expect(() => lowest('latest')).toThrow(/no version/)
  })

  it('holds what package.json and the package test decide', () => {
    expect(facts.node.package).toBe('20.19')
    expect(facts.peers).toEqual({
      msw: '2.12+ or 3',
      msw2: '2.12',
      react: '18 or 19',
      tanstackQuery: '5',
      vite: '5 or later',
      playwright: '1.50+',
    })
    expect(facts.tarballLimitKb).toBeGreaterThan(0)
    // The consumer projects the package test installs: the oldest Node of each row, each TypeScript.
    const consumers = read('tests/package/consumers.test.ts')
    expect(consumers).toContain(`[nodePackage]: '${facts.node.package}.0'`)
    expect(consumers).toContain(`[nodePackage]: '${facts.node.msw3}.0'`)
    expect(consumers).toContain(`typescript: '${facts.typescript[0]}.`)
    expect(consumers).toContain(`typescript: '~${facts.typescript[1]}.`)
    expect(consumers).toContain(`npm:typescript@^${facts.typescript[2]}.`)
  })

  it('agrees with the code: the Node msw 3 needs, and the one `serve --data` names', () => {
    const [major, minor] = facts.node.msw3.split('.').map(Number)
    expect(() => assertMswRuns('3.0.5', `${major}.${minor}.0`)).not.toThrow()
    expect(() => assertMswRuns('3.0.5', `${major}.${minor! - 1}.9`)).toThrow(
      `needs Node.js ${facts.node.msw3} or newer`,
    )
    expect(read('src/server/sqlite-store.ts')).toContain(
      `it needs Node.js ${facts.node.data} or later (node:sqlite)`,
    )
    expect(read('src/server/serve.ts')).toContain(
      `Needs Node.js ${facts.node.data} or later`,
    )
  })
})

describe('the README and the docs state each fact as the source has it', () => {
  it('every "Supported" table', () => {
    const tables = pages.flatMap(({ page, text }) =>
      [...text.matchAll(/^\| Node\.js .*\n\|[- |]+\n((?:\|.*\n?)+)/gm)].map(
        ([, body]) => ({
          page,
          rows: body!
            .trim()
            .split('\n')
            .map((row) =>
              row
                .split('|')
                .slice(1, -1)
                .map((cell) => cell.trim()),
            ),
        }),
      ),
    )
    expect(tables.map(({ page }) => page)).toEqual([
      'README.md',
      'docs/guide/install.md',
    ])
    const typescript = facts.typescript.join(', ')
    for (const { rows } of tables)
      expect(rows).toEqual([
        [
          `${facts.node.package}+`,
          `${facts.peers.msw2}+`,
          typescript,
          'Vitest, Jest, plain Node',
        ],
        [
          `${facts.node.msw3}+ and 24`,
          facts.peers.msw,
          typescript,
          'Vitest, Jest, plain Node, Playwright',
        ],
      ])
  })

  it('every Node.js version named is one the source holds', () => {
    const known = new Set<string>(Object.values(facts.node))
    const named = passages.flatMap(({ page, text }) =>
      [...text.matchAll(/\bNode(?:\.js)? (?:≥ )?(\d+\.\d+)\b/g)].map(
        ([sentence, version]) => ({ page, sentence, version: version! }),
      ),
    )
    expect(named.length).toBeGreaterThan(5)
    expect(named.filter(({ version }) => !known.has(version))).toEqual([])
  })

  it('what `serve --data` needs, wherever a passage says', () => {
    const about = passages.filter(
      ({ text }) =>
        /node:sqlite|`(?:serve )?--data[^`]*`[^.]* needs/.test(text) &&
        /Node(?:\.js)? \d/.test(text),
    )
    expect(about.map(({ page }) => page).sort()).toEqual([
      'README.md',
      'docs/guide/install.md',
      'docs/guide/keeping-data.md',
    ])
    for (const { text } of about)
      expect(text).toContain(`Node.js ${facts.node.data} or later`)
  })

  it('what msw 3 needs, wherever a passage says', () => {
    const about = passages.filter(({ text }) =>
      /msw 3[^.]* needs Node/.test(text),
    )
    expect(about.length).toBeGreaterThanOrEqual(2)
    for (const { text } of about)
      expect(text).toMatch(
        new RegExp(`msw 3[^.]* needs Node(?:\\.js)? ${facts.node.msw3}\\+`),
      )
  })

  it('no tarball size but the limit the package test holds', () => {
    const sizes = passages.filter(({ text }) =>
      /tarball[^.]*\d+(?:\.\d+)? (?:kB|MB)|\d+(?:\.\d+)? (?:kB|MB)[^.]*tarball/.test(
        text,
      ),
    )
    for (const { text } of sizes)
      for (const [size] of text.matchAll(/\d+(?:\.\d+)? (?:kB|MB)/g))
        expect(size).toBe(`${facts.tarballLimitKb} kB`)
  })

  it('the `--data` clean-up names every file SQLite writes beside it', () => {
    const cleanUp = passages.filter(({ text }) => /db-wal/.test(text))
    expect(cleanUp.length).toBeGreaterThan(0)
    for (const { text } of cleanUp) expect(text).toMatch(/\.db-shm/)
  })
})
