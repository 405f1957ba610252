import { serverAudits } from 'graphql-http'
import { expect, test } from './support/fixtures.ts'

/** A response the page's fetch got, carried back to Node for the audits to read. */
interface PageAnswer {
  status: number
  statusText: string
  headers: [string, string][]
  body: string
}

test('the service worker answers GraphQL and passes every MUST audit of graphql-http', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Explorer' })).toBeVisible()
  const url = new URL('/api/graphql', baseURL).href
  const served = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/graphql',
  )
  // Each audit's request is sent by the page, so the service worker answers it, with a valid token.
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers))
    headers.authorization = 'Bearer customer-1-token'
    const answer = await page.evaluate(
      async ({ url, method, headers, body }): Promise<PageAnswer> => {
        const response = await fetch(url, {
          method,
          headers,
          ...(body !== null && { body }),
        })
        return {
          status: response.status,
          statusText: response.statusText,
          headers: [...response.headers],
          body: await response.text(),
        }
      },
      {
        url: String(input),
        method: init.method ?? 'GET',
        headers,
        body: typeof init.body === 'string' ? init.body : null,
      },
    )
    return new Response(answer.body === '' ? null : answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    })
  }
  const failed: string[] = []
  let ran = 0
  for (const audit of serverAudits({ url, fetchFn })) {
    const result = await audit.fn()
    ran += 1
    if (result.status !== 'ok' && audit.name.startsWith('MUST'))
      failed.push(`${audit.name}: ${result.reason}`)
  }
  expect((await served).fromServiceWorker()).toBe(true)
  expect(ran).toBeGreaterThan(20)
  expect(failed).toEqual([])
})
