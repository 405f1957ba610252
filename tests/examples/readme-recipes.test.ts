import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const root = new URL('../../', import.meta.url)
const readme = readFileSync(new URL('README.md', root), 'utf8')

/** Every code block announced with `<!-- from examples/… -->`, with the file it is copied from. */
const copies = [
  ...readme.matchAll(
    /<!-- from (examples\/[^ ]+) -->\n+```[a-z]*\n([\s\S]*?)\n```/g,
  ),
].map(([, file, code]) => ({ file: file!, code: code! }))

/** Lines without their indentation and without blank lines: Markdown may re-indent an excerpt. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

test('the README copies its recipes from the example projects', () => {
  const files = new Set(copies.map((copy) => copy.file))
  for (const example of [
    'vitest-react',
    'vitest-msw2-node20',
    'jest',
    'storybook',
    'node-script',
    'own-api',
  ])
    expect([...files].some((file) => file.includes(`/${example}/`))).toBe(true)
  expect(copies.length).toBeGreaterThanOrEqual(15)
})

test.each(copies.map((copy) => [copy.file, copy.code] as const))(
  'the README block from %s is what the example runs',
  (file, code) => {
    const source = lines(readFileSync(new URL(file, root), 'utf8')).join('\n')
    expect(source).toContain(lines(code).join('\n'))
  },
)
