import { readdirSync } from 'node:fs'
import { expect, it } from 'vitest'
import { ruleIds } from '../../src/check/index.ts'
import type { Rule } from '../../src/check/rule.ts'
import { rules } from '../../src/check/rule-registry.ts'

const folder = new URL('../../src/check/rules/', import.meta.url)
const ruleFiles = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .sort()

const isRule = (value: unknown): value is Rule =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Rule).id === 'string' &&
  typeof (value as Rule).run === 'function'

it('registers every file in src/check/rules/, under the id its file is named after', async () => {
  const unregistered: string[] = []
  for (const file of ruleFiles) {
    const module = (await import(new URL(file, folder).href)) as Record<
      string,
      unknown
    >
    const exported = Object.values(module).filter(isRule)
    expect(exported, `${file} exports one rule`).toHaveLength(1)
    const rule = exported[0]!
    expect(rule.id, `the id of the rule in ${file}`).toBe(
      file.replace(/\.ts$/, ''),
    )
    if (!(rules as readonly Rule[]).includes(rule)) unregistered.push(file)
  }
  expect(unregistered, 'rule files missing from rules/index.ts').toEqual([])
  expect(ruleIds).toEqual(ruleFiles.map((file) => file.replace(/\.ts$/, '')))
})

it('cites each rule as its concept page with the rule id as anchor', () => {
  const pages = [
    'resources',
    'links',
    'problems',
    'validation',
    'idempotency',
    'retries',
    'rate-limits',
    'caching',
    'authentication',
  ]
  for (const rule of rules) {
    const [page, anchor] = rule.source.split(/[;]/)[0]!.split('#')
    expect(pages.map((p) => `concepts/${p}.md`)).toContain(page)
    expect(anchor).toBe(rule.id)
    expect(rule.source).not.toMatch(/§|section \d/i)
  }
})
