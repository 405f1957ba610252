import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { load as loadYaml } from 'js-yaml'

/**
 * What one start of `serve --openapi` costs in a fresh process, from the process's start (Node's
 * own start included) until it listens: wall time, CPU time (every thread's, which a loaded shared
 * machine does not stretch) and peak resident memory; then the first read of one collection,
 * which draws that table's seed rows and compiles its validator.
 */
export interface LoadCost {
  ms: number
  cpuMs: number
  peakMB: number
  firstReadMs: number
}

const self = fileURLToPath(import.meta.url)

/**
 * Starts `file` in a child Node process (`mode` serve: `serve --openapi` until it listens, then one
 * read of `firstRead`; `parse`: the text parsed alone, the baseline) and reads back its cost.
 */
export function loadCost(
  file: string,
  mode: 'serve' | 'parse',
  firstRead = '',
): LoadCost {
  const result = spawnSync(process.execPath, [self, mode, file, firstRead], {
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`Failed to load ${file}: ${result.stderr}`)
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
  const root = path.resolve(
    path.dirname(self),
    '../../../shared/openapi-corpus',
  )
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
  const [mode, file, firstRead] = process.argv.slice(2) as [
    string,
    string,
    string,
  ]
  const cpu = () => {
    const usage = process.resourceUsage()
    return (usage.userCPUTime + usage.systemCPUTime) / 1000
  }
  let firstReadMs = 0
  let url = ''
  if (mode === 'parse') {
    const text = readFileSync(file, 'utf8')
    if (file.endsWith('.json')) JSON.parse(text)
    else loadYaml(text)
  } else {
    // The banner goes to stderr: stdout carries the figures alone.
    console.log = console.error
    // Imported here: the baseline loads none of hypermock.
    const { startServe } = await import('../../src/server/serve.ts')
    url = (await startServe(['--openapi', file, '--port', '0']))!.url
  }
  // performance.now() counts from the process's start.
  const ms = performance.now()
  const cpuMs = cpu()
  if (mode === 'serve') {
    const start = performance.now()
    const response = await fetch(`${url}${firstRead}`, {
      headers: { Authorization: 'Bearer bench' },
    })
    await response.text()
    if (!response.ok)
      throw new Error(`${firstRead} answered ${response.status}`)
    firstReadMs = performance.now() - start
  }
  const peakMB = process.resourceUsage().maxRSS / 1024
  process.stdout.write(
    `${JSON.stringify({ ms, cpuMs, peakMB, firstReadMs })}\n`,
  )
  process.exit(0)
}
