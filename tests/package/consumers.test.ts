import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot, tarballPath } from './tarball-path.ts'

/**
 * The packed hypermock-api installed into fresh projects, as an app would: npm install from the
 * tarball next to the app's own msw, then run and type-check it. Node 20.19.0 (the oldest the
 * package supports) comes from the npm registry as a binary package, like the repository's own 24.
 */
const nodePackage = `node-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`
const consumerFiles = path.join(repoRoot, 'tests/package/consumer')
const temp = mkdtempSync(path.join(tmpdir(), 'hypermock-consumers-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

/**
 * A fresh project with the tarball and `dependencies`, installed by npm. Both projects' installs
 * start when this file loads, at once: each mostly waits on npm's cache and the disk, and the
 * second one was otherwise waited for after the first project's tests.
 */
async function project(name: string, dependencies: Record<string, string>) {
  const dir = path.join(temp, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name,
      private: true,
      type: 'module',
      dependencies: { 'hypermock-api': `file:${tarballPath}`, ...dependencies },
    }),
  )
  try {
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { cwd: dir },
    )
  } catch (error) {
    const { stderr } = error as { stderr?: string }
    throw new Error(`npm install in ${name} failed:\n${stderr ?? ''}`, {
      cause: error,
    })
  }
  return dir
}

/** Started at once (see `project`); each describe waits for its own. */
const installs = {
  node20msw2: project('node20-msw2', {
    msw: '^2.12.0',
    zod: '^4.0.0',
    typescript: '~6.0.3',
    '@types/node': '^20.19.0',
    [nodePackage]: '20.19.0',
  }),
  node24msw3: project('node24-msw3', {
    msw: '^3.0.0',
    zod: '^4.0.0',
    typescript: '5.9.3',
    typescript7: 'npm:typescript@^7.0.2',
    '@playwright/test': '^1.50.0',
    '@types/node': '^24.0.0',
    react: '^19.0.0',
    '@types/react': '^19.0.0',
    '@tanstack/react-query': '^5.0.0',
    // The oldest Node that msw 3 supports, run by path (npm scripts would use it too).
    [nodePackage]: '22.12.0',
  }),
}
// A failed install fails the tests that await it; it is not also an unhandled rejection meanwhile.
for (const install of Object.values(installs)) install.catch(() => {})

function runJson(node: string, dir: string, script: string) {
  copyFileSync(path.join(consumerFiles, script), path.join(dir, script))
  const output = execFileSync(node, [script], { cwd: dir, encoding: 'utf8' })
  return JSON.parse(output.trim().split('\n').at(-1)!) as {
    node: string
    direct: { status: number; body: { id: number; _links: object } }
    msw: {
      clientOrder?: string
      fetchStatus?: number
      journal?: number
      error?: string
    }
  }
}

const expectWorking = (result: ReturnType<typeof runJson>) => {
  expect(result.direct.status).toBe(200)
  expect(result.direct.body.id).toBe(1)
  expect(result.direct.body._links).toHaveProperty('self')
  expect(result.msw).toEqual({
    clientOrder: 'pending',
    fetchStatus: 200,
    journal: 2,
  })
}

/**
 * Runs `npx hypermock-api serve <args>` in a project with the given Node first on PATH (the bin's
 * `#!/usr/bin/env node` finds it), waits for its address, and asks it for `path`.
 */
