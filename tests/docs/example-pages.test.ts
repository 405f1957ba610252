import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { createMarkdownRenderer } from 'vitepress'
import { describe, expect, it } from 'vitest'
import config from '../../docs/.vitepress/config.ts'
import {
  examplePage,
  exampleHref,
  exampleProjects,
  fileAnchor,
} from '../../docs/.vitepress/example-pages.ts'
import { docPages, docsDir, filesUnder, readDoc, root } from './doc-pages.ts'

describe('the example projects as pages of the site', () => {
  it('has a page for every project under examples/, with every file of it', () => {
    expect(exampleProjects()).toContain('own-api')
    expect(exampleProjects().length).toBeGreaterThanOrEqual(9)
    const page = examplePage('own-api')
    expect(page).toMatch(/^# Example: own-api\n\na lending library declared/)
    for (const file of filesUnder('examples/own-api', () => true))
      expect(page).toContain(
        `## ${relative('examples/own-api', file)} {#${fileAnchor(relative('examples/own-api', file))}}`,
      )
    expect(page).toContain('defineResource({')
  })

  it('are every one run by CI: examples/run.sh names each, and the CI budget counts them', () => {
    const runner = readFileSync(join(root, 'examples/run.sh'), 'utf8')
    const run = /^ALL=\(([^)]*)\)$/m.exec(runner)![1]!.trim().split(/\s+/)
    expect([...run].sort()).toEqual(exampleProjects())
    const counted =
      /^\|[^\n]*`test:examples`[^\n]*\| +\d+ \|[^\n]*the (\w+) example projects/m.exec(
        readDoc('reference/ci-budget.md'),
      )![1]
    const numbers: Record<string, number> = {
      ten: 10,
      eleven: 11,
      twelve: 12,
      thirteen: 13,
    }
    expect(numbers[counted!]).toBe(run.length)
  })

  it('maps a link written for the repository to the page, and leaves others alone', () => {
    expect(exampleHref('../../examples/own-api/library.ts')).toBe(
      '/examples/own-api#library-ts',
    )
    expect(exampleHref('../../examples/own-api')).toBe('/examples/own-api')
    expect(exampleHref('../../examples/no-such-example')).toBeUndefined()
    expect(exampleHref('./keeping-data.md')).toBeUndefined()
    expect(exampleHref('../../tests/docs/facts.test.ts')).toBeUndefined()
  })

  it('renders such links to the page on the site, with the site’s Markdown settings', async () => {
    const md = await createMarkdownRenderer(docsDir, config.markdown, '/')
    const html = md.render(
      '[library](../../examples/own-api/library.ts) and [keeping](./keeping-data.md)',
      { relativePath: 'guide/own-api.md', cleanUrls: true },
    )
    expect(html).toContain('href="/examples/own-api#library-ts"')
    expect(html).toContain('href="./keeping-data')
  }, 60_000)

  it('leaves no link of a page pointing out of the site but to an example, whose file exists', () => {
    const outside = docPages().flatMap((page) =>
      [...readDoc(page).matchAll(/\]\(([^)\s]+)\)/g)]
        .map(([, href]) => href!)
        .filter((href) => !/^[a-z]+:|^#|^\//.test(href))
        .map((href) => ({
          page,
          href,
          target: join(docsDir, dirname(page), href.replace(/[#?].*$/, '')),
        }))
        .filter(({ target }) => !target.startsWith(docsDir)),
    )
    expect(outside.length).toBeGreaterThan(5)
    expect(
      outside.filter(
        ({ href, target }) => !exampleHref(href) || !existsSync(target),
      ),
    ).toEqual([])
    expect(root).toBe(join(docsDir, '..') + '/')
  })
})
