import { readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The example projects (examples/ in the repository) as pages of the site: /examples/<name>, one
 * section per file, read from the files when the site is built. Pages link to an example the way
 * the repository does (`../../examples/own-api/library.ts`); `exampleHref` turns such a link into
 * the page's.
 */

const root = fileURLToPath(new URL('../../', import.meta.url))
const examplesDir = join(root, 'examples')

/** Not sources: what an example's install, build or tests leave behind. */
const leftBehind = new Set([
  'node_modules',
  'dist',
  'dist-mock',
  'storybook-static',
  'test-results',
  'playwright-report',
  'public',
  'build',
  '.react-router',
])

/** The example projects, by folder name. */
export function exampleProjects(): string[] {
  return readdirSync(examplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !leftBehind.has(entry.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      return entry.isDirectory() ? filesOf(path) : [path]
    })
    .sort()
}

/** `src/orders-list.test.tsx` → `src-orders-list-test-tsx`: the file's anchor on its page. */
export const fileAnchor = (file: string) =>
  file
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** What the repository's layout page says each example is (docs/reference/layout.md). */
function described(name: string): string {
  const layout = readFileSync(join(root, 'docs/reference/layout.md'), 'utf8')
  const row = new RegExp(`^\\| \`examples/${name}\` +\\| (.+?) +\\|$`, 'm')
  return row.exec(layout)?.[1] ?? ''
}

const languages: Record<string, string> = {
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.json': 'json',
  '.html': 'html',
  '.sh': 'sh',
}

/** The Markdown of one example's page. */
export function examplePage(name: string): string {
  const dir = join(examplesDir, name)
  const files = filesOf(dir).map((path) => relative(dir, path))
  const sections = files.map((file) => {
    const text = readFileSync(join(dir, file), 'utf8').trimEnd()
    const fence = '`'.repeat(
      Math.max(3, ...[...text.matchAll(/`{3,}/g)].map((m) => m[0].length + 1)),
    )
    const lang = languages[extname(file)] ?? 'text'
    return `## ${file} {#${fileAnchor(file)}}\n\n${fence}${lang}\n${text}\n${fence}\n`
  })
  return [
    `# Example: ${name}`,
    '',
    `${described(name)}.`,
    `CI installs this project from the packed package and runs its \`npm test\`:`,
    `\`examples/run.sh ${name}\` does the same on your machine.`,
    `Every file of \`examples/${name}\` follows, as the repository holds it.`,
    '',
    ...sections,
  ].join('\n')
}

/**
 * A link to an example as the repository writes it (`../../examples/own-api/library.ts`, from a
 * page under docs/<folder>/), as a link to its page (`/examples/own-api#library-ts`); other
 * links are left alone (undefined).
 */
export function exampleHref(href: string): string | undefined {
  const match = /^(?:\.\.\/){2,}examples\/([\w-]+)\/?([^#?]*)$/.exec(href)
  if (!match || !exampleProjects().includes(match[1]!)) return undefined
  const [, name, file] = match
  return `/examples/${name}${file ? `#${fileAnchor(file)}` : ''}`
}
