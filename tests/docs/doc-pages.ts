import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../', import.meta.url))
export const docsDir = join(root, 'docs')

/** Written by TypeDoc from the sources' TSDoc when the site is built (ignored by git). */
const generatedApi = join(docsDir, 'reference/api')

/**
 * Every Markdown page written for the site, as a path relative to `docs/`
 * (`concepts/idempotency.md`): not the API pages TypeDoc writes from the sources.
 */
export function docPages(dir = docsDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') return []
    const path = join(dir, entry.name)
    if (path === generatedApi) return []
    if (entry.isDirectory()) return docPages(path)
    return entry.name.endsWith('.md') ? [relative(docsDir, path)] : []
  })
}

export function readDoc(page: string) {
  return readFileSync(join(docsDir, page), 'utf8')
}

/** The explicit anchors of a page: `## Title {#anchor}` and `<a id="anchor">`. */
export function explicitAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>()
  for (const [, id] of markdown.matchAll(/^#{1,6} .*\{#([\w-]+)\}\s*$/gm))
    anchors.add(id!)
  for (const [, id] of markdown.matchAll(/<a id="([\w-]+)"/g)) anchors.add(id!)
  return anchors
}

/** Every file under a folder, relative to the repository root. */
export function filesUnder(dir: string, keep: (path: string) => boolean) {
  const out: string[] = []
  const walk = (at: string) => {
    for (const entry of readdirSync(join(root, at), { withFileTypes: true })) {
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (keep(path)) out.push(path)
    }
  }
  walk(dir)
  return out
}
