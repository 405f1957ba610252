import { expect, test } from './support/fixtures.ts'
import { ports } from './support/ports.ts'

// The page built by pages/vite.config.ts, served by `vite preview` on a port of its own.
test.use({ baseURL: `http://127.0.0.1:${ports.pages}` })

test('an API declared at the root of its own host answers through the service worker', async ({
  page,
}) => {
  const answered = page.waitForResponse(
    (response) => response.url() === 'https://api.example.test/books',
  )
  await page.goto('/tests/e2e/root-api/root-api.html')
  const response = await answered
  expect(response.fromServiceWorker()).toBe(true)
  const result = page.getByRole('status', { name: 'Result' })
  await expect(result).not.toHaveText('starting')
  expect(JSON.parse((await result.textContent()) ?? '')).toEqual({
    status: 200,
    titles: ['Kindred', 'Beloved'],
    lend: 'https://api.example.test/books/1/lend',
    lent: 200,
    stored: 'on-loan',
    ownPage: 200,
  })
})
