import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { createMockApi, type ApiDeclaration } from '../../src/index.ts'
import { shopApi } from '../../src/domains/shop/index.ts'
import { readHar } from '../../src/record/read-har.ts'
import { writeRecording } from '../../src/record/record.ts'
import { loadConfig } from '../../src/server/load-config.ts'
import { startServer } from '../../src/server/start-server.ts'
import { expect, test } from './support/fixtures.ts'

/**
 * The built-in API served with its playground, walked in Chromium with Playwright's `recordHar`,
 * and that HAR recorded into a declaration: what a team does with a browser's "Save all as HAR".
 */
test('a HAR of a walk through the playground records a declaration that keeps state', async ({
  browser,
}, testInfo) => {
  const server = await startServer({ port: 0, playground: true })
  const harPath = testInfo.outputPath('walk.har')
  const context = await browser.newContext({
    recordHar: { path: harPath, content: 'embed' },
  })
  try {
    const page = await context.newPage()
    await page.goto(server.playgroundUrl!)
    await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()
    await page
      .getByRole('table', { name: 'Links' })
      .getByRole('link', { name: 'orders', exact: true })
      .click()
    const items = page.getByRole('table', { name: /^Items/ })
    await expect(items).toBeVisible()

    // Cancel one pending order, pay another: each action from its link, then the list again.
    const acted: string[] = []
    for (const action of ['cancel', 'pay']) {
      // The list on screen is the fresh one once the order acted on is no longer pending.
      for (const done of acted)
        await expect(
          items.getByRole('row').filter({
            has: page.getByRole('link', { name: done, exact: true }),
          }),
        ).not.toContainText('pending')
      const pending = items.getByRole('row').filter({ hasText: 'pending' })
      const href = await pending.first().getByRole('link').textContent()
      acted.push(href!)
      await pending.first().getByRole('link').click()
      await expect(
        page.getByRole('heading', { name: `Order ${href!.split('/').at(-1)}` }),
      ).toBeVisible()
      await page.getByRole('button', { name: action, exact: true }).click()
      await expect(
        page.getByRole('status').filter({ hasText: `${action} succeeded` }),
      ).toBeVisible()
      await page.getByLabel('Resource href').fill('/api/orders')
      await page.getByLabel('Resource href').press('Enter')
      await expect(items).toBeVisible()
    }
  } finally {
    await context.close() // writes the HAR
    await server.close()
  }

  const exchanges = readHar(readFileSync(harPath, 'utf8'))
  mkdirSync('test-results/record', { recursive: true })
  const out = mkdtempSync(path.resolve('test-results/record/har-walk-'))
  let declaration: ApiDeclaration
  let files: string[]
  try {
    const written = await writeRecording(exchanges, out)
    files = written.files
    // Nothing the page sent as a credential reaches the files.
    for (const file of files)
      expect(readFileSync(file, 'utf8')).not.toContain('customer-1-token')
    declaration = await loadConfig(path.join(out, 'api.ts'))
  } finally {
    rmSync(out, { recursive: true, force: true })
  }

  // Served with the tokens a recording leaves out by design.
  const api = createMockApi({
    api: { ...declaration, tokens: shopApi.tokens } as never,
  })
  const send = (method: string, path: string, body?: unknown) =>
    api.fetch(
      new Request(`http://127.0.0.1${path}`, {
        method,
        headers: {
          authorization: 'Bearer customer-1-token',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    )
  const list = (await (await send('GET', '/api/orders')).json()) as {
    items: { id: number; status: string; _links: Record<string, unknown> }[]
  }
  expect(list.items.length).toBeGreaterThan(0)
  const pending = list.items.find((o) => o.status === 'pending')!
  // The actions the walk followed are the record's transitions, offered by state.
  expect(Object.keys(pending._links)).toEqual(
    expect.arrayContaining(['self', 'cancel', 'pay']),
  )
  const cancelled = await send('POST', `/api/orders/${pending.id}/cancel`, {})
  expect(cancelled.status).toBe(200)
  expect(((await cancelled.json()) as { status: string }).status).toBe(
    'cancelled',
  )
  expect(
    (await send('POST', `/api/orders/${pending.id}/cancel`, {})).status,
  ).toBe(409)
})
