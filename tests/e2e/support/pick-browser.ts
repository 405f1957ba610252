import { chromium } from '@playwright/test'
import { existsSync } from 'node:fs'

export interface PickedBrowser {
  /** Where the choice came from, printed at the start of a run. */
  source:
    | 'CHROMIUM_PATH'
    | "Playwright's own browser"
    | 'system Chromium headless shell'
    | 'system Chromium'
    | '@sparticuz/chromium (npm registry)'
  executablePath: string
}

const systemChromium = '/usr/bin/chromium'
/**
 * Debian's `chromium-headless-shell`: the same Chromium built as the headless shell, which is what
 * Playwright itself launches for a headless run. Opening a page of the playground in a new context
 * took it about 1.4 CPU seconds, against 3.2 in the full browser's headless mode.
 */
const systemHeadlessShell = '/usr/bin/chromium-headless-shell'

/**
 * Chromium from npm: `@sparticuz/chromium` carries a headless Chromium inside the package and
 * unpacks it into the temp folder (about 2 s the first time). Its `executablePath()` also points
 * LD_LIBRARY_PATH and FONTCONFIG_PATH at the libraries and fonts it unpacks, which the launched
 * browser inherits.
 */
async function npmChromium(): Promise<PickedBrowser> {
  const { default: sparticuz } = await import('@sparticuz/chromium')
  return {
    source: '@sparticuz/chromium (npm registry)',
    executablePath: await sparticuz.executablePath(),
  }
}

/**
 * The Chromium the end-to-end run drives, first found wins: `CHROMIUM_PATH`, a browser installed by
 * `npx playwright install`, the system's headless shell (`/usr/bin/chromium-headless-shell`), the
 * system's `/usr/bin/chromium`, then the one from the npm registry, so a fresh machine needs
 * nothing but `npm install`. `E2E_BROWSER=sparticuz` forces the npm one.
 */
export async function pickBrowser(
  env: NodeJS.ProcessEnv = process.env,
): Promise<PickedBrowser> {
  if (env.E2E_BROWSER === 'sparticuz') return npmChromium()
  if (env.E2E_BROWSER !== undefined && env.E2E_BROWSER !== '')
    throw new Error(
      `E2E_BROWSER must be "sparticuz" (the Chromium from the npm registry) or unset, got "${env.E2E_BROWSER}".`,
    )
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH))
      throw new Error(
        `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, but no file is there. Unset it to let the run find a browser.`,
      )
    return { source: 'CHROMIUM_PATH', executablePath: env.CHROMIUM_PATH }
  }
  let playwrights = ''
  try {
    playwrights = chromium.executablePath()
  } catch {
    // No browser registry for this platform: fall through to the others.
  }
  if (playwrights && existsSync(playwrights))
    return {
      source: "Playwright's own browser",
      executablePath: playwrights,
    }
  if (existsSync(systemHeadlessShell))
    return {
      source: 'system Chromium headless shell',
      executablePath: systemHeadlessShell,
    }
  if (existsSync(systemChromium))
    return { source: 'system Chromium', executablePath: systemChromium }
  return npmChromium()
}
