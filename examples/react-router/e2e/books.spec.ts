import { expect, test } from '@playwright/test'

test('a book added on the page is in the next server render', async ({
  page,
  request,
}) => {
  await page.goto('/')
  const books = page.getByRole('list', { name: 'Books' })
  await expect(books.getByText('Middlemarch')).toBeVisible()
  await page.getByLabel('Title').fill('Written on the page')
  await page.getByRole('button', { name: 'Add the book' }).click()
  await expect(books.getByText('Written on the page')).toBeVisible()
  // The HTML the server renders (no JavaScript ran): the loader read the row the page wrote.
  const html = await (await request.get('/')).text()
  expect(html).toContain('Written on the page')
})

test("a fault added from the devtools panel fails the loader's request", async ({
  page,
}) => {
  await page.goto('/')
  await expect(
    page.getByRole('heading', { name: 'Reading list' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'hypermock devtools' }).click()
  const panel = page.getByRole('dialog', { name: 'hypermock devtools' })
  await panel.getByRole('tab', { name: 'Faults' }).click()
  const form = panel.getByRole('form', { name: 'Add a fault' })
  await form.getByLabel('Method').selectOption('GET')
  await form.getByLabel('Path').fill('/api/books')
  await form
    .getByLabel('Effect')
    .selectOption({ label: '503 Service Unavailable' })
  await form.getByLabel('Times').fill('1')
  await form.getByRole('button', { name: 'Add fault' }).click()
  await expect(
    panel.getByRole('list', { name: 'Active faults' }),
  ).toContainText('/api/books')
  // The next render runs the loader on the server: its request meets the fault.
  await page.reload()
  await expect(page.getByRole('alert')).toHaveText(
    'Could not load the books. The API answered 503.',
  )
  // The fault was for one request: the render after it reads the books again.
  await page.reload()
  await expect(
    page.getByRole('list', { name: 'Books' }).getByText('Middlemarch'),
  ).toBeVisible()
})
