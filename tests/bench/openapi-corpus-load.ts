import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { load as loadYaml } from 'js-yaml'
import {
  createOpenApiMock,
  loadOpenApi,
} from '../../src/openapi-import/index.ts'

/**
 * What one load of a description costs in a fresh process: wall time, CPU time (which a loaded
 * shared machine does not stretch) and peak resident memory.
 */
export interface LoadCost {
  ms: number
  cpuMs: number
  peakMB: number
}

const self = fileURLToPath(import.meta.url)

/**
 * Loads `file` in a child Node process (`mode` load: read, validate, import and serve with seeds;
 * `parse`: the text parsed alone, the baseline) and reads back its cost.
 */
export function loadCost(file: string, mode: 'load' | 'parse'): LoadCost {
  const result = spawnSync(process.execPath, [self, mode, file], {
    encoding: 'utf8',
  })
  if (result.status !== 0)
    throw new Error(`Failed to load ${file}: ${result.stderr}`)
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as LoadCost
}

/** The largest descriptions of the corpus beside the repository, when it is there. */
export function largestDescriptions(): { name: string; file: string }[] {
  const root = path.resolve(
    path.dirname(self),
    '../../../shared/openapi-corpus',
  )
  const named = [
    ['GitHub (4 MB JSON)', 'github/generated/api.github.com.json'],
    ['Stripe (4 MB YAML)', 'stripe/openapi/spec3.yaml'],
    [
      'DigitalOcean (2,907 files)',
      'digitalocean/specification/DigitalOcean-public.v2.yaml',
    ],
  ] as const
  return named
    .map(([name, entry]) => ({ name, file: path.join(root, entry) }))
    .filter(({ file }) => existsSync(file))
}

if (process.argv[1] === self) {
  const [mode, file] = process.argv.slice(2) as [string, string]
  const start = performance.now()
  if (mode === 'parse') {
    const text = readFileSync(file, 'utf8')
    if (file.endsWith('.json')) JSON.parse(text)
    else loadYaml(text)
  } else createOpenApiMock({ openapi: await loadOpenApi(file) })
  const ms = performance.now() - start
  const usage = process.resourceUsage()
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000
  console.log(JSON.stringify({ ms, cpuMs, peakMB: usage.maxRSS / 1024 }))
}
