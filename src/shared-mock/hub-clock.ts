import { abortableSleep } from '../mock-server/options.ts'

/** How the hub waits on the clock of the tab it answers (see HubClock). */
export type TabSleep = (ms: number) => Promise<void>

/**
 * The shared mock's clock when tabs run on a virtual clock (the playground's demo speed). It
 * follows the tab it answers: it moves forward to that tab's time (never back), and the mock's
 * waits (latency, delay and hang faults) are waited on that tab's clock. So at 16× a 1.5 s delay
 * passes in a sixteenth of the time yet measures 1.5 s on both sides, and a `Retry-After` the client
 * waited on its clock has passed on the mock's too.
 */
export class HubClock {
  private anchorReal: number
  private anchorVirtual: number
  private tabSleep: TabSleep | null = null
  private readonly deadlines = new Set<{ at: number }>()
  private readonly realNow: () => number

  constructor(realNow: () => number = () => performance.now()) {
    this.realNow = realNow
    this.anchorReal = realNow()
    this.anchorVirtual = Date.now()
  }

  readonly now = (): number => {
    const free = this.anchorVirtual + (this.realNow() - this.anchorReal)
    let cap = Infinity
    // While a wait runs elsewhere, this clock does not run past its end.
    for (const deadline of this.deadlines) cap = Math.min(cap, deadline.at)
    return Math.floor(Math.min(free, cap))
  }

  /** The tab whose request comes next: its time, and how to wait on its clock (null: real time). */
  follow(tabNow: number | null, tabSleep: TabSleep | null) {
    this.rebase()
    if (tabNow !== null && tabNow > this.anchorVirtual)
      this.anchorVirtual = tabNow
    this.tabSleep = tabSleep
  }

  readonly sleep = async (ms: number, signal?: AbortSignal) => {
    const wait = Math.max(0, ms)
    const tabSleep = this.tabSleep
    if (!tabSleep) return abortableSleep(wait, signal)
    this.rebase()
    const deadline = { at: this.anchorVirtual + wait }
    this.deadlines.add(deadline)
    try {
      await new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason)
        signal?.addEventListener('abort', () => reject(signal.reason), {
          once: true,
        })
        tabSleep(wait).then(resolve, reject)
      })
    } finally {
      this.rebase()
      this.deadlines.delete(deadline)
      if (!signal?.aborted && deadline.at > this.anchorVirtual)
        this.anchorVirtual = deadline.at
    }
  }

  private rebase() {
    const now = this.now()
    this.anchorReal = this.realNow()
    this.anchorVirtual = now
  }
}
