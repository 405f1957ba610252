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
  ids: ['S'],
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
    const shared: number[] = []
    const plain: number[] = []
    try {
      for (let round = 0; round < rounds; round++) {
        // A fresh profile each round: a new leading tab, a new service worker.
        const context = await browser.newContext()
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
        shared.push(result.shared)
        plain.push(result.plain)
        await context.close()
      }
    } finally {
      await browser.close()
      await server.close()
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const ratio = median(shared) / median(plain)
    return [
      {
        id: 'S',
        measure:
          'Chromium: a read through the service worker, shared mock vs a plain msw handler (median)',
        figure: ms(median(shared)),
        baseline: ms(median(plain)),
        ratio: times(ratio),
        target: `≤ ${TARGET_RATIO}×`,
        result: verdict(ratio <= TARGET_RATIO),
      },
    ]
  },
}
