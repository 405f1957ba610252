import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { load as loadYaml } from 'js-yaml'

/**
 * What one start of `serve --openapi` costs: the wall time from spawning the process (Node's own
 * start included) until it listens, the process's CPU time by then (every thread's, which a
 * loaded shared machine does not stretch), the first read of one collection (which draws that
 * table's seed rows and compiles its validator) and the peak resident memory after it.
 */
export interface LoadCost {
  ms: number
  cpuMs: number
  peakMB: number
  firstReadMs: number
}

const self = fileURLToPath(import.meta.url)
const repository = path.resolve(path.dirname(self), '../..')

/**
 * The package's CLI as a user runs it (`dist/cli.js`), built from the sources now with the
 * package's own build (tsdown), so the rows never time a stale build.
 */
export function buildCli(): string {
  const tsdown = createRequire(import.meta.url).resolve('tsdown/run')
  const result = spawnSync(process.execPath, [tsdown], {
    cwd: repository,
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`Failed to build the package: ${result.stderr}`)
  return path.join(repository, 'dist/cli.js')
}

/** A Linux process's CPU time (user and system, every thread) and peak resident memory. */
function processCost(pid: number) {
  if (!existsSync(`/proc/${pid}/stat`))
    throw new Error(
      "The L rows read a process's CPU time and memory from /proc: run them on Linux.",
    )
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12])
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const peakKB = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  // Linux counts CPU time in ticks of 1/100 s (USER_HZ).
  return { cpuMs: ticks * 10, peakMB: peakKB / 1024 }
}

/**
 * Starts `node <cli> serve --openapi <file> --port 0`, waits until it prints where it listens,
 * reads `firstRead` from it, and stops it.
 */
export async function serveCost(
  cli: string,
  file: string,
  firstRead: string,
): Promise<LoadCost> {
  const start = performance.now()
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--openapi', file, '--port', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => resolve()),
  )
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stdout = ''
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString()
        const listening = /listening on (http:\/\/\S+)/.exec(stdout)
        if (listening) resolve(listening[1]!)
      })
      child.on('exit', (code) =>
        reject(
          new Error(`serve --openapi ${file} exited (${code}): ${stderr}`),
        ),
      )
    })
    const ms = performance.now() - start
    const { cpuMs } = processCost(child.pid!)
    const asked = performance.now()
    const response = await fetch(`${url}${firstRead}`, {
      headers: { Authorization: 'Bearer bench' },
    })
    await response.text()
    if (!response.ok)
      throw new Error(`${firstRead} answered ${response.status}`)
    const firstReadMs = performance.now() - asked
    const { peakMB } = processCost(child.pid!)
    return { ms, cpuMs, peakMB, firstReadMs }
  } finally {
    child.kill('SIGINT')
    await exited
  }
}

/** Parsing the description's text alone in a fresh process, from its start: the baseline. */
export function parseCost(file: string): LoadCost {
  const result = spawnSync(process.execPath, [self, file], {
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`Failed to parse ${file}: ${result.stderr}`)
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as LoadCost
}

/**
 * The largest descriptions of the corpus beside the repository, when it is there, each with a
 * collection to read first.
 */
export function largestDescriptions(): {
  name: string
  file: string
  firstRead: string
}[] {
  const root = path.resolve(repository, '../shared/openapi-corpus')
  const named = [
    ['GitHub (4 MB JSON)', 'github/generated/api.github.com.json', '/gists'],
    ['Stripe (4 MB YAML)', 'stripe/openapi/spec3.yaml', '/v1/customers'],
    [
      'DigitalOcean (2,907 files)',
      'digitalocean/specification/DigitalOcean-public.v2.yaml',
      '/v2/droplets',
    ],
  ] as const
  return named
    .map(([name, entry, firstRead]) => ({
      name,
      file: path.join(root, entry),
      firstRead,
    }))
    .filter(({ file }) => existsSync(file))
}

if (process.argv[1] === self) {
  const file = process.argv[2]!
  const text = readFileSync(file, 'utf8')
  if (file.endsWith('.json')) JSON.parse(text)
  else loadYaml(text)
  // performance.now() counts from the process's start.
  const ms = performance.now()
  const usage = process.resourceUsage()
  const cost: LoadCost = {
    ms,
    cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    peakMB: usage.maxRSS / 1024,
    firstReadMs: 0,
  }
  console.log(JSON.stringify(cost))
}
