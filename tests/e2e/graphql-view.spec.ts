import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'

const TOKEN = 'customer-1-token'

/** Opens the GraphQL view with `query` in GraphiQL's editor, and runs it once GraphiQL is ready. */
async function run(page: Page, query: string) {
  await page.goto(`/?view=graphql&query=${encodeURIComponent(query)}`)
  const execute = page.getByRole('button', { name: /execute query/i })
  await expect(execute).toBeVisible({ timeout: 30_000 })
  // GraphiQL runs once it holds the schema (its introspection query, answered by the worker).
  await expect(
    page.getByRole('button', { name: /documentation/i }),
  ).toBeVisible()
  await expect
    .poll(
      async () => {
        await execute.click()
        return resultText(page)
      },
      { timeout: 20_000, intervals: [500] },
    )
    .not.toBe('')
}

/** What GraphiQL's result pane shows (the editor's whole text, not only its drawn lines). */
function resultText(page: Page) {
  return page.evaluate(() => {
    const element = document.querySelector('.result-window .CodeMirror') as
      (Element & { CodeMirror?: { getValue(): string } }) | null
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

test('the GraphQL view lists rows and creates one that REST then reads', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.goto('/?view=graphql')
  await expect(page.getByRole('heading', { name: 'GraphQL' })).toBeVisible()
  await expect(page.getByText(`Authorization: Bearer ${TOKEN}`)).toBeVisible()

  // A list: the same ids the REST list gives the same credential.
  await run(page, '{ orders(first: 5) { edges { node { id } } } }')
  const listed = JSON.parse(await resultText(page)) as {
    data: { orders: { edges: { node: { id: string } }[] } }
  }
  const restList = JSON.parse(
    (await rest(page, 'GET', '/api/orders?perPage=5')).body,
  ) as { items: { id: number }[] }
  expect(listed.data.orders.edges.map((edge) => edge.node.id)).toEqual(
    restList.items.map((item) => String(item.id)),
  )

  // A mutation: the row it made is there over REST.
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
