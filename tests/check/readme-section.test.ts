import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { ruleCatalogue } from '../../src/check/index.ts'

const root = new URL('../../', import.meta.url)
const readme = readFileSync(new URL('README.md', root), 'utf8')
const section = readme.slice(
  readme.indexOf('## Check a server against the conventions'),
  readme.indexOf('## Security model'),
)
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')

it('lists every rule with its level, what it checks and its source', () => {
  for (const rule of ruleCatalogue)
    expect(section).toMatch(
      new RegExp(
        `\\| \`${rule.id}\`\\s*\\| ${rule.level}\\s*\\| ${escape(rule.title)}\\s*\\| ${escape(rule.source)}\\s*\\|`,
      ),
    )
})

it('copies its library example from a test CI runs', () => {
  const copied = [
    ...section.matchAll(
      /<!-- from (tests\/[^ ]+) -->\n+```ts\n([\s\S]*?)\n```/g,
    ),
  ]
  expect(copied).toHaveLength(1)
  for (const [, file, code] of copied)
    expect(
      lines(readFileSync(new URL(file!, root), 'utf8')).join('\n'),
    ).toContain(lines(code!).join('\n'))
})

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
