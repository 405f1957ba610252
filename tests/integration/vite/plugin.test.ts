import {
  cp,
  mkdtemp,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  build,
  createServer,
  type InlineConfig,
  type ViteDevServer,
} from 'vite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { hypermock } from '../../../src/vite/index.ts'
import { viteAppAlias, viteAppRoot } from '../../support/vite-app.ts'

const root = viteAppRoot
const alias = viteAppAlias

async function devServer(config: InlineConfig = {}) {
  const server = await createServer({
    root: config.root ?? root,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    resolve: { alias },
    server: { host: '127.0.0.1', port: 0, strictPort: false, ws: false },
    plugins: [hypermock()],
    ...config,
  })
  await server.listen()
  const address = server.httpServer!.address() as { port: number }
  return { server, url: `http://127.0.0.1:${address.port}` }
}

describe('hypermock() in the dev server', () => {
  let server: ViteDevServer
  let url: string
  beforeAll(async () => {
    ;({ server, url } = await devServer())
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  it('serves the declared API at its base path over HTTP, with its conventions', async () => {
    const list = await fetch(`${url}/api/books`)
    expect(list.status).toBe(200)
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ title: 'Middlemarch', read: false }),
    ])
    const invalid = await fetch(`${url}/api/books`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: '', read: 'no' }),
    })
    expect(invalid.status).toBe(422)
    expect(invalid.headers.get('Content-Type')).toContain(
      'application/problem+json',
    )
    // Every other path is still Vite's.
    const page = await fetch(`${url}/src/main.ts`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('enableMock')
  })

  it('gives server rendering the same state as the browser, in-process', async () => {
    const created = await fetch(`${url}/api/books`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Written by the page', read: true }),
    })
    expect(created.status).toBe(201)
    const entry = (await server.ssrLoadModule('/src/entry-server.ts')) as {
      load(origin: string): Promise<{ created: number; titles: string[] }>
    }
    // Nothing listens on port 3 of localhost: an answer there can only come from the dev
    // server's instance, through msw's network in the server environment.
    const rendered = await entry.load('http://localhost:3')
    expect(rendered.created).toBe(201)
    expect(rendered.titles).toEqual(
      expect.arrayContaining([
        'Written by the page',
        'Written while rendering',
      ]),
    )
    // The page then reads what the loader wrote.
    const list = (await (await fetch(`${url}/api/books`)).json()) as {
      items: { title: string }[]
    }
    expect(list.items.map((book) => book.title)).toContain(
      'Written while rendering',
    )
    const { network } = (await server.ssrLoadModule('virtual:msw')) as {
      network: { disable(): Promise<void> | void }
    }
    await network.disable()
  })

  it('answers the control API, and drops the connection for a network-error fault', async () => {
    const fault = await fetch(`${url}/__mock/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        match: { method: 'GET', path: '/api/books/1' },
        effect: { kind: 'network-error' },
        times: 1,
      }),
    })
    expect(fault.status).toBe(201)
    await expect(fetch(`${url}/api/books/1`)).rejects.toThrow(TypeError)
    expect((await fetch(`${url}/api/books/1`)).status).toBe(200)
  })
})

describe('hypermock() when the declaration changes', () => {
  it('serves the new one with the data carried over, and keeps the old one when the new one is broken', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'hypermock-vite-app-'))
    await cp(root, copy, { recursive: true })
    // The config's own imports (zod) resolve from the repository's packages.
    await symlink(
      fileURLToPath(new URL('../../../node_modules', import.meta.url)),
      join(copy, 'node_modules'),
    )
    const errors: string[] = []
    const { server, url } = await devServer({
      root: copy,
      customLogger: {
        info() {},
        warn() {},
        warnOnce() {},
        error: (message) => void errors.push(message),
        clearScreen() {},
        hasErrorLogged: () => false,
        hasWarned: false,
      },
    })
    const changed = (predicate: () => Promise<boolean>) =>
      vi.waitFor(async () => expect(await predicate()).toBe(true), {
        timeout: 10_000,
        interval: 50,
      })
    try {
      const created = await fetch(`${url}/api/books`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Kept across the reload', read: false }),
      })
      expect(created.status).toBe(201)
      const config = join(copy, 'hypermock.config.ts')
      const source = await readFile(config, 'utf8')
      const withShelves = source.replace(
        '  resources: {',
        "  resources: {\n    shelves: defineResource({ schema: z.strictObject({ id: z.number().int(), name: z.string() }), seed: [{ name: 'Hall' }] }),",
      )
      await writeFile(config, withShelves)
      await changed(async () => (await fetch(`${url}/api/shelves`)).ok)
      const books = (await (await fetch(`${url}/api/books`)).json()) as {
        items: { title: string }[]
      }
      expect(books.items.map((book) => book.title)).toContain(
        'Kept across the reload',
      )
      await writeFile(config, withShelves.replace('auth: false', 'auth: 7'))
      await changed(async () =>
        errors.some((line) => line.includes('not reloaded')),
      )
      expect(errors.join('\n')).toMatch(/previous API keeps serving.*auth/s)
      expect((await fetch(`${url}/api/shelves`)).ok).toBe(true)
    } finally {
      await server.close()
      await rm(copy, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('hypermock() outside the dev server', () => {
  it('takes no part in a mode it was not given', async () => {
    const { server, url } = await devServer({
      plugins: [hypermock({ modes: ['mock'] })],
    })
    try {
      const response = await fetch(`${url}/api/books`)
      expect(response.status).not.toBe(200)
      expect(await response.text()).not.toContain('Middlemarch')
    } finally {
      await server.close()
    }
  }, 60_000)

  it('leaves a production build without the mock, msw or the worker', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'hypermock-vite-build-'))
    // Vitest sets NODE_ENV=test, which Vite reads as a development build; a user's is production.
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await build({
        root,
        configFile: false,
        logLevel: 'silent',
        resolve: { alias },
        plugins: [hypermock()],
        build: { outDir, emptyOutDir: true },
      })
      const files = await readdir(join(outDir, 'assets'))
      expect(await readdir(outDir)).not.toContain('mockServiceWorker.js')
      const code = (
        await Promise.all(
          files.map((file) => readFile(join(outDir, 'assets', file), 'utf8')),
        )
      ).join('\n')
      expect(code).toContain('/api/books')
      expect(code).not.toMatch(/hypermock|msw|defineApi|Middlemarch/i)
    } finally {
      process.env.NODE_ENV = nodeEnv
      await rm(outDir, { recursive: true, force: true })
    }
  }, 120_000)
})
