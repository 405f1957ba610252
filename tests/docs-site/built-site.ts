import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

export const dist = fileURLToPath(
  new URL('../../docs/.vitepress/dist/', import.meta.url),
)

/** Every page of the built site, as its URL path (`/concepts/idempotency`). */
export function builtPages(): string[] {
  const pages: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory() && entry.name !== 'assets') walk(path)
      else if (entry.name.endsWith('.html') && entry.name !== '404.html')
        pages.push(
          `/${relative(dist, path)
            .replace(/\.html$/, '')
            .replace(/(^|\/)index$/, '$1')}`,
        )
    }
  }
  walk(dist)
  return pages.sort()
}

/** Each built page's HTML, read once: a page is linked from many others. */
const pageHtml = new Map<string, string | undefined>()

function htmlOf(path: string) {
  const base = path.endsWith('/') ? `${path}index` : path
  if (!pageHtml.has(base)) {
    const file = join(dist, `${base}.html`)
    pageHtml.set(
      base,
      existsSync(file) ? readFileSync(file, 'utf8') : undefined,
    )
  }
  return pageHtml.get(base)
}

/** Every internal link of every built page whose page or anchor does not exist. */
export function brokenLinks(): string[] {
  const broken: string[] = []
  const ids = new Map<string, Set<string>>()
  const idsOf = (path: string) => {
    if (!ids.has(path)) {
      const html = htmlOf(path)
      ids.set(
        path,
        new Set(
          html ? [...html.matchAll(/ id="([^"]+)"/g)].map(([, id]) => id!) : [],
        ),
      )
    }
    return ids.get(path)!
  }
  for (const page of builtPages()) {
    const html = htmlOf(page)!
    // The page's own content: the theme's navigation is checked by the pages it links to.
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
      if (/^(https?:|mailto:|\/\/)/.test(href!) || href!.includes('/assets/'))
        continue
      // Links to the repository's own files (examples, sources) serve readers of the Markdown in
      // the repository; the site leaves them as they are (ignoreDeadLinks in the config).
      if (/(^|\/)\.\.\/\.\.\//.test(href!)) continue
      const url = new URL(href!.replace(/&amp;/g, '&'), `http://site${page}`)
      const path = url.pathname.replace(/\.html$/, '')
      if (htmlOf(path) === undefined) {
        broken.push(`${page} → ${href} (no such page)`)
        continue
      }
      const anchor = decodeURIComponent(url.hash.slice(1))
      if (anchor && !idsOf(path).has(anchor))
        broken.push(`${page} → ${href} (no such anchor)`)
    }
  }
  return broken
}
