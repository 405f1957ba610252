import type { Page } from '@playwright/test'
import { bigStateFrom } from '../../bench/big-state.ts'
import { createSeed } from '../../support/shop-fixtures.ts'

/**
 * Replaces the playground's state with the bench's `count` orders through the control API's
 * `PUT /__mock/state` (the same restore as the Data view's import). The state is built and
 * serialised in the page: only the seed and the count cross from the test, not the megabytes of
 * the file. The body is a Blob, as a file a page uploads: through the service worker, a 24 MB
 * string body costs Chromium far more (opening the page and sending 100,000 orders took 22
 * CPU-seconds with a string, 14.5 with a Blob). Resolves to the answer's status and the length of
 * the JSON the page sent.
 */
export async function putBigState(page: Page, count: number) {
  const build = await page.evaluateHandle<typeof bigStateFrom>(
    `(${bigStateFrom.toString()})`,
  )
  const sent = await page.evaluate(
    async ([build, seed, count]) => {
      const json = JSON.stringify(build(seed, count))
      const response = await fetch('/__mock/state', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: new Blob([json], { type: 'application/json' }),
      })
      return { status: response.status, length: json.length }
    },
    [build, createSeed(), count] as const,
  )
  await build.dispose()
  return sent
}
