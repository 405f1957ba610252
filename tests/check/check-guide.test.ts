import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { ruleCatalogue } from '../../src/check/index.ts'

const root = new URL('../../', import.meta.url)
const guide = readFileSync(
  new URL('docs/guide/check-a-server.md', root),
  'utf8',
)
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

it('points to the generated rule reference rather than listing the rules twice', () => {
  expect(guide).toContain('(../reference/check-rules.md)')
  for (const rule of ruleCatalogue)
    expect(guide).not.toContain(`| \`${rule.id}\``)
})

it('copies its code from tests CI runs', () => {
  const copied = [
    ...guide.matchAll(/<!-- from (tests\/[^ ]+) -->\n+```ts\n([\s\S]*?)\n```/g),
  ]
  expect(copied.length).toBeGreaterThanOrEqual(1)
  for (const [, file, code] of copied)
    expect(
      lines(readFileSync(new URL(file!, root), 'utf8')).join('\n'),
    ).toContain(lines(code!).join('\n'))
})
