import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { writeRecording } from '../../src/record/record.ts'
import { shopCode } from '../support/imported-target.ts'
import { readRecordedTraffic } from '../support/recorded-target.ts'

/**
 * The recording round trip on the contract suite's own traffic: the suite's read, write,
 * validation, paging, link, idempotency and merge-patch files run once against the standalone server behind
 * the recording proxy, the exchanges become a declaration, and the same files run again on a mock
 * served from that declaration. Each run is a child Vitest process, so the second one starts only
 * after the first has recorded everything.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs')
const suite = [
  'endpoints',
  'collections',
  'orders',
  'request-bodies',
  'problems',
  'caching',
  'idempotency',
]
  .map((name) => `tests/integration/contract/${name}.test.ts`)
  .concat('tests/integration/merge-patch.test.ts')

mkdirSync(path.join(root, 'test-results/record'), { recursive: true })
const dir = mkdtempSync(path.join(root, 'test-results/record/contract-'))
afterAll(() => {
  if (!process.env.KEEP_RECORDING) rmSync(dir, { recursive: true, force: true })
})

interface VitestJson {
  numPassedTests: number
  numFailedTests: number
  testResults: {
    name: string
    /** `failed` with a message when the file itself failed (a hook timed out, an import threw). */
    status: string
    message: string
    assertionResults: { fullName: string; status: string }[]
  }[]
}

/** Runs the suite's files on the one target whose name matches, in a child Vitest. */
async function runSuite(
  target: string,
  env: Record<string, string>,
  report: string,
): Promise<VitestJson> {
  const output: string[] = []
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        vitest,
        'run',
        '--project',
        'node',
        '--maxWorkers=1',
        // The suite's hooks start servers: on a busy machine that outlasts the default 10 s.
        '--hookTimeout=60000',
        '--reporter=json',
        `--outputFile=${report}`,
        '-t',
        target,
        ...suite,
      ],
      { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' },
    )
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.on('error', reject)
    child.on('exit', resolve)
  })
  const result = JSON.parse(readFileSync(report, 'utf8')) as VitestJson
  // A file can fail with no failed test in it (a hook that timed out): named with its message.
  const failed = result.testResults.flatMap((file) => [
    ...(file.status === 'failed' &&
    !file.assertionResults.some((test) => test.status === 'failed')
      ? [`${path.basename(file.name)}: ${file.message}`]
      : []),
    ...file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${path.basename(file.name)}: ${test.fullName}`),
  ])
  expect(
    { code, failed },
    `the suite over ${target} failed:\n${output.join('').slice(-6000)}`,
  ).toEqual({ code: 0, failed: [] })
  return result
}

it('passes the contract suite on the declaration recorded from that suite’s own traffic', async () => {
  const traffic = path.join(dir, 'traffic')
  mkdirSync(traffic)
  const recorded = await runSuite(
    'over the server behind the recording proxy',
    { HYPERMOCK_RECORD_TRAFFIC_DIR: traffic },
    path.join(dir, 'recording-run.json'),
  )
  expect(recorded.numPassedTests).toBeGreaterThan(200)

  const exchanges = readRecordedTraffic(traffic)
  expect(exchanges.length).toBeGreaterThan(300)
  const { files, recording } = await writeRecording(
    exchanges,
    path.join(dir, 'recorded'),
    { name: 'Recorded shop' },
  )
  expect(recording.api.resources.map((r) => r.name).sort()).toEqual([
    'accounts',
    'customers',
    'orders',
    'payments',
    'transfers',
  ])

  const replayed = await runSuite(
    'over its contract traffic, recorded',
    { HYPERMOCK_RECORDED_DECLARATION: files[0]! },
    path.join(dir, 'recorded-run.json'),
  )
  expect(replayed.numPassedTests).toBeGreaterThan(200)
  const skipped = replayed.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'skipped' || test.status === 'pending')
      .filter((test) => test.fullName.includes('its contract traffic'))
      .map((test) => `  ${path.basename(file.name)}: ${test.fullName}`),
  )
  console.info(
    [
      `[record] ${exchanges.length} exchanges of the contract suite recorded; on the recorded mock ${replayed.numPassedTests} tests passed, ${skipped.length} skipped because a recording holds no code the backend runs:`,
      ...Object.values(shopCode).map((why) => `  - ${why}`),
      ...skipped,
    ].join('\n'),
  )
}, 240_000)
