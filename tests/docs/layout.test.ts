import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { readDoc, root } from './doc-pages.ts'

const layout = readDoc('reference/layout.md')
/** The paths the page describes: the first cell of each table row. */
const described = [...layout.matchAll(/^\| `([^`]+)` +\|/gm)].map(
  ([, path]) => path!,
)

const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .filter((entry) => entry.name !== 'node_modules')
    .map((entry) => `${dir}/${entry.name}`)

it('describes only paths that exist', () => {
  expect(described.length).toBeGreaterThan(40)
  expect(described.filter((path) => !existsSync(join(root, path)))).toEqual([])
})

it.each(['src', 'src/mock-server', 'tests', 'examples'])(
  'describes every folder of %s',
  (dir) => {
    expect(
      folders(dir).filter((folder) => !described.includes(folder)),
    ).toEqual([])
  },
)
