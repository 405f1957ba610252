import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { docPages, readDoc } from '../docs/doc-pages.ts'

const root = new URL('../../', import.meta.url)

/** The README and every page of the docs site. */
const pages = [
  { page: 'README.md', text: readFileSync(new URL('README.md', root), 'utf8') },
  ...docPages().map((page) => ({ page: `docs/${page}`, text: readDoc(page) })),
]

/** Every code block announced with `<!-- from examples/… -->` (or `tests/…`), with the file it is copied from. */
const copies = pages.flatMap(({ page, text }) =>
  [
    ...text.matchAll(
      /<!-- from ((?:examples|tests)\/[^ ]+) -->\n+```[a-z]*\n([\s\S]*?)\n```/g,
    ),
  ].map(([, file, code]) => ({ page, file: file!, code: code! })),
)

/** Lines without their indentation and without blank lines: Markdown may re-indent an excerpt. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

test('the docs copy their recipes from the example projects', () => {
  const files = new Set(copies.map((copy) => copy.file))
  for (const example of [
    'vitest-react',
    'vitest-msw2-node20',
    'jest',
    'storybook',
    'node-script',
    'own-api',
    'other-shapes',
    'graphql',
  ])
    expect([...files].some((file) => file.includes(`/${example}/`))).toBe(true)
  expect(copies.length).toBeGreaterThanOrEqual(15)
  // The README's 30-second starts are copies too.
  expect(copies.filter((copy) => copy.page === 'README.md').length).toBe(2)
})

test.each(copies.map((copy) => [copy.page, copy.file, copy.code] as const))(
  'the block in %s from %s is what the example runs',
  (_page, file, code) => {
    const source = lines(readFileSync(new URL(file, root), 'utf8')).join('\n')
    expect(source).toContain(lines(code).join('\n'))
  },
)
