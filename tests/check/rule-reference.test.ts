import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, type FormatOptions } from 'oxfmt'
import { expect, it } from 'vitest'
import { ruleCatalogue } from '../../src/check/index.ts'

const file = new URL('../../docs/reference/check-rules.md', import.meta.url)
/** The repository's formatter settings (`npm run format`). */
const configFile = new URL('../../.oxfmtrc.json', import.meta.url)
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The rule reference, generated from the registry; `UPDATE_RULE_REFERENCE=1` rewrites the page. */
function ruleReference(): string {
  const rows = ruleCatalogue.map((rule) => {
    const [page, ...also] = rule.source.split('; ')
    const link = `[${page!.replace(/^concepts\//, '')}](../${page!})`
    return `| \`${rule.id}\` | ${rule.level} | ${cell(rule.title)} | ${cell(rule.sends)} | ${rule.writes === false ? 'never' : `with \`--allow-writes\` only: ${cell(rule.writes)}`} | ${[link, ...also].join('; ')} |`
  })
  return [
    '# Check rules',
    '',
    '<!-- Generated from src/check/rules/ by tests/check/rule-reference.test.ts: run it with UPDATE_RULE_REFERENCE=1 after changing a rule. -->',
    '',
    '`hypermock-api check` runs these rules. A `must` rule decides the exit code; a `should` rule does so only with `--strict`.',
    'Without `--allow-writes` the checker sends only GET, HEAD and OPTIONS: a rule that needs a write skips and says so.',
    'With it, every write is printed with its method, URL and status, and every record created is deleted at the end.',
    '',
    '| Rule | Level | Checks | Sends | Writes | Source |',
    '| ---- | ----- | ------ | ----- | ------ | ------ |',
    ...rows,
    '',
  ].join('\n')
}

it('docs/reference/check-rules.md lists every rule: what it checks, sends and writes', async () => {
  const { code: generated, errors } = await format(
    fileURLToPath(file),
    ruleReference(),
    JSON.parse(readFileSync(configFile, 'utf8')) as FormatOptions,
  )
  expect(errors).toEqual([])
  if (process.env.UPDATE_RULE_REFERENCE) writeFileSync(file, generated)
  expect(readFileSync(file, 'utf8')).toBe(generated)
})
