import { availableParallelism, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { baseCommit } from './base-checkout.ts'
import { PAGE, publish, publishedSection } from './publish.ts'
import type { BenchContext, BenchRow, RowResult } from './row.ts'
import { bigListRows } from './rows/big-lists.ts'
import { graphqlListRows } from './rows/graphql-list.ts'
import { graphqlServeRows } from './rows/graphql-serve.ts'
import { coreInstructionRows } from './rows/core-instructions.ts'
import { createInstanceRows } from './rows/create-instance.ts'
import { declaredApiRows } from './rows/declared-api.ts'
import { devtoolsPanelRows } from './rows/devtools-panel.ts'
import { durableServerRows } from './rows/durable-server.ts'
import { eventStreamRows } from './rows/event-stream.ts'
import { postgresReplicaRows } from './rows/postgres-replica.ts'
import { mswPipelineRows } from './rows/msw-pipeline.ts'
import { openApiCorpusRows } from './rows/openapi-corpus.ts'
import { openApiImportRows } from './rows/openapi-import.ts'
import { playgroundBundleRows } from './rows/playground-bundle.ts'
import { serverCpuRows } from './rows/server-cpu.ts'
import { serverInstructionRows } from './rows/server-instructions.ts'
import { recordHarRows } from './rows/record-har.ts'
import { sharedMockReadRows } from './rows/shared-mock-read.ts'
import { soakRows } from './rows/soak-row.ts'

/**
 * `npm run bench`: one table of figures measured side by side in one run, each against a baseline
 * doing the same job without hypermock, with the ratio and the target. Progress goes to stderr, the
 * table to stdout. Flags: `--rounds <n>` (5) rounds per side-by-side row, `--round-seconds <n>` (5)
 * of load per throughput round, `--only 3,6` some rows, `--runs <n>` (1) the whole table again
 * (a result holds when every run passes), `--dist <dir>` the playground build, `--soak-seconds <n>`
 * (60; 0 skips the soak).
 */
// In run order. The socket rows come first: msw later patches this process's network (row 1).
const benchRows: BenchRow[] = [
  serverCpuRows,
  serverInstructionRows,
  graphqlServeRows,
  durableServerRows,
  postgresReplicaRows,
  declaredApiRows,
  eventStreamRows,
  soakRows,
  mswPipelineRows,
  bigListRows,
  graphqlListRows,
  createInstanceRows,
  playgroundBundleRows,
  coreInstructionRows,
  openApiImportRows,
  openApiCorpusRows,
  devtoolsPanelRows,
  recordHarRows,
  sharedMockReadRows,
]

const usage = `Usage: npm run bench -- [options]

  --only <ids>            rows to run, by the table's # (e.g. 1,3,13,P1); every row when left out
  --rounds <n>            rounds per measured row (5)
  --round-seconds <s>     seconds per round (5)
  --soak-seconds <s>      seconds of the memory soak (60; 0 skips it)
  --runs <n>              runs of the whole bench (1)
  --dist <dir>            the built playground to measure (dist-playground)
  --base <rev>            the commit row 3's guard compares with (where HEAD left main); none: no guard
  --judge-busy            give the guard's verdict even when the machine is busy
  --publish               write the last run's table, the machine and the load into ${PAGE}
  -h, --help              this text
`

function readFlags() {
  try {
    return parseArgs({
      options: {
        rounds: { type: 'string', default: '5' },
        'round-seconds': { type: 'string', default: '5' },
        only: { type: 'string' },
        runs: { type: 'string', default: '1' },
        dist: { type: 'string', default: 'dist-playground' },
        'soak-seconds': { type: 'string', default: '60' },
        base: { type: 'string' },
        'judge-busy': { type: 'boolean', default: false },
        publish: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${usage}`)
    process.exit(2)
  }
}
const flags = readFlags()
if (flags.help) {
  process.stdout.write(usage)
  process.exit(0)
}
const base = flags.base === 'none' ? null : baseCommit(flags.base)
if (flags.base !== undefined && flags.base !== 'none' && base === null) {
  process.stderr.write(`--base ${flags.base}: no such commit\n\n${usage}`)
  process.exit(2)
}
const only = flags.only?.split(',').map((id) => id.trim())
const context: BenchContext = {
  rounds: Number(flags.rounds),
  roundSeconds: Number(flags['round-seconds']),
  dist: flags.dist,
  soakSeconds: Number(flags['soak-seconds']),
  base,
  judgeBusy: flags['judge-busy'],
  log: (message) => process.stderr.write(`bench: ${message}\n`),
}

const rank = (id: string) =>
  Number.isNaN(Number(id)) ? Number.MAX_SAFE_INTEGER : Number(id)

function table(results: RowResult[]) {
  const header: Record<keyof RowResult, string> = {
    id: '#',
    measure: 'measure',
    figure: 'hypermock: median (min–max)',
    baseline: 'baseline: median (min–max)',
    ratio: 'ratio',
    target: 'target',
    result: 'result',
  }
  const columns = Object.keys(header) as (keyof RowResult)[]
  const rows = [
    header,
    // By number; rows with another id (a letter) keep their run order, after the numbered ones.
    ...[...results].sort((a, b) => rank(a.id) - rank(b.id)),
  ]
  const widths = columns.map((column) =>
    Math.max(...rows.map((row) => row[column].length)),
  )
  const line = (row: Record<keyof RowResult, string>) =>
    `| ${columns.map((column, i) => row[column].padEnd(widths[i]!)).join(' | ')} |`
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.slice(1).map(line),
  ].join('\n')
}

const runs = Number(flags.runs)
let misses = 0
const tables: string[] = []
const loadAtStart = loadavg()[0]!
let loadAtEnd = 0
for (let run = 1; run <= runs; run++) {
  const started = performance.now()
  context.log(
    `run ${run} of ${runs}: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at start`,
  )
  const results: RowResult[] = []
  for (const row of benchRows) {
    if (only && !row.ids.some((id) => only.includes(id))) continue
    results.push(...(await row.run(context)))
  }
  context.log(
    `run ${run} done in ${((performance.now() - started) / 1000).toFixed(1)} s, load average ${loadavg()[0]!.toFixed(2)}`,
  )
  const missed = results.filter((row) => row.result === 'MISS')
  misses += missed.length
  loadAtEnd = Math.max(loadAtEnd, loadavg()[0]!)
  tables.unshift(table(results))
  console.log(`${runs > 1 ? `\nRun ${run} of ${runs}\n\n` : ''}${tables[0]}`)
}
if (runs > 1)
  console.log(
    misses === 0
      ? `\nEvery row with a target passed in all ${runs} runs.`
      : `\n${misses} MISS over ${runs} runs.`,
  )
if (flags.publish) {
  const args = process.argv.slice(2).filter((arg) => arg !== '--publish')
  publish(publishedSection({ tables, args, loadAtStart, loadAtEnd, misses }))
  context.log(`the table is written into ${PAGE}`)
}
// A MISS fails the command, so that a script or CI step running the bench stops on it.
if (misses > 0) process.exitCode = 1
