import {
  expect,
  saveScreenshot,
  screenshotWideAndNarrow,
  test,
} from './support/fixtures.ts'
import type { Page } from '@playwright/test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { operationsJsonSchema } from '../../src/index.ts'

async function goToView(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: label, exact: true })
    .click()
}

async function addPreset(
  page: Page,
  preset: string,
  aim?: { method: string; path: string },
) {
  await goToView(page, 'Faults')
  if (aim) {
    await page.getByLabel(`Method for ${preset}`).selectOption(aim.method)
    await page.getByLabel(`Path for ${preset}`).fill(aim.path)
  }
  await page.getByRole('button', { name: preset }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'Added rule' }),
  ).toBeVisible()
  await goToView(page, 'Timeline')
}

/**
 * What the drawn rows get wrong, as text: a bar or wait past its row's right edge, a wait line
 * over an attempt's bar, an outcome cut short. Empty when all is in place.
 */
function timelineOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    for (const row of document.querySelectorAll('.tl-view .tl-row')) {
      const name = row.getAttribute('aria-label')
      const rowBox = row.getBoundingClientRect()
      const bars = [...row.querySelectorAll('.tl-bar')].map((bar) => ({
        text: bar.textContent,
        box: bar.getBoundingClientRect(),
      }))
      const waits = [...row.querySelectorAll('.tl-wait')].map((wait) =>
        wait.getBoundingClientRect(),
      )
      for (const { text, box } of bars)
        if (box.right > rowBox.right + 0.5)
          problems.push(
            `${name}: bar ${text} ends at ${box.right}, row at ${rowBox.right}`,
          )
      for (const wait of waits) {
        if (wait.right > rowBox.right + 0.5)
          problems.push(
            `${name}: a wait ends at ${wait.right}, row at ${rowBox.right}`,
          )
        for (const { text, box } of bars)
          if (wait.left < box.right - 0.5 && wait.right > box.left + 0.5)
            problems.push(
              `${name}: a wait (${wait.left}–${wait.right}) crosses bar ${text} (${box.left}–${box.right})`,
            )
      }
      const outcome = row.querySelector('.tl-outcome')
      if (outcome) {
        const box = outcome.getBoundingClientRect()
        if (
          outcome.scrollWidth > outcome.clientWidth + 1 ||
          box.right > rowBox.right + 0.5
        )
          problems.push(
            `${name}: the outcome “${outcome.textContent}” is cut (${box.right} of ${rowBox.right})`,
          )
      }
    }
    return problems
  })
}

async function runGetOrders(page: Page) {
  const form = page.getByRole('form', { name: 'Run a request' })
  await form
    .getByRole('button', { name: 'GET /api/orders', exact: true })
    .click()
  await form.getByRole('button', { name: 'Run', exact: true }).click()
  return form
}

