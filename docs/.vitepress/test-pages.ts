import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The tests the pages name (`tests/docs/facts.test.ts`, `tests/integration/contract/`), on one page
 * of the site: /source/tests, a section each, a file with its source and a folder with its files.
 * A page's inline code that names such a path links to its section (`testLinkRule` in config.ts),
 * so what a page says is tested can be read without the repository.
 */

const root = fileURLToPath(new URL('../../', import.meta.url))
const docsDir = join(root, 'docs')

/** The page every named test links to. */
export const TESTS_PAGE = '/source/tests'

/** `tests/integration/contract/` → `tests-integration-contract`: the section's anchor. */
export const testAnchor = (path: string) =>
  path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** A path as written in a page (`tests/docs/` or `tests/docs`), the same section either way. */
const normal = (path: string) => path.replace(/\/+$/, '')

/** The Markdown pages of the site, TypeDoc's API pages too (written before the site is built). */
function pages(dir = docsDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return pages(path)
    return entry.name.endsWith('.md') ? [path] : []
  })
}

/** Whether inline code names a test file or folder that exists. */
export function namesTest(code: string): boolean {
  return (
    /^tests\/[\w./-]+$/.test(code) &&
    !code.includes('..') &&
    existsSync(join(root, normal(code)))
  )
}

/** Every test path the pages name in inline code, each once, sorted. */
export function namedTests(): string[] {
  const named = new Set<string>()
  for (const page of pages())
    for (const [, code] of readFileSync(page, 'utf8').matchAll(/`([^`\n]+)`/g))
      if (namesTest(code!)) named.add(normal(code!))
  return [...named].sort()
}

function filesOf(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const path = `${dir}/${entry.name}`
      return entry.isDirectory() ? filesOf(path) : [path]
    })
    .sort()
}

function section(path: string): string {
  const heading = `## ${path} {#${testAnchor(path)}}`
  if (statSync(join(root, path)).isDirectory()) {
    const files = filesOf(path)
    return [
      heading,
      '',
      `The folder holds ${files.length} files:`,
      '',
      ...files.map((file) => `- ${relative(path, file)}`),
      '',
    ].join('\n')
  }
  const text = readFileSync(join(root, path), 'utf8').trimEnd()
  const fence = '`'.repeat(
    Math.max(3, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length + 1)),
  )
  // Plain text: highlighted, these files made a page of 1.4 MB.
  return `${heading}\n\n${fence}text\n${text}\n${fence}\n`
}

/** The Markdown of /source/tests. */
export function testsPage(): string {
  return [
    '# The tests the pages name',
    '',
    'Where a page says a test proves something, it names the test; each is here as the repository',
    'holds it. `npm test` runs every one of them, and CI runs it on every change.',
    '',
    ...namedTests().map(section),
  ].join('\n')
}
