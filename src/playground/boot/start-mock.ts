import { startMockWorker, type SharedMockApi } from '../../msw/browser.ts'
import { exchangeLog } from '../services/exchange-log.ts'
import { VirtualClock } from '../services/virtual-clock.ts'
import { migrateLegacySave } from './migrate-legacy-save.ts'

/** The IndexedDB database the playground keeps its mock in. */
export const PLAYGROUND_DATABASE = 'hypermock-playground'

export interface BootResult {
  api: SharedMockApi
  /** The clock this tab's client runs on (the demo speed). */
  clock: VirtualClock
  /** A message for the user when saved data had to be discarded. */
  storageNotice: string | null
}

/**
 * Starts the service worker with the origin's shared mock behind it, kept in IndexedDB so that it
 * is there after a reload; an older `localStorage` save is migrated once. Unreadable data is
 * discarded and reported; it never blanks the page.
 */
export async function startMock(
  storage: Storage = window.localStorage,
  clock: VirtualClock = new VirtualClock(),
): Promise<BootResult> {
  const api = await startMockWorker({
    shared: {
      database: PLAYGROUND_DATABASE,
      // The mock answers on this tab's clock: its delays pass at the demo speed too.
      clock: { now: clock.now, sleep: (ms) => clock.sleep(ms) },
    },
    // The worker does not pass a page's abort on, so a hang fault waits out this limit after the
    // client gave up; a minute keeps that short without ending a hang the client still waits for.
    hangLimitMs: 60_000,
  })
  exchangeLog.attach(api)
  const notices = api.shared.startupNotice ? [api.shared.startupNotice] : []
  notices.push(...(await migrateLegacySave(api.shared, storage)))
  return { api, clock, storageNotice: notices.join(' ') || null }
}
