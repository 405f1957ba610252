import { existsSync } from 'node:fs'
import { createServer, type ViteDevServer } from 'vite'
import { hypermock } from '../../src/vite/index.ts'
import { viteAppAlias, viteAppRoot } from '../support/vite-app.ts'
import { expect, test } from './support/fixtures.ts'

/** Beside the ports of the e2e servers (support/servers.ts): the page's HMR client dials the port it was given. */
const port = Number(process.env.E2E_PORT ?? 4173) + 6
const root = viteAppRoot

/**
 * The Vite plugin in a real dev server and a real Chromium: the page's requests and a server
 * rendering loader's reach one instance, and the worker msw's own plugin serves is the only one.
 */
test.describe('hypermock() in a Vite dev server', () => {
  let server: ViteDevServer
  let url: string
  test.beforeAll(async () => {
    server = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: viteAppAlias },
      // Bundled before the first page asks, so the page is not reloaded for them midway.
      optimizeDeps: { include: ['msw', 'msw/browser', 'msw/experimental'] },
      server: { host: '127.0.0.1', port, strictPort: true },
      plugins: [hypermock()],
    })
    await server.listen()
    url = `http://127.0.0.1:${port}`
  })
  test.afterAll(async () => {
    await server?.close()
  })

  test('the page and a server-rendering loader share one state, through the worker', async ({
    page,
  }) => {
    expect(existsSync(`${root}/public/mockServiceWorker.js`)).toBe(false)
    const loader = (await server.ssrLoadModule('/src/entry-server.ts')) as {
      load(origin: string): Promise<{ created: number; titles: string[] }>
    }
    // The loader writes a row in-process (nothing listens on port 3) ...
    expect((await loader.load('http://localhost:3')).created).toBe(201)
    // ... which the page, controlled by msw's worker, reads from the dev server.
    await page.goto(`${url}/`)
    const books = page.getByRole('list')
    await expect(books.getByText('Written while rendering')).toBeVisible()
    await expect(books.getByText('Middlemarch')).toBeVisible()
    expect(
      await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL),
    ).toBe(`${url}/mockServiceWorker.js`)
    // The page writes; the loader reads it.
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/books', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Written by the page', read: true }),
      })
      return response.status
    })
    expect(status).toBe(201)
    expect((await loader.load('http://localhost:3')).titles).toContain(
      'Written by the page',
    )
    // The devtools panel in the page shows the dev server's journal: the loader's writes too.
    await page.getByRole('button', { name: 'hypermock devtools' }).click()
    const panel = page.getByRole('dialog', { name: 'hypermock devtools' })
    await panel.getByRole('tab', { name: 'Journal' }).click()
    const journal = panel.getByRole('table', { name: 'Journal' })
    await expect(
      journal.getByRole('row').filter({ hasText: 'POST' }),
    ).toHaveCount(3)
  })
})
