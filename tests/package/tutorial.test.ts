import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { repoRoot, tarballPath } from './tarball-path.ts'

/**
 * The tutorial followed as a reader would, from an empty folder: every file the page shows is written
 * as shown, every command it shows is run, with the packed tarball standing in for the registry's
 * hypermock-api. Nothing else is added, except a tsconfig for the type-check the page does not ask
 * for, and `vite build` in place of the dev server a person would open.
 */
const page = readFileSync(
  path.join(repoRoot, 'docs/tutorial/getting-started.md'),
  'utf8',
)

type Step =
  | { kind: 'file'; name: string; text: string }
  | { kind: 'command'; line: string }

/** The page's code blocks in order: ```lang [file] blocks are files, ```sh blocks commands. */
export function tutorialSteps(markdown: string): Step[] {
  const steps: Step[] = []
  for (const [, lang, name, text] of markdown.matchAll(
    /^```(\w+)(?: \[([^\]]+)\])?\n([\s\S]*?)^```$/gm,
  )) {
    if (name !== undefined) steps.push({ kind: 'file', name, text: text! })
    else if (lang === 'sh')
      for (const line of text!.split('\n').filter((line) => line.trim()))
        steps.push({ kind: 'command', line })
  }
  return steps
}

const temp = mkdtempSync(path.join(tmpdir(), 'hypermock-tutorial-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'bundler',
    lib: ['ES2023', 'DOM'],
    types: ['vite/client'],
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    skipLibCheck: false,
  },
  include: ['src', 'hypermock.config.ts'],
}

it('goes from an empty folder to a passing Vitest test, a built app and a served API', async () => {
  const steps = tutorialSteps(page)
  const files = steps.flatMap((step) =>
    step.kind === 'file' ? [step.name] : [],
  )
  expect(files).toEqual([
    'src/tasks-api.ts',
    'src/tasks.test.ts',
    'index.html',
    'src/main.ts',
    'hypermock.config.ts',
  ])

  let cwd = temp
  const sh = (line: string) => {
    try {
      return execFileSync('sh', ['-c', line], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    } catch (error) {
      const { stdout, stderr } = error as { stdout: string; stderr: string }
      throw new Error(`${line} failed:\n${stdout}\n${stderr}`, { cause: error })
    }
  }
  const curls: string[] = []
  let served: { url: string; stop: () => Promise<void> } | undefined
  let tested = ''

  for (const step of steps) {
    if (step.kind === 'file') {
      mkdirSync(path.dirname(path.join(cwd, step.name)), { recursive: true })
      writeFileSync(path.join(cwd, step.name), step.text)
      continue
    }
    const { line } = step
    if (line.startsWith('mkdir ')) {
      const dir = /^mkdir (\S+) && cd \1$/.exec(line)![1]!
      cwd = path.join(temp, dir)
      mkdirSync(cwd)
    } else if (line.startsWith('npm install')) {
      // The registry's hypermock-api is the packed tarball; the rest comes from the registry.
      expect(line).toMatch(/ hypermock-api /)
      sh(
        `${line.replace(' hypermock-api ', ` hypermock-api@file:${tarballPath} `)} --prefer-offline --no-audit --no-fund --loglevel=error`,
      )
    } else if (line === 'npx vite') {
      writeFileSync(path.join(cwd, 'tsconfig.json'), JSON.stringify(tsconfig))
      sh('npx tsc --noEmit')
      sh('npx vite build --logLevel error')
      expect(readFileSync(path.join(cwd, 'dist/index.html'), 'utf8')).toContain(
        '<ul id="tasks">',
      )
    } else if (line.startsWith('npx hypermock-api serve')) {
      served = await serve(cwd, line)
    } else if (line.startsWith('curl ')) {
      curls.push(line)
    } else if (line === 'npx vitest run') {
      tested = sh(`${line} --reporter=verbose 2>&1`)
    } else {
      sh(line)
    }
  }

  expect(tested).toMatch(/3 passed/)
  expect(tested).toContain('creates a task, then completes it through its link')

  // The page's requests, against the server it started.
  expect(served).toBeDefined()
  try {
    expect(curls).toHaveLength(3)
    const [list, create, description] = curls.map((line) =>
      JSON.parse(sh(line.replace('http://127.0.0.1:8787', served!.url))),
    )
    expect(list.items.map((task: { title: string }) => task.title)).toEqual([
      'Write the tutorial',
      'Try hypermock',
    ])
    expect(create).toMatchObject({ id: 3, title: 'Ship it', status: 'open' })
    expect(create._links.complete).toMatchObject({ method: 'POST' })
    expect(description.openapi).toMatch(/^3\.1/)
    expect(Object.keys(description.paths)).toContain('/api/tasks')
  } finally {
    await served!.stop()
  }
})

/** Runs the page's serve command on a free port, and waits until it listens. */
async function serve(cwd: string, line: string) {
  // A process group of its own: `npx` runs the server as its child and does not pass a signal
  // on, so stopping only `npx` would leave the server listening after the test.
  const child = spawn('sh', ['-c', `exec ${line} --port 0`], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stderr.on('data', (chunk) => (output += chunk))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(output)
      if (found) resolve(found[0])
    })
    child.on('exit', () => reject(new Error(`serve exited:\n${output}`)))
  })
  return {
    url,
    stop: async () => {
      const exited = once(child, 'exit')
      process.kill(-child.pid!, 'SIGTERM')
      await exited
    },
  }
}
