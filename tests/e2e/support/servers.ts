/**
 * Starts the e2e servers at once and says so on stdout when every one of them answers: Playwright
 * starts the entries of `webServer` one after the other, each only once the one before answers, and
 * the three standalone servers each load the engine first, so in sequence the workers waited for
 * the sum of five start-ups before the first test. Run by playwright.config.ts as its one web
 * server, from the repository's root: `node tests/e2e/support/servers.ts <base port>`.
 *
 * Every server is a child in this process's group, which Playwright stops as a whole at the end.
 * When one exits before the others are ready, or they are not all up within a minute, this exits
 * with an error and the server's output (its stderr is passed through as it comes).
 *
 * E2E_SERVERS (names, comma-separated: `vite preview,vite dev`) starts only those, for a run of the
 * projects that need no others (CI's one spec on the npm registry's Chromium).
 */
import { type ChildProcess, spawn } from 'node:child_process'

const base = Number(process.argv[2])
if (!Number.isInteger(base) || base <= 0 || base > 65_530)
  throw new Error(`servers.ts: a base port is needed, got "${process.argv[2]}"`)

const pages = 'tests/e2e/pages/vite.config.ts'

/** The servers of playwright.config.ts, each with the address that answers once it is up. */
const all = [
  {
    name: 'vite preview',
    command: ['node_modules/.bin/vite', 'preview', ...viteArgs(base)],
    url: `http://127.0.0.1:${base}`,
  },
  {
    name: 'vite dev',
    command: ['node_modules/.bin/vite', ...viteArgs(base + 1)],
    url: `http://127.0.0.1:${base + 1}`,
  },
  {
    name: 'test pages (built, then vite preview)',
    command: [
      'sh',
      '-c',
      `node_modules/.bin/vite build -c ${pages} --logLevel warn && exec node_modules/.bin/vite preview -c ${pages} ${viteArgs(base + 5).join(' ')}`,
    ],
    url: `http://127.0.0.1:${base + 5}/tests/e2e/root-api/root-api.html`,
  },
  serve('own-api', base + 2, [
    '--config',
    'examples/own-api/hypermock.config.ts',
  ]),
  serve('imported petstore', base + 3, [
    '--openapi',
    'tests/fixtures/openapi/petstore-expanded.yaml',
  ]),
  serve('hotel', base + 4, [
    '--config',
    'tests/fixtures/hotel/hypermock.config.ts',
  ]),
]

const only = process.env.E2E_SERVERS?.split(',').map((name) => name.trim())
const unknown = only?.filter(
  (name) => !all.some((server) => server.name === name),
)
if (unknown?.length)
  throw new Error(
    `servers.ts: E2E_SERVERS names no server ${unknown.map((name) => `"${name}"`).join(', ')} (the servers: ${all.map((server) => server.name).join(', ')})`,
  )
const servers = only ? all.filter((server) => only.includes(server.name)) : all

function viteArgs(port: number) {
  return ['--port', String(port), '--strictPort', '--host', '127.0.0.1']
}

function serve(name: string, port: number, args: string[]) {
  return {
    name: `serve ${name}`,
    command: [
      'node',
      'src/server/cli.ts',
      'serve',
      ...args,
      '--playground',
      '--port',
      String(port),
    ],
    url: `http://127.0.0.1:${port}/__mock/playground/`,
  }
}

const startedAt = Date.now()
const deadline = startedAt + 60_000

/** Whether the address answers as Playwright's own check counts it: a status below 404. */
async function answers(url: string) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
    await response.body?.cancel()
    return response.status < 404
  } catch {
    return false
  }
}

const children: ChildProcess[] = []
const ready = servers.map(async ({ name, command, url }) => {
  const [program, ...args] = command as [string, ...string[]]
  const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'inherit'] })
  children.push(child)
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(
        new Error(`${name} exited (${signal ?? code}) before it answered`),
      ),
    ),
  )
  const up = (async () => {
    while (!(await answers(url))) {
      if (Date.now() > deadline)
        throw new Error(`${name} did not answer at ${url} within 60 s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return `${name} ${((Date.now() - startedAt) / 1000).toFixed(1)} s`
  })()
  return Promise.race([up, exited])
})

try {
  const times = await Promise.all(ready)
  console.log(`e2e servers ready: ${times.join(', ')}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  // Playwright stops the group only while this process runs: the others stop here.
  for (const child of children) child.kill()
  process.exit(1)
}
