import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docPages, readDoc, root } from './doc-pages.ts'

const help = (args: string[]) =>
  execFileSync(process.execPath, ['src/server/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  })

/** The commands the top-level help lists. */
const commands = [
  ...(
    /^Commands:\n((?: {2}\S.*\n?)+)/m.exec(help(['--help']))?.[1] ?? ''
  ).matchAll(/^ {2}([a-z-]+)\s/gm),
].map(([, name]) => name!)
/** Each command's long options, from its own --help. */
const options = new Map(
  commands.map((command) => [
    command,
    new Set(
      [...help([command, '--help']).matchAll(/--[a-z][a-z-]*/g)].map(
        ([option]) => option,
      ),
    ),
  ]),
)

const pages = [
  ...docPages().map((page) => ({ page: `docs/${page}`, text: readDoc(page) })),
  { page: 'README.md', text: readFileSync(join(root, 'README.md'), 'utf8') },
]

/**
 * Every `hypermock-api <command> …` of the docs' code blocks (a command continued over lines with
 * `\` or aligned under it counts as one), with the page and line it is on.
 */
function invocations() {
  const found: { where: string; command: string; line: string }[] = []
  for (const { page, text } of pages) {
    const lines = text.split('\n')
    let inBlock = false
    for (let at = 0; at < lines.length; at++) {
      if (/^\s*```/.test(lines[at]!)) inBlock = !inBlock
      if (!inBlock) continue
      const match = /hypermock-api (?:-- )?([a-z]+)\b(.*)$/.exec(lines[at]!)
      if (!match || !commands.includes(match[1]!)) continue
      let line = match[2]!
      // Continued (`\`) or wrapped lines aligned under the command, as a synopsis writes them.
      while (
        at + 1 < lines.length &&
        (line.trimEnd().endsWith('\\') || /^\s{8,}\[/.test(lines[at + 1]!))
      )
        line += ` ${lines[++at]!}`
      found.push({ where: `${page}:${at + 1}`, command: match[1]!, line })
    }
  }
  return found
}

describe('the command lines the docs show', () => {
  it('finds the commands in the CLI help', () => {
    expect(commands).toEqual(
      expect.arrayContaining(['serve', 'init', 'check', 'inspect', 'record']),
    )
  })

  it("use only options their command's --help lists", () => {
    const shown = invocations()
    expect(shown.length).toBeGreaterThan(15)
    const unknown = shown.flatMap(({ where, command, line }) =>
      [...line.replace(/#.*$/, '').matchAll(/(?<![\w-])--[a-z][a-z-]*/g)]
        .map(([option]) => option)
        .filter((option) => !options.get(command)!.has(option))
        .map((option) => `${where}: ${command} ${option}`),
    )
    expect(unknown).toEqual([])
  })
})
