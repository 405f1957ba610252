import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const PAGE = 'docs/reference/performance.md'
const START = '<!-- bench:table:start -->'
const END = '<!-- bench:table:end -->'

export interface Published {
  /** The tables of every run, the last one first. */
  tables: string[]
  /** The command line's flags, as given. */
  args: string[]
  /** The 1-minute load average when the bench started, and the highest seen at a run's end. */
  loadAtStart: number
  loadAtEnd: number
  misses: number
}

const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

/**
 * The bench's own words for the performance page: the machine, the load, the command and the
 * table of the last run, written between the page's two markers (`--publish`). The rest of the
 * page (the method, the profiles) is prose and stays as written.
 */
export function publishedSection(run: Published, now = new Date()) {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== ''
  const lines = [
    `Written by \`npm run bench -- ${['--publish', ...run.args].join(' ')}\` on ${now.toISOString().slice(0, 10)}, at commit ${git('rev-parse', '--short=12', 'HEAD')}${dirty ? ' with changes not yet committed' : ''}.`,
    `The machine: ${cpus().length} cores (${cpu}), Linux, Node v${process.versions.node}.`,
    `The load average was ${run.loadAtStart.toFixed(2)} at the start and ${run.loadAtEnd.toFixed(2)} at the end (the bench's own work counts in it).`,
    run.tables.length > 1
      ? `The table is the last of ${run.tables.length} runs in a row. ${run.misses === 0 ? 'Every row with a target passed in every run.' : `${run.misses} MISS over the ${run.tables.length} runs.`}`
      : run.misses === 0
        ? 'Every row with a target passed.'
        : `${run.misses} ${run.misses === 1 ? 'line' : 'lines'} of the table missed their target.`,
    '',
    run.tables[0]!,
  ]
  return lines.join('\n')
}

/** Replaces what stands between the page's markers with `section`. */
export function publish(section: string, page = `${ROOT}/${PAGE}`) {
  const text = readFileSync(page, 'utf8')
  const start = text.indexOf(START)
  const end = text.indexOf(END)
  if (start < 0 || end < start)
    throw new Error(
      `${PAGE} has no ${START} … ${END} pair to write the table between`,
    )
  writeFileSync(
    page,
    `${text.slice(0, start + START.length)}\n\n${section}\n\n${text.slice(end)}`,
  )
  // The page is formatted as every other: the table's padding is the formatter's.
  execFileSync(`${ROOT}/node_modules/.bin/oxfmt`, [page], { cwd: ROOT })
}
