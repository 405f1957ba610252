import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'
import { ports } from './support/ports.ts'

/**
 * The playground served by `hypermock-api serve --openapi
 * tests/fixtures/openapi/petstore-expanded.yaml --playground` (a file of the `server` project, on
 * that server's port): OAI's Petstore, imported with state, walked from its root over HTTP.
 */
test.use({ baseURL: `http://127.0.0.1:${ports.imported}` })

test.beforeEach(async ({ request }) => {
  expect((await request.post('/__mock/reset')).status()).toBe(204)
})

test('walks an imported description from its root, creates a pet and lists it in Data', async ({
  page,
}) => {
  await page.goto('/__mock/playground/')
  await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()
  const rootLinks = page.getByRole('table', { name: 'Links' })
  await rootLinks.getByRole('link', { name: 'pets', exact: true }).click()
  const items = page.getByRole('table', { name: /^Items/ })
  await expect(items.getByRole('row')).toHaveCount(11)
  // A bare array is paged by its Link header alone.
  await page.getByLabel('Resource href').fill('/api/pets?limit=4')
  await page.getByLabel('Resource href').press('Enter')
  await expect(items.getByRole('row')).toHaveCount(5)
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(
    items.getByRole('link', { name: '/api/pets/5', exact: true }),
  ).toBeVisible()
  await screenshotWideAndNarrow(page, 'imported-collection')
  await items.getByRole('link', { name: '/api/pets/8', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Pet 8' })).toBeVisible()
  await page.getByLabel('Resource href').fill('/api/pets/1')
  await page.getByLabel('Resource href').press('Enter')
  await expect(page.getByRole('heading', { name: 'Pet 1' })).toBeVisible()
  await screenshotWideAndNarrow(page, 'imported-explorer')

  const created = await page.request.post('/api/pets', {
    data: { name: 'Rex', tag: 'dog' },
  })
  expect(created.status()).toBe(200)
  const { id } = (await created.json()) as { id: number }

  await page.goto('/__mock/playground/?view=data')
  await expect(
    page.getByRole('heading', { name: 'Pets', exact: true }),
  ).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Rex' })
  await expect(row).toBeVisible()
  await expect(row).toContainText(String(id))
  await screenshotWideAndNarrow(page, 'imported-data')

  // Its Reference comes from the description the server draws of it: created with 200, as the
  // description says, and no credential asked.
  await page.goto('/__mock/playground/?view=reference')
  const create = page.getByRole('row').filter({ hasText: 'Create a pet' })
  await expect(create).toContainText('200')
  await expect(create).not.toContainText('201')
  await expect(create).not.toContainText('401')
})

test('the header says no credential is needed, offers none to pick, and the page sends none', async ({
  page,
}) => {
  const sent: Promise<string | undefined>[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api'))
      sent.push(request.allHeaders().then((headers) => headers.authorization))
  })
  await page.goto('/__mock/playground/')
  await expect(page.getByRole('heading', { name: 'API root' })).toBeVisible()
  const header = page.getByRole('banner')
  await expect(header.getByText('No credential needed')).toBeVisible()
  await expect(
    header.getByRole('combobox', { name: 'Credential' }),
  ).toHaveCount(0)
  await page
    .getByRole('table', { name: 'Links' })
    .getByRole('link', { name: 'pets', exact: true })
    .click()
  await expect(page.getByRole('table', { name: /^Items/ })).toBeVisible()
  expect(sent.length).toBeGreaterThan(0)
  expect((await Promise.all(sent)).filter(Boolean)).toEqual([])
  await screenshotWideAndNarrow(page, 'imported-header')
})

test('the Guide says the imported API asks for no credential, and explains no 401 or 403', async ({
  page,
}) => {
  await page.goto('/__mock/playground/?view=guide')
  const auth = page.getByRole('region', { name: 'Authentication and tokens' })
  await expect(auth).toContainText('This API asks for no credential')
  await expect(auth).toContainText(
    'A request without a credential gets the same answer as any other',
  )
  await expect(auth).not.toContainText(/401|403|insufficient_scope/)
  await screenshotWideAndNarrow(page, 'imported-guide')
})
