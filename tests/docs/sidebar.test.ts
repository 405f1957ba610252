import { expect, it } from 'vitest'
import type { DefaultTheme } from 'vitepress'
import config from '../../docs/.vitepress/config.ts'
import { docPages } from './doc-pages.ts'

/** Every link of the sidebar, groups unfolded. */
function links(items: readonly DefaultTheme.SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.link ? [item.link] : []),
    ...links(item.items ?? []),
  ])
}

const sidebar = config.themeConfig?.sidebar as DefaultTheme.SidebarItem[]
const linked = new Set(links(sidebar))

/** `guide/keeping-data.md` → `/guide/keeping-data`; an index is its folder. */
const urlOf = (page: string) =>
  `/${page.replace(/\.md$/, '').replace(/(^|\/)index$/, '$1')}`

it.each(['guide', 'concepts', 'reference', 'tutorial'])(
  'the sidebar lists every page under docs/%s',
  (folder) => {
    const pages = docPages().filter((page) => page.startsWith(`${folder}/`))
    expect(pages.length).toBeGreaterThan(0)
    expect(pages.map(urlOf).filter((url) => !linked.has(url))).toEqual([])
  },
)
