import { expect, screenshotWideAndNarrow, test } from './support/fixtures.ts'

test('each convention has a Try it that sends the real request and shows the answer', async ({
  page,
}) => {
  await page.goto('/?view=guide')
  await expect(
    page.getByRole('heading', { name: 'Guide', level: 2 }),
  ).toBeVisible()
  for (const title of [
    'Resources and links',
    'Collections: paging, sorting, filtering',
    'Authentication and tokens',
    'Problem documents',
    'Validation: 422 with every field at once',
    'Idempotency keys',
    'Conditional requests and ETags',
    'Rate limiting and Retry-After',
    "The client's retry rules",
  ]) {
    await expect(
      page.getByRole('heading', { name: title, level: 3 }),
    ).toBeVisible()
  }

  await page
    .getByRole('button', {
      name: 'Try it: Create an order with three mistakes',
    })
    .click()
  const validation = page.getByRole('group', {
    name: 'Try it: Create an order with three mistakes',
  })
  await expect(
    validation
      .getByRole('table', { name: 'Errors by field' })
      .getByRole('rowheader'),
  ).toHaveText(['total', 'currency', 'ammount'])

  await page
    .getByRole('button', { name: 'Try it: Read a failed transfer' })
    .click()
  const transfer = page.getByRole('group', {
    name: 'Try it: Read a failed transfer',
  })
  const extensions = transfer.getByRole('definition')
  await expect(
    transfer.getByRole('article', { name: /422 Insufficient funds/i }),
  ).toBeVisible()
  await expect(extensions.filter({ hasText: /^500$/ })).toHaveCount(1)
  await expect(extensions.filter({ hasText: /^1000$/ })).toHaveCount(1)

  await page
    .getByRole('button', {
      name: 'Try it: Pay twice with one key, then reuse it',
    })
    .click()
  const answers = page.getByRole('list', {
    name: 'Answers: Pay twice with one key, then reuse it',
  })
  await expect(answers.getByRole('listitem')).toHaveCount(3)
  await expect(answers.getByRole('listitem').nth(1)).toContainText(
    'idempotent-replayed',
  )
  await expect(
    answers.getByRole('listitem').nth(2).getByRole('article', { name: /422/ }),
  ).toBeVisible()

  await page
    .getByRole('button', {
      name: 'Try it: Revalidate an order, then write with a stale ETag',
    })
    .click()
  const conditional = page.getByRole('list', {
    name: 'Answers: Revalidate an order, then write with a stale ETag',
  })
  await expect(conditional.getByRole('listitem')).toHaveCount(3)
  await expect(conditional.getByRole('listitem').nth(1)).toContainText(
    '304 Not Modified',
  )
  await expect(conditional.getByRole('listitem').nth(2)).toContainText('412')

  await page
    .getByRole('button', { name: 'Try it: See the budget, then hit a 429' })
    .click()
  const limited = page.getByRole('list', {
    name: 'Answers: See the budget, then hit a 429',
  })
  await expect(limited.getByRole('listitem').nth(1)).toContainText(
    '429 Too Many Requests',
  )
  await expect(limited.getByRole('listitem').nth(1)).toContainText(
    'retry-after',
  )

  await page
    .getByRole('button', { name: 'Try it: Read an order without a credential' })
    .click()
  await expect(
    page
      .getByRole('group', {
        name: 'Try it: Read an order without a credential',
      })
      .getByRole('article', { name: /401 Authentication required/ }),
  ).toBeVisible()
  await screenshotWideAndNarrow(page, 'guide')
})

test('the client retries two 503s and succeeds on the third attempt', async ({
  page,
}) => {
  test.setTimeout(60_000)
  await page.goto('/?view=guide')
  // The demo speed shortens the client's waits (1 s + 2 s of backoff) in real time.
  await page.getByLabel('Demo speed (playground only)').selectOption('16')
  await page.getByRole('button', { name: 'Try it: Survive two 503s' }).click()
  const answer = page.getByRole('list', { name: 'Answers: Survive two 503s' })
  await expect(answer).toContainText('200 OK', { timeout: 20_000 })
  await expect(answer).toContainText('3 attempts')

  await page.getByRole('button', { name: 'Try it: Do not retry a 422' }).click()
  const final = page.getByRole('list', { name: 'Answers: Do not retry a 422' })
  await expect(final).toContainText('422')
  await expect(final).toContainText('1 attempt')
})
