import type { Page } from '@playwright/test'
import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

const TOKEN = 'customer-1-token'

/**
 * Opens the GraphQL view with `query` in GraphiQL's editor (or the view's own first query), and
 * runs it once GraphiQL is ready.
 */
async function run(page: Page, query?: string) {
  await page.goto(
    query === undefined
      ? '/?view=graphql'
      : `/?view=graphql&query=${encodeURIComponent(query)}`,
  )
  const execute = page.getByRole('button', { name: /execute query/i })
  await expect(execute).toBeVisible({ timeout: 30_000 })
  // GraphiQL runs once it holds the schema (its introspection query, answered by the worker): a
  // click before that does nothing, so it is clicked again, a second apart, until a result shows.
  await expect
    .poll(
      async () => {
        const text = await resultText(page)
        if (text === '' && (await execute.isVisible()))
          await execute.click({ timeout: 1000 }).catch(() => {})
        return text
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .not.toBe('')
}

/** What GraphiQL's result pane shows (the editor's whole text, not only its drawn lines). */
function resultText(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector('.result-window .CodeMirror') as
      | (Element & { CodeMirror?: { getValue(): string } })
      | null
    return element?.CodeMirror?.getValue() ?? ''
  })
}

/** A REST request the page sends (the service worker answers it), as the picked credential. */
function rest(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body !== undefined && {
            'Content-Type': 'application/json',
            'Idempotency-Key': crypto.randomUUID(),
          }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: await response.text() }
    },
    { method, path, body, token: TOKEN },
  )
}

test('the GraphQL view lists the rows the REST list gives the picked credential', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await run(page, '{ orders(first: 5) { edges { node { id } } } }')
  await expect(page.getByRole('heading', { name: 'GraphQL' })).toBeVisible()
  await expect(page.getByText(`Authorization: Bearer ${TOKEN}`)).toBeVisible()
  const listed = JSON.parse(await resultText(page)) as {
    data: { orders: { edges: { node: { id: string } }[] } }
  }
  const restList = JSON.parse(
    (await rest(page, 'GET', '/api/orders?perPage=5')).body,
  ) as { items: { id: number }[] }
  expect(listed.data.orders.edges.map((edge) => edge.node.id)).toEqual(
    restList.items.map((item) => String(item.id)),
  )
})

test('a mutation in the GraphQL view makes a row that REST then reads', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await run(
    page,
    'mutation { createOrder(input: { total: 41.5, currency: EUR, note: "from GraphiQL" }) { id total } }',
  )
  const created = JSON.parse(await resultText(page)) as {
    data: { createOrder: { id: string; total: number } }
  }
  expect(created.data.createOrder.total).toBe(41.5)
  const read = await rest(
    page,
    'GET',
    `/api/orders/${created.data.createOrder.id}`,
  )
  expect(read.status).toBe(200)
  expect(JSON.parse(read.body)).toMatchObject({
    total: 41.5,
    note: 'from GraphiQL',
  })
})

test('a subscription in the GraphQL view follows a change made over REST', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // A subscription, over a WebSocket the page's msw link answers: a change made over REST
  // reaches GraphiQL's result pane.
  await page.goto(
    `/?view=graphql&query=${encodeURIComponent('subscription { orderChanged { type node { id note } } }')}`,
  )
  const execute = page.getByRole('button', { name: /execute query/i })
  await expect(execute).toBeVisible({ timeout: 30_000 })
  await expect(
    page.getByRole('button', { name: /documentation/i }),
  ).toBeVisible()
  const stop = page.getByRole('button', { name: /stop query/i })
  await expect
    .poll(
      async () => {
        if ((await stop.count()) === 0)
          await execute.click({ timeout: 1000 }).catch(() => {})
        return stop.count()
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(1)
  await expect
    .poll(
      async () => {
        // Until the subscription is in place, an order more each time.
        const made = await rest(page, 'POST', '/api/orders', {
          total: 7,
          currency: 'eur',
          note: 'over REST',
        })
        expect(made.status).toBe(201)
        return resultText(page)
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toContain('"type": "orders.created"')
})

/** The query editor's lines whose text runs past the editor's right edge, out of sight. */
function cutEditorLines(page: Page) {
  return page.evaluate(() => {
    const editor = document.querySelector('.graphiql-query-editor .CodeMirror')!
    const right = editor.getBoundingClientRect().right
    return [...editor.querySelectorAll('.CodeMirror-line')]
      .filter((line) => {
        const text = document.createRange()
        text.selectNodeContents(line)
        return text.getBoundingClientRect().right > right + 0.5
      })
      .map((line) => line.textContent)
  })
}

test('at 1280 and 390 px the editor shows its lines whole, and the result pane is on screen', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  // The view's own first query, whose first line is a long comment.
  await run(page)
  const result = page.locator('.graphiql-response')
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await result.scrollIntoViewIfNeeded()
    const box = (await result.boundingBox())!
    // The whole pane on screen at once, wide enough to read (side by side at 1280 it is about
    // 570 px wide; at 390, under the editors, 280 px; squeezed beside them it was 34 px).
    expect
      .soft(box.x, `result pane's left at ${width} px`)
      .toBeGreaterThanOrEqual(0)
    expect
      .soft(box.x + box.width, `result pane's right at ${width} px`)
      .toBeLessThanOrEqual(width)
    expect
      .soft(box.y, `result pane's top at ${width} px`)
      .toBeGreaterThanOrEqual(0)
    expect
      .soft(box.y + box.height, `result pane's bottom at ${width} px`)
      .toBeLessThanOrEqual(height)
    expect
      .soft(box.width, `result pane's width at ${width} px`)
      .toBeGreaterThanOrEqual(width === 390 ? 250 : 500)
    expect
      .soft(await cutEditorLines(page), `editor lines cut at ${width} px`)
      .toEqual([])
    expect
      .soft(await page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width)
  }
  expect(await resultText(page)).toContain('"queryType"')
  await screenshotWideAndNarrow(page, 'graphql-view')
})
