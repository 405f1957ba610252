import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPlaygroundFiles } from './playground-files.ts'
import { SqliteStore } from './sqlite-store.ts'
import { startServer } from './start-server.ts'

let dir: string
let serve: Awaited<ReturnType<typeof loadPlaygroundFiles>>
const get = (path: string, method = 'GET') =>
  serve(new Request(`http://127.0.0.1:8787${path}`, { method }))

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hypermock-playground-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>p</title></head></html>',
  )
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
  writeFileSync(join(dir, 'mockServiceWorker.js'), '/* msw */')
  writeFileSync(join(tmpdir(), 'outside-playground.txt'), 'secret')
  serve = await loadPlaygroundFiles(dir, '/__mock/playground', {
    basePath: '/api',
    controlPath: '/__mock',
  })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the playground files a server serves', () => {
  it('serves the page with the paths of the mock it talks to', async () => {
    const response = get('/__mock/playground/')!
    expect(response.headers.get('Content-Type')).toBe(
      'text/html; charset=utf-8',
    )
    expect(await response.text()).toContain(
      '<meta name="hypermock-server" content="{&quot;basePath&quot;:&quot;/api&quot;,&quot;controlPath&quot;:&quot;/__mock&quot;}" />',
    )
    expect(get('/__mock/playground')!.status).toBe(308)
  })

  it('tells the page where a server with --data keeps its data, and none without', async () => {
    const file = join(dir, 'data.db')
    const durable = await startServer({
      port: 0,
      playground: dir,
      store: await SqliteStore.open(file),
    })
    const inMemory = await startServer({ port: 0, playground: dir })
    try {
      const meta = async (url: string | undefined) =>
        /<meta name="hypermock-server" content="([^"]*)"/
          .exec(await (await fetch(url!)).text())![1]!
          .replaceAll('&quot;', '"')
      expect(JSON.parse(await meta(durable.playgroundUrl))).toEqual({
        basePath: '/api',
        controlPath: '/__mock',
        store: `SQLite ${file}`,
      })
      expect(JSON.parse(await meta(inMemory.playgroundUrl))).toEqual({
        basePath: '/api',
        controlPath: '/__mock',
      })
    } finally {
      await durable.close()
      await inMemory.close()
    }
  })

  it('serves hashed assets for a year, with their type', async () => {
    const response = get('/__mock/playground/assets/index-abc.js')!
    expect(response.headers.get('Content-Type')).toBe(
      'text/javascript; charset=utf-8',
    )
    expect(response.headers.get('Cache-Control')).toContain('immutable')
    expect(await response.text()).toBe('console.log(1)')
  })

  it('serves nothing else: no worker, no file outside, no write', () => {
    expect(get('/__mock/playground/mockServiceWorker.js')!.status).toBe(404)
    expect(get('/__mock/playground/../outside-playground.txt')).toBeUndefined()
    expect(
      get('/__mock/playground/%2e%2e/%2e%2e/outside-playground.txt'),
    ).toBeUndefined()
    // Only names of files read at start are ever answered.
    expect(
      get('/__mock/playground/assets%2f..%2f..%2foutside-playground.txt')!
        .status,
    ).toBe(404)
    expect(get('/__mock/playground/', 'POST')!.status).toBe(405)
    // Paths outside its prefix are the API's and the control API's.
    expect(get('/__mock/state')).toBeUndefined()
    expect(get('/api/books')).toBeUndefined()
  })
})

describe('serve --playground', () => {
  it('serves the playground under the control path, to loopback Host names only', async () => {
    const { startServer } = await import('./start-server.ts')
    const server = await startServer({ port: 0, playground: dir })
    try {
      expect(server.playgroundUrl).toBe(`${server.url}/__mock/playground/`)
      const page = await fetch(server.playgroundUrl!)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('hypermock-server')
      // A DNS-rebinding page reaches the server under a name of its own: refused like the API.
      const { request } = await import('node:http')
      const status = await new Promise<number>((resolve, reject) => {
        request(
          server.playgroundUrl!,
          { headers: { Host: 'attacker.example' } },
          (response) => {
            response.resume()
            resolve(response.statusCode ?? 0)
          },
        )
          .on('error', reject)
          .end()
      })
      expect(status).toBe(403)
    } finally {
      await server.close()
    }
  })
})
