import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { defineConfig, type DefaultTheme } from 'vitepress'
import { exampleHref, exampleProjects } from './example-pages.ts'
import { namesTest, TESTS_PAGE, testAnchor } from './test-pages.ts'
import { packageEntries } from './package-entries.ts'

const docs = new URL('../', import.meta.url)

/** Every page of a folder, titled by its first heading, in file-name order (the index first). */
function pagesOf(folder: string, order: readonly string[] = []) {
  const names = readdirSync(new URL(`${folder}/`, docs))
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.slice(0, -'.md'.length))
  const rank = (name: string) => {
    const at = order.indexOf(name)
    return at === -1 ? order.length : at
  }
  names.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  return names.map((name): DefaultTheme.SidebarItem => ({
    text: titleOf(`${folder}/${name}.md`),
    link: `/${folder}/${name === 'index' ? '' : name}`,
  }))
}

function titleOf(file: string) {
  const text = readFileSync(new URL(file, docs), 'utf8')
  const heading = /^# (.+?)(?:\s*\{#[^}]+\})?$/m.exec(text)
  return heading ? heading[1]! : file
}

/**
 * The API reference's pages (docs/reference/api, written by TypeDoc): one per package entry. Not a
 * collapsible group: VitePress nests its toggle button in another (axe's nested-interactive).
 */
function apiPages(): DefaultTheme.SidebarItem[] {
  if (!existsSync(new URL('reference/api/', docs))) return []
  return packageEntries().map(({ name }) => ({
    text: name,
    link: `/reference/api/${name}`,
  }))
}

/**
 * The guides by the task a reader comes with, in the order a newcomer meets them. A page not named
 * here is listed under "More", so a new guide is never missing from the sidebar.
 */
const guideGroups: [string, string[]][] = [
  ['Start', ['index', 'install', 'own-api', 'tests']],
  ['Test runners', ['vitest', 'jest', 'plain-node', 'playwright', 'storybook']],
  [
    'In the browser',
    [
      'browser-data',
      'shared-tabs',
      'devtools',
      'production-builds',
      'vite-plugin',
    ],
  ],
  [
    'Server and data',
    [
      'server',
      'command-line',
      'keeping-data',
      'deploy-replicas',
      'own-store',
      'playground',
    ],
  ],
  [
    'Your API',
    [
      'other-shapes',
      'openapi-description',
      'record',
      'presets',
      'scenarios',
      'patch',
      'graphql',
    ],
  ],
  ['Clients and checks', ['client', 'operations', 'check-a-server', 'mcp']],
  ['More', ['recipes', 'from-a-clone']],
]

function guideSidebar(): DefaultTheme.SidebarItem[] {
  const pages = pagesOf('guide')
  const named = new Set(guideGroups.flatMap(([, names]) => names))
  const pageOf = (name: string) =>
    pages.find((page) => page.link === `/guide/${name === 'index' ? '' : name}`)
  return guideGroups.map(([text, names]) => ({
    text,
    items: [
      ...names.flatMap((name) => pageOf(name) ?? []),
      // Guides not placed above: at the end, in file-name order.
      ...(text === 'More'
        ? pages.filter(
            (page) =>
              !named.has(page.link!.replace(/^\/guide\/?/, '') || 'index'),
          )
        : []),
    ],
  }))
}

/** A code block's text, escaped as Shiki escapes it (`&` and `<`), without its colours. */
function plainCode(code: string) {
  const text = code.trimEnd().replace(/&/g, '&#x26;').replace(/</g, '&#x3C;')
  return `<pre><code>${text}</code></pre>`
}

/** The conventions in the order a reader meets them. */
const concepts = [
  'index',
  'resources',
  'links',
  'problems',
  'validation',
  'authentication',
  'caching',
  'idempotency',
  'retries',
  'rate-limits',
]

export default defineConfig({
  title: 'hypermock',
  description:
    'A stateful mock of a resource-oriented JSON API for the browser, your tests and a server, and a checker for any real one.',
  lang: 'en',
  cleanUrls: true,
  head: [
    ['link', { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' }],
  ],
  // No link leaves the site: one to an example project goes to its page (markdown.config below),
  // and tests/docs/example-pages.test.ts fails on any other link out of docs/.
  srcExclude: ['**/README.md'],
  vite: {
    // The one chunk over Vite's 500 kB default is the local search index (every page, the API
    // reference included), which the browser fetches only when the reader opens the search.
    build: { chunkSizeWarningLimit: 900 },
  },
  markdown: {
    // GitHub's high-contrast light theme: the default one's comments fall under 4.5:1.
    theme: { light: 'github-light-high-contrast', dark: 'github-dark' },
    // A link to an example project, written for the repository (`../../examples/own-api`), goes
    // to its page on the site (/examples/own-api), before VitePress checks and renders links.
    config: (md) => {
      md.core.ruler.push('example-links', (state) => {
        for (const token of state.tokens)
          for (const child of token.children ?? []) {
            if (child.type !== 'link_open') continue
            const href = exampleHref(child.attrGet('href') ?? '')
            if (href) child.attrSet('href', href)
          }
      })
      // Inline code naming a test (`tests/docs/facts.test.ts`) links to its section of the page
      // that shows the tests the pages name; code already inside a link is left as it is.
      md.core.ruler.push('test-links', (state) => {
        for (const token of state.tokens) {
          if (!token.children) continue
          let inLink = 0
          token.children = token.children.flatMap((child) => {
            if (child.type === 'link_open') inLink += 1
            if (child.type === 'link_close') inLink -= 1
            if (
              child.type !== 'code_inline' ||
              inLink > 0 ||
              !namesTest(child.content)
            )
              return [child]
            const open = new state.Token('link_open', 'a', 1)
            open.attrSet(
              'href',
              `${TESTS_PAGE}#${testAnchor(child.content.replace(/\/+$/, ''))}`,
            )
            return [open, child, new state.Token('link_close', 'a', -1)]
          })
        }
      })
    },
  },
  themeConfig: {
    nav: [
      { text: 'Getting started', link: '/tutorial/getting-started' },
      { text: 'Guides', link: '/guide/' },
      { text: 'Concepts', link: '/concepts/' },
      { text: 'Reference', link: '/reference/' },
    ],
    sidebar: [
      {
        text: 'Tutorial',
        items: [{ text: 'Getting started', link: '/tutorial/getting-started' }],
      },
      { text: 'Guides', items: guideSidebar() },
      { text: 'Concepts', items: pagesOf('concepts', concepts) },
      { text: 'Reference', items: pagesOf('reference', ['index']) },
      {
        text: 'Tests',
        items: [{ text: 'The tests the pages name', link: TESTS_PAGE }],
      },
      {
        text: 'Example projects',
        items: exampleProjects().map((name) => ({
          text: name,
          link: `/examples/${name}`,
        })),
      },
      { text: 'API', items: apiPages() },
    ],
    search: {
      provider: 'local',
      options: {
        // The search index keeps a page's text, not its colours: its code blocks are rendered
        // without Shiki (the pages' own render highlights them). The text is the same.
        _render(src, env, md) {
          const highlight = md.options.highlight
          md.options.highlight = plainCode
          try {
            const html = md.render(src, env)
            return env.frontmatter?.search === false ? '' : html
          } finally {
            md.options.highlight = highlight
          }
        },
      },
    },
    outline: { level: [2, 3] },
  },
})
