import { chromium } from '@playwright/test'
import { createServer } from 'vite'
import { pickBrowser } from '../../e2e/support/pick-browser.ts'
import { ms, times, verdict, type BenchRow } from '../row.ts'

/** A read the shared mock answers may cost this much more than one a plain msw handler answers. */
const TARGET_RATIO = 3

/**
 * Row S: in Chromium, a read through the real service worker answered by the shared mock (the
 * leading tab runs the declaration behind a MessagePort) against the same read answered by a plain
 * msw handler in the same page, medians of alternated reads, per round.
 */
export const sharedMockReadRows: BenchRow = {
  ids: ['S', 'S2'],
  async run({ rounds, log }) {
    log(
      '(S) shared mock read through the service worker vs a plain msw handler',
    )
    const server = await createServer({
      configFile: 'vite.config.ts',
      server: { port: 0, host: '127.0.0.1', strictPort: false },
      logLevel: 'error',
    })
    await server.listen()
    const address = server.httpServer!.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const browser = await chromium.launch({
      executablePath: (await pickBrowser()).executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu'],
    })
    // Per tab: the leading tab (its mock answers in the page) and another tab (over the channel).
    const sides = {
      leading: { shared: [] as number[], plain: [] as number[] },
      other: { shared: [] as number[], plain: [] as number[] },
    }
    try {
      for (let round = 0; round < rounds; round++) {
        // A fresh profile each round: a new leading tab, a new service worker.
        const context = await browser.newContext()
        for (const side of ['leading', 'other'] as const) {
          const page = await context.newPage()
          await page.goto(
            `http://127.0.0.1:${port}/tests/bench/browser/shared-read.html`,
          )
          const output = page.getByRole('status', { name: 'Result' })
          await output.filter({ hasNotText: 'starting' }).waitFor({
            timeout: 120_000,
          })
          const result = JSON.parse((await output.textContent()) ?? '') as {
            shared: number
            plain: number
          }
          sides[side].shared.push(result.shared)
          sides[side].plain.push(result.plain)
        }
        await context.close()
      }
    } finally {
      await browser.close()
      await server.close()
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const range = (values: number[]) =>
      `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`
    return (['leading', 'other'] as const).map((side, i) => {
      const { shared, plain } = sides[side]
      const ratio = median(shared) / median(plain)
      return {
        id: i === 0 ? 'S' : 'S2',
        measure:
          side === 'leading'
            ? 'Chromium: a read through the service worker in the tab running the shared mock, vs a plain msw handler'
            : 'Chromium: the same read in another tab (over the BroadcastChannel to the leading tab), vs a plain msw handler',
        figure: range(shared),
        baseline: range(plain),
        ratio: times(ratio),
        target: `≤ ${TARGET_RATIO}×`,
        result: verdict(ratio <= TARGET_RATIO),
      }
    })
  },
}