test('upstream down twice, then a GET: two backoff waits with their reasons, at 16×', async ({
  page,
}) => {
  await page.goto('/?view=timeline')
  await expect(
    page.getByRole('heading', { name: 'Retry timeline' }),
  ).toBeVisible()
  // The playground's own demo speed: the client's waits run 16× faster, drawn at nominal length.
  await page.getByRole('radio', { name: '16×' }).check()
  await expect(page.getByLabel('Demo speed (playground only)')).toHaveValue(
    '16',
  )

  await addPreset(page, 'Upstream down twice')
  const form = await runGetOrders(page)
  await expect(form.getByRole('status')).toHaveText('GET /api/orders: 200 OK')

  const row = page.getByRole('listitem', { name: 'GET /api/orders' })
  await expect(
    row.getByText('200 OK, succeeded after 3 attempts'),
  ).toBeVisible()
  const steps = row.getByRole('list', { name: /Attempts and waits/ })
  await expect(steps.getByRole('listitem')).toHaveCount(5)
  await expect(steps.getByRole('listitem').nth(0)).toHaveText(
    /^Attempt 1: 503 Service Unavailable/,
  )
  await expect(steps.getByRole('listitem').nth(1)).toHaveText(
    /^Wait 1\.\d+ s: backoff 2\^0 s \+ 0\.\d\d s jitter$/,
  )
  await expect(steps.getByRole('listitem').nth(2)).toHaveText(
    /^Attempt 2: 503 Service Unavailable/,
  )
  await expect(steps.getByRole('listitem').nth(3)).toHaveText(
    /^Wait 2(\.\d+)? s: backoff 2\^1 s \+ 0\.\d\d s jitter$/,
  )
  await expect(steps.getByRole('listitem').nth(4)).toHaveText(
    /^Attempt 3: 200 OK/,
  )
  // A GET carries no idempotency key.
  await expect(row.getByText('Idempotency-Key')).toHaveCount(0)

  // Zoom: fit by default, then a fixed scale; the steps stay the same.
  const zoom = page.getByRole('group', { name: 'Zoom' })
  await expect(zoom.getByRole('button', { name: 'Fit' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await zoom.getByRole('button', { name: 'Zoom out' }).click()
  await expect(zoom.getByRole('button', { name: 'Fit' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
  await zoom.getByRole('button', { name: 'Fit' }).click()

  // Measured, not only seen: on Fit every bar ends inside its row, no wait line crosses a bar's
  // label, and the outcome is whole, at both widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 })
    await expect
      .poll(() => timelineOverlaps(page), { message: `at ${width} px` })
      .toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 800 })

  await screenshotWideAndNarrow(page, 'timeline')

  await page.getByRole('button', { name: 'Clear timeline' }).click()
  await expect(page.getByRole('list', { name: 'Operations' })).toHaveCount(0)
  await expect(page.getByText('No operations yet.')).toBeVisible()
})

test('a 429 with Retry-After 2 is honoured: the wait is labelled Retry-After 2 s and runs live', async ({
  page,
}) => {
  await page.goto('/?view=timeline')
  await addPreset(page, 'Rate limited')
  // 1×: the real client waits the whole 2 s, so the running wait can be watched.
  const form = await runGetOrders(page)
  const row = page.getByRole('listitem', { name: 'GET /api/orders' })
  const steps = row.getByRole('list', { name: /Attempts and waits/ })
  await expect(row.getByText('running…')).toBeVisible()
  const wait = steps
    .getByRole('listitem')
    .filter({ hasText: 'Retry-After 2 s' })
  await expect(wait).toHaveText(
    /^Wait 2 s: Retry-After 2 s \(waiting… .* so far\)$/,
  )
  await saveScreenshot(page, {
    path: 'test-results/screenshots/timeline-waiting.png',
    fullPage: true,
  })
  await expect(form.getByRole('status')).toHaveText('GET /api/orders: 200 OK', {
    timeout: 8_000,
  })
  await expect(wait).toHaveText('Wait 2 s: Retry-After 2 s')
  await expect(steps.getByRole('listitem').first()).toHaveText(
    /^Attempt 1: 429 Too Many Requests/,
  )
  await expect(
    row.getByText('200 OK, succeeded after 2 attempts'),
  ).toBeVisible()
})

test('a POST run from the timeline shows its idempotency key once', async ({
  page,
}) => {
  await page.goto('/?view=timeline')
  await page.getByRole('radio', { name: '16×' }).check()
  await addPreset(page, 'Network error once', {
    method: 'POST',
    path: '/api/payments',
  })
  const form = page.getByRole('form', { name: 'Run a request' })
  await form
    .getByRole('button', { name: 'POST /api/payments', exact: true })
    .click()
  await form
    .getByLabel('JSON body')
    .fill('{ "amount": 990, "currency": "eur" }')
  await form.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(form.getByRole('status')).toHaveText(
    'POST /api/payments: 201 Created',
  )
  const row = page.getByRole('listitem', { name: 'POST /api/payments' })
  await expect(row.getByText('Idempotency-Key')).toHaveCount(1)
  await expect(row.getByRole('list').getByRole('listitem')).toHaveCount(3)

  // A body that is not JSON is caught before anything is sent.
  await form.getByLabel('JSON body').fill('{ amount: 1 }')
  await form.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(form.getByText(/The body is not valid JSON/)).toBeVisible()
  await expect(form.getByLabel('JSON body')).toHaveAttribute(
    'aria-invalid',
    'true',
  )
})

test("other clients' traffic is rebuilt from what the mock sees, with its verdicts", async ({
  page,
}) => {
  await page.goto('/?view=timeline')
  await runGetOrders(page) // the reference client: drawn above, not rebuilt
  // Code of the page that is not the reference client: it reads a failed transfer (422) twice.
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++)
      await fetch('/api/transfers/2', {
        headers: { Authorization: 'Bearer customer-1-token' },
      })
  })
  const rebuilt = page.getByRole('region', {
    name: 'Other traffic rebuilt from what the mock sees',
  })
  const row = rebuilt.getByRole('listitem', { name: 'GET /api/transfers/2' })
  await expect(row).toContainText('2 attempts · 1 violation')
  await expect(
    rebuilt.getByRole('listitem', { name: 'GET /api/orders' }),
  ).toHaveCount(0)
  await row.getByText('/api/transfers/2').click()
  await expect(
    row.getByRole('list', { name: 'Verdicts on GET /api/transfers/2' }),
  ).toContainText('Violation (retried-non-retriable)')
  // The same operations as data, through the service worker: they match the published schema.
  const body = await page.evaluate(async () =>
    (await fetch('/__mock/operations')).json(),
  )
  const ajv = new Ajv2020({ allErrors: true })
  // ajv-formats is CommonJS with a default export that TypeScript sees one level down.
  ;(addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020)(ajv)
  const validate = ajv.compile(operationsJsonSchema)
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
  expect(
    (body as { operations: { path: string }[] }).operations.map(
      (op) => op.path,
    ),
  ).toEqual(['/api/orders', '/api/transfers/2'])
  await screenshotWideAndNarrow(page, 'timeline-other-traffic')
})
