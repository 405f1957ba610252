import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { readDoc } from '../docs/doc-pages.ts'

const root = new URL('../../', import.meta.url)
const guide = readDoc('guide/check-a-server.md')
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

it('copies its library example from a test CI runs', () => {
  const copied = [
    ...guide.matchAll(/<!-- from (tests\/[^ ]+) -->\n+```ts\n([\s\S]*?)\n```/g),
  ]
  expect(copied).toHaveLength(1)
  for (const [, file, code] of copied)
    expect(
      lines(readFileSync(new URL(file!, root), 'utf8')).join('\n'),
    ).toContain(lines(code!).join('\n'))
})
