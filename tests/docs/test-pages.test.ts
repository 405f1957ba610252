import { createMarkdownRenderer } from 'vitepress'
import { describe, expect, it } from 'vitest'
import config from '../../docs/.vitepress/config.ts'
import {
  namedTests,
  testAnchor,
  testsPage,
} from '../../docs/.vitepress/test-pages.ts'
import { docsDir } from './doc-pages.ts'

describe('the tests the pages name, on a page of the site', () => {
  it('has a section for every test file or folder a page names, a file with its source', () => {
    const named = namedTests()
    expect(named).toContain('tests/docs/ci-budget.test.ts')
    expect(named).toContain('tests/integration/contract')
    const page = testsPage()
    for (const path of named)
      expect(page).toContain(`## ${path} {#${testAnchor(path)}}`)
    expect(page).toContain('\n```text\nimport ')
    expect(page).toMatch(
      /## tests\/integration\/contract \{#[\w-]+\}\n\nThe folder holds \d+ files:/,
    )
  })

  it('links inline code naming a test to its section, and leaves other code and links alone', async () => {
    const md = await createMarkdownRenderer(docsDir, config.markdown, '/')
    const html = md.render(
      [
        '`tests/docs/ci-budget.test.ts` checks it, as `tests/integration/contract/` does;',
        '`tests/no-such.test.ts` and `npm test` are code,',
        'and [`tests/docs/ci-budget.test.ts`](./keeping-data.md) keeps its link.',
      ].join(' '),
      { relativePath: 'guide/own-api.md', cleanUrls: true },
    )
    expect(html).toContain(
      '<a href="/source/tests#tests-docs-ci-budget-test-ts"><code>tests/docs/ci-budget.test.ts</code></a>',
    )
    expect(html).toContain(
      '<a href="/source/tests#tests-integration-contract"><code>tests/integration/contract/</code></a>',
    )
    expect(html).toContain('<code>tests/no-such.test.ts</code> and')
    expect(html).not.toContain('href="/source/tests#tests-no-such')
    expect(html).toMatch(
      /<a href="\.\/keeping-data[^"]*"><code>tests\/docs\/ci-budget\.test\.ts<\/code><\/a>/,
    )
  }, 60_000)
})