async function serveAndFetch(
  dir: string,
  node: string,
  args: string[],
  path_: string,
  init: RequestInit = {},
) {
  const child = spawn(
    'npx',
    ['hypermock-api', 'serve', '--port', '0', ...args],
    {
      cwd: dir,
      env: {
        ...process.env,
        PATH: `${path.dirname(node)}:${process.env.PATH}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: npx runs the bin as a child, and both must stop.
      detached: true,
    },
  )
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  try {
    let match: RegExpExecArray | null = null
    for (let i = 0; i < 400 && !match; i++) {
      match = /listening on (http:\/\/\S+)/.exec(output)
      if (!match) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(match, output).not.toBeNull()
    const response = await fetch(`${match![1]}${path_}`, init)
    const text = await response.text()
    // The playground's page is HTML; everything else the server answers is JSON.
    const isHtml = (response.headers.get('Content-Type') ?? '').includes('html')
    return {
      status: response.status,
      body: (isHtml ? text : JSON.parse(text)) as unknown,
      output,
    }
  } finally {
    const exited = once(child, 'exit')
    process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
}

/** The own-api example's declaration, as an app keeps it: a config beside its library file. */
function copyOwnApiExample(dir: string) {
  for (const file of ['library.ts', 'hypermock.config.ts'])
    copyFileSync(
      path.join(repoRoot, 'examples/own-api', file),
      path.join(dir, file),
    )
}

const ownApiLoan = {
  status: 200,
  body: expect.objectContaining({
    id: 1,
    status: 'active',
    _links: expect.objectContaining({
      return: {
        href: '/api/loans/1/return',
        method: 'POST',
        title: 'Return the book',
      },
    }),
  }),
}

describe('on Node 20.19 with msw 2', () => {
  let dir: string
  let node20: string
  beforeAll(async () => {
    dir = await installs.node20msw2
    node20 = path.join(dir, 'node_modules', nodePackage, 'bin/node')
  })

  it('answers GET /api/orders/1 directly, through setupServer, and to the client', () => {
    const result = runJson(node20, dir, 'run-core.mjs')
    expect(result.node).toBe('20.19.0')
    expectWorking(result)
  })

  it('compiles the first test of the install guide, msw 2’s option name and all', async () => {
    copyFileSync(
      path.join(consumerFiles, 'msw2-first-test.ts'),
      path.join(dir, 'msw2-first-test.ts'),
    )
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM'],
          module: 'NodeNext',
          moduleResolution: 'nodenext',
          types: ['node'],
          strict: true,
          skipLibCheck: true,
          noEmit: true,
        },
        files: ['msw2-first-test.ts'],
      }),
    )
    const tsc = path.join(dir, 'node_modules/typescript/bin/tsc')
    let output = ''
    try {
      await promisify(execFile)(node20, [tsc, '-p', 'tsconfig.json'], {
        cwd: dir,
        encoding: 'utf8',
      })
    } catch (error) {
      output = (error as { stdout: string }).stdout
    }
    expect(output).toBe('')
  })

  it('can be required from CommonJS (Node’s require of ESM)', () => {
    const output = execFileSync(
      node20,
      [
        '-e',
        "const { createMockApi } = require('hypermock-api'); const { createClient } = require('hypermock-api/client'); console.log(typeof createMockApi, typeof createClient)",
      ],
      { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    expect(output.trim()).toBe('function function')
  })

  it('loads the core, client and server with no React installed', () => {
    expect(existsSync(path.join(dir, 'node_modules/react'))).toBe(false)
    expect(
      existsSync(path.join(dir, 'node_modules/@tanstack/react-query')),
    ).toBe(false)
  })

  it('serves GET /api over HTTP with npx hypermock-api serve', async () => {
    const { status, body } = await serveAndFetch(dir, node20, [], '/api')
    expect(status).toBe(200)
    expect(body).toHaveProperty('_links.orders')
  })

  it('serves the own-api example with serve --config, its TypeScript loaded as it is', async () => {
    copyOwnApiExample(dir)
    const loan = await serveAndFetch(
      dir,
      node20,
      ['--config', 'hypermock.config.ts'],
      '/api/loans/1',
      { headers: { Authorization: 'Bearer ada-token' } },
    )
    expect(loan).toMatchObject(ownApiLoan)
  })

  it('serves the playground for the example with serve --playground', async () => {
    copyOwnApiExample(dir)
    const page = await serveAndFetch(
      dir,
      node20,
      ['--config', 'hypermock.config.ts', '--playground'],
      '/__mock/playground/',
    )
    expect(page.status).toBe(200)
    expect(page.body).toContain('<meta name="hypermock-server"')
    expect(page.output).toContain('/__mock/playground/')
  })

  it('init writes msw 2’s own service worker', () => {
    const output = execFileSync('npx', ['hypermock-api', 'init', 'public'], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${path.dirname(node20)}:${process.env.PATH}`,
      },
    })
    expect(output).toMatch(/msw 2\.\d+\.\d+'s service worker/)
    expect(existsSync(path.join(dir, 'public/mockServiceWorker.js'))).toBe(true)
  })

  it('mcp names the SDK to install in a project without it', () => {
    const result = spawnSync('npx', ['hypermock-api', 'mcp'], {
      cwd: dir,
      encoding: 'utf8',
      input: '',
      env: {
        ...process.env,
        PATH: `${path.dirname(node20)}:${process.env.PATH}`,
      },
    })
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      'npm install --save-dev @modelcontextprotocol/sdk',
    )
  })

  describe('and on Node 24 with msw 3', () => {
    let dir24: string
    beforeAll(async () => {
      dir24 = await installs.node24msw3
    })

    it('answers GET /api/orders/1 directly, through setupServer, and to the client', () => {
      const result = runJson(process.execPath, dir24, 'run-core.mjs')
      expect(result.node).toBe(process.versions.node)
      expectWorking(result)
    })

    it('answers the same on Node 22.12, the oldest msw 3 runs on', () => {
      const node22 = path.join(dir24, 'node_modules', nodePackage, 'bin/node')
      const result = runJson(node22, dir24, 'run-core.mjs')
      expect(result.node).toBe('22.12.0')
      expectWorking(result)
    })

    it('serves the own-api example with serve --config on Node 24', async () => {
      copyOwnApiExample(dir24)
      const loan = await serveAndFetch(
        dir24,
        process.execPath,
        ['--config', 'hypermock.config.ts'],
        '/api/loans/1',
        { headers: { Authorization: 'Bearer ada-token' } },
      )
      expect(loan).toMatchObject(ownApiLoan)
    })

    it('says which versions to change when msw 3 meets Node 20', () => {
      const result = runJson(node20, dir24, 'run-core.mjs')
      expect(result.direct.status).toBe(200)
      expect(result.msw.error).toMatch(
        /msw 3\.\d+\.\d+ needs Node\.js 22\.12 or newer, and this is Node\.js 20\.19\.0/,
      )
    })

    beforeAll(() => {
      for (const file of ['types.ts', 'check-types.mjs'])
        copyFileSync(path.join(consumerFiles, file), path.join(dir24, file))
      // Written before the checks, which run at once and read them.
      for (const resolution of ['bundler', 'node16'] as const)
        writeConfig(resolution)
    })

    /** A tsconfig for `types.ts` as an app with every strict option would have it. */
    function writeConfig(resolution: 'bundler' | 'node16') {
      const config = `tsconfig.${resolution}.json`
      writeFileSync(
        path.join(dir24, config),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            lib: ['ES2022', 'DOM', 'DOM.Iterable'],
            module: resolution === 'bundler' ? 'ESNext' : 'Node16',
            moduleResolution: resolution,
            types: ['node'],
            strict: true,
            exactOptionalPropertyTypes: true,
            noUncheckedIndexedAccess: true,
            skipLibCheck: false,
            noEmit: true,
          },
          files: ['types.ts'],
        }),
      )
    }

    /**
     * TypeScript 5.9 and 6.0 check `types.ts` and every hypermock-api declaration file it loads, in
     * full, through the compiler's API (check-types.mjs). The other packages' own declaration files
     * (msw's type-fest, zod, the DOM's lib) were nine tenths of each command-line run, and their
     * bodies are theirs to check: TypeScript 7's command line below still checks them, with
     * skipLibCheck off, in a few seconds.
     */
    const api = {
      'TypeScript 5.9': {
        dir: () => path.join(dir24, 'node_modules/typescript'),
        version: /^5\.9\./,
      },
      'TypeScript 6.0': {
        dir: () => path.join(repoRoot, 'node_modules/typescript'),
        version: /^6\.0\./,
      },
    }
    type Checked = {
      config: string
      version: string
      ours: number
      diagnostics: string
    }
    /**
     * One process a compiler checks both configs, and its two programs share the declaration files
     * they both load (parsed and bound once). Started by the first test that needs it.
     */
    const checks = new Map<string, Promise<Checked[]>>()
    function checked(compiler: keyof typeof api) {
      if (!checks.has(compiler))
        checks.set(
          compiler,
          promisify(execFile)(
            process.execPath,
            [
              'check-types.mjs',
              api[compiler].dir(),
              'tsconfig.bundler.json',
              'tsconfig.node16.json',
            ],
            { cwd: dir24, encoding: 'utf8' },
          ).then(({ stdout }) => JSON.parse(stdout) as Checked[]),
        )
      return checks.get(compiler)!
    }
    // Both compilers' processes start with the first two tests, which run at once.
    for (const resolution of ['bundler', 'node16'] as const) {
      for (const compiler of Object.keys(api) as (keyof typeof api)[]) {
        it.concurrent(`type-checks every entry with ${compiler}, moduleResolution ${resolution}`, async () => {
          const config = `tsconfig.${resolution}.json`
          const result = (await checked(compiler)).find(
            (check) => check.config === config,
          )!
          expect(result.config).toBe(config)
          expect(result.version).toMatch(api[compiler].version)
          // Every entry's declaration file, and the chunks they share, were checked.
          expect(result.ours).toBeGreaterThanOrEqual(15)
          expect(result.diagnostics).toBe('')
        })
      }
    }

    /**
     * TypeScript 7's command line checks both configs in one build (`tsc -b`): one process, whose
     * two programs parse the declaration files they both load once. `--force` checks both even
     * where a build info file says nothing changed. Each program still checks every declaration
     * file it loads. `--verbose` heads each config's diagnostics with its name; anything else
     * the build prints, or a failure with no diagnostics, is kept apart and fails both tests.
     */
    let typescript7: Promise<{
      diagnostics: Map<string, string>
      stray: string
    }>
    function checkedBy7() {
      typescript7 ??= promisify(execFile)(
        process.execPath,
        [
          path.join(dir24, 'node_modules/typescript7/bin/tsc'),
          '-b',
          '--force',
          '--verbose',
          'tsconfig.bundler.json',
          'tsconfig.node16.json',
        ],
        { cwd: dir24, encoding: 'utf8' },
      ).then(
        ({ stdout, stderr }) => byConfig(stdout, stderr, 0),
        (error: { stdout?: string; stderr?: string; code?: unknown }) =>
          byConfig(error.stdout ?? '', error.stderr ?? '', error.code),
      )
      return typescript7
    }
    /** The build's output, cut at each "Building project 'tsconfig.….json'..." line. */
    function byConfig(stdout: string, stderr: string, code: unknown) {
      const diagnostics = new Map<string, string>()
      let config: string | undefined
      let stray = stderr
      for (const line of stdout.split(/\r?\n/)) {
        const building = /Building project '([^']+)'/.exec(line)
        if (building) {
          config = path.basename(building[1]!)
          diagnostics.set(config, '')
        } else if (/^[\d:]+(?: [AP]M)? - /.test(line) || !line.trim()) {
          // Its own progress lines, and the blank lines between them.
        } else if (config === undefined) {
          // The list of projects before the first build.
          if (!/^ +\* tsconfig\.\w+\.json$/.test(line)) stray += `${line}\n`
        } else diagnostics.set(config, `${diagnostics.get(config)}${line}\n`)
      }
      if (code !== 0 && [...diagnostics.values()].every((text) => !text))
        stray += `tsc -b exited with ${String(code)}\n`
      return { diagnostics, stray }
    }
    for (const resolution of ['bundler', 'node16'] as const) {
      it.concurrent(`type-checks every entry with TypeScript 7, moduleResolution ${resolution}, every declaration file loaded included`, async () => {
        const { diagnostics, stray } = await checkedBy7()
        expect(stray).toBe('')
        expect(diagnostics.get(`tsconfig.${resolution}.json`)).toBe('')
      })
    }
  })
})
