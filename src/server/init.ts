import { copyFile, mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CliError } from './cli-error.ts'

export const initUsage = `Usage: hypermock-api init <publicDir>

Copies msw's service worker (mockServiceWorker.js) into your app's public folder: the worker of the
msw version that hypermock-api resolves in this project, so the two always match. Run it again after
upgrading msw.

Example:
  npx hypermock-api init public`

/** `hypermock-api init <publicDir>`: writes the service worker matching the installed msw. */
export async function runInit(args: string[]): Promise<void> {
  let parsed
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' } },
    })
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${initUsage}`)
  }
  if (parsed.values.help) {
    console.log(initUsage)
    return
  }
  const [publicDir, ...extra] = parsed.positionals
  if (publicDir === undefined || extra.length > 0)
    throw new CliError(
      `init takes one argument, the folder your app serves at its root (e.g. public).\n\n${initUsage}`,
    )

  const { workerPath, version } = await resolveMswWorker()
  const target = path.resolve(publicDir, 'mockServiceWorker.js')
  await mkdir(path.dirname(target), { recursive: true })
  await copyFile(workerPath, target)
  console.log(
    `Wrote ${path.relative(process.cwd(), target) || target} (msw ${version}'s service worker).`,
  )
}

async function resolveMswWorker() {
  const require = createRequire(import.meta.url)
  let workerPath: string
  let packagePath: string
  try {
    workerPath = require.resolve('msw/mockServiceWorker.js')
    packagePath = require.resolve('msw/package.json')
  } catch {
    throw new CliError(
      'Failed to find msw: it is a peer dependency of hypermock-api. Install it first: npm install --save-dev msw (^2.12 or ^3).',
    )
  }
  const { version } = JSON.parse(await readFile(packagePath, 'utf8')) as {
    version: string
  }
  return { workerPath, version }
}
