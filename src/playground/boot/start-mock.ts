import type { MockApi } from '../../mock-server/index.ts'
import { startMockWorker } from '../../msw/browser.ts'
import { exchangeLog } from '../services/exchange-log.ts'
import { VirtualClock } from '../services/virtual-clock.ts'
import {
  clearPersisted,
  loadPersisted,
  savePersisted,
  type PersistedPlayground,
} from './persisted-state.ts'

export interface BootResult {
  api: MockApi
  /** The clock the mock runs on, for the client to share. */
  clock: VirtualClock
  /** A message for the user when saved data had to be discarded. */
  storageNotice: string | null
}

function capture(api: MockApi): PersistedPlayground {
  return {
    version: 1,
    state: api.state.snapshot(),
    faults: api.faults
      .list()
      .map(({ id: _id, matched: _matched, fired: _fired, ...rule }) => rule),
    config: api.config.get(),
  }
}

/**
 * Starts the service worker with the mock behind it, restoring what the user had before the
 * reload. Corrupted storage is detected, discarded and reported; it never blanks the page.
 */
export async function startMock(
  storage: Storage = window.localStorage,
  clock: VirtualClock = new VirtualClock(),
): Promise<BootResult> {
  const loaded = loadPersisted(storage)
  let storageNotice =
    loaded.kind === 'corrupted'
      ? `Saved playground data could not be read (${loaded.reason}); the mock started from its seed data.`
      : null
  const api = await startMockWorker({
    now: clock.now,
    sleep: clock.sleep,
    // The worker does not pass a page's abort on, so a hang fault waits out this limit after the
    // client gave up; a minute keeps that short without ending a hang the client still waits for.
    hangLimitMs: 60_000,
  })
  exchangeLog.attach(api)
  if (loaded.kind === 'loaded') {
    try {
      api.state.restore(loaded.value.state)
      api.config.update(loaded.value.config)
      for (const rule of loaded.value.faults) api.faults.add(rule)
    } catch (error) {
      api.reset()
      storageNotice = `Saved playground data was invalid (${error instanceof Error ? error.message : String(error)}); the mock started from its seed data.`
    }
  }
  if (storageNotice) clearPersisted(storage)
  let timer: ReturnType<typeof setTimeout> | undefined
  const saveNow = () => {
    clearTimeout(timer)
    timer = undefined
    savePersisted(storage, capture(api))
  }
  api.subscribe((event) => {
    if (event.type === 'request' || event.type === 'journal') return
    clearTimeout(timer)
    // Coalesces bursts (a scenario makes many changes) into one write.
    timer = setTimeout(saveNow, 50)
  })
  window.addEventListener('pagehide', () => {
    if (timer !== undefined) saveNow()
  })
  return { api, clock, storageNotice }
}
