import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { readDoc, root } from './doc-pages.ts'

/**
 * `.ci/run`'s steps, `npm test`'s steps and the budget in docs/reference/ci-budget.md are one
 * list: a step added to either script without a budget fails here, and so does a step of
 * `npm test` that CI no longer runs.
 */

const ciRun = readFileSync(join(root, '.ci/run'), 'utf8')
/**
 * `step NAME command...` runs one step; `together A B,C` runs its lanes at once, a lane being
 * `npm run` of one script or of several in turn (`B,C`).
 */
const ciSteps = [...ciRun.matchAll(/^(step|together) (.+)$/gm)].flatMap(
  ([, kind, rest]) =>
    kind === 'step' ? [rest!.split(' ')[0]!] : rest!.trim().split(/[\s,]+/),
)

const packageJson = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
) as { scripts: Record<string, string> }
/** `npm run a && npm run b`: the scripts `npm test` runs, in order. */
const testSteps = packageJson.scripts.test!.split('&&').map((part) => {
  const [, name] = /^\s*npm run (\S+)\s*$/.exec(part) ?? []
  if (!name) throw new Error(`npm test runs more than npm scripts: "${part}"`)
  return name
})

/** Each row of the page's table: the steps it budgets (run at once when more than one) and seconds. */
const rows = [
  ...readDoc('reference/ci-budget.md').matchAll(
    /^\| ((?:`[^`]+`(?:, )?)+) +\| +(\d+) +\|/gm,
  ),
].map(([, names, seconds]) => ({
  steps: [...names!.matchAll(/`([^`]+)`/g)].map(([, name]) => name!),
  seconds: Number(seconds),
}))
const budgeted = rows.flatMap((row) => row.steps)

it('reads the steps of .ci/run, of npm test and of the budget', () => {
  expect(ciSteps.length).toBeGreaterThan(8)
  expect(testSteps.length).toBeGreaterThan(5)
  expect(rows.length).toBeGreaterThan(2)
  expect(budgeted.length).toBeGreaterThan(8)
})

it('runs every step of npm test in CI, in the same order', () => {
  expect(ciSteps.filter((name) => testSteps.includes(name))).toEqual(testSteps)
})

it('gives every step of .ci/run and of npm test a budget', () => {
  const steps = new Set([...ciSteps, ...testSteps])
  expect([...steps].filter((name) => !budgeted.includes(name))).toEqual([])
})

it('budgets only steps that run, each once', () => {
  expect(budgeted.filter((name) => !ciSteps.includes(name))).toEqual([])
  expect(new Set(budgeted).size).toBe(budgeted.length)
})

it('fits the whole run in ten minutes', () => {
  const total = rows.reduce((sum, row) => sum + row.seconds, 0)
  expect(total).toBeLessThanOrEqual(600)
  // The page states its own total.
  const [, stated] =
    /^\| \*\*total\*\* +\| +\*\*(\d+)\*\* +\|/m.exec(
      readDoc('reference/ci-budget.md'),
    ) ?? []
  expect(Number(stated)).toBe(total)
})
