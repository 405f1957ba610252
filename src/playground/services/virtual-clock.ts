interface Sleeper {
  /** When it wakes, on the virtual clock. */
  readonly deadline: number
  /** Waits without speeding the clock up (a time-out watching work, not a wait). */
  readonly passive: boolean
  readonly resolve: () => void
}

/**
 * The playground's one clock, shared by the mock (its latency, delay and hang faults, rate-limit
 * windows, key expiry, journal times) and the reference client (its waits, attempt times and
 * time-out), so every duration is measured and drawn in the same time.
 *
 * The demo speed makes waiting faster, not work: while something sleeps on this clock, virtual time
 * runs `speed`× real time; while nothing sleeps, it runs at real time (a time-out's `deadline`
 * watches; it does not sleep). So at 16× a 1.5 s delay fault
 * or a 2 s backoff passes in a sixteenth of the time yet measures 1.5 s and 2 s, and a 25 ms answer
 * still measures 25 ms instead of sixteen times that. Both sides wait on the same clock, so a
 * `Retry-After: 2` waited by the client is 2 s in the mock's rate-limit window too: a set-up that
 * succeeds at 1× succeeds at every speed.
 */
export class VirtualClock {
  private speed: number
  private anchorReal: number
  private anchorVirtual: number
  private readonly sleepers = new Set<Sleeper>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly realNow: () => number

  constructor(
    speed = 1,
    realNow: () => number = () => performance.now(),
    epoch: number = Date.now(),
  ) {
    this.speed = speed
    this.realNow = realNow
    this.anchorReal = realNow()
    this.anchorVirtual = epoch
  }

  /**
   * Milliseconds since the epoch on the virtual clock (a `Date.now` stand-in). It never passes the
   * deadline of a sleeper not yet woken: a timer that fires late (a busy tab) would otherwise add
   * its lateness times the speed to every measured duration.
   */
  readonly now = (): number => {
    const free =
      this.anchorVirtual + (this.realNow() - this.anchorReal) * this.rate()
    // Whole milliseconds, like Date.now: journal durations and ISO times stay readable.
    return Math.floor(
      this.sleepers.size === 0 ? free : Math.min(free, this.nextDeadline()),
    )
  }

  getSpeed(): number {
    return this.speed
  }

  setSpeed(speed: number): void {
    if (!(speed > 0))
      throw new Error(`The demo speed must be > 0, got ${speed}.`)
    this.rebase()
    this.speed = speed
    this.schedule()
  }

  /** Waits `ms` on the virtual clock; rejects with the signal's reason when it aborts. */
  readonly sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
    this.wait(ms, false, signal)

  /**
   * Resolves once `ms` have passed on the virtual clock, without speeding it up: a time-out that
   * watches an attempt. While the mock makes the attempt wait (a latency, delay or hang fault
   * sleeps), the clock runs `speed`× and so does this; while the page itself is slow (a first
   * request through the service worker), the clock runs at real time, and the time-out does not
   * fire on work it would not fire on at 1×. Rejects with the signal's reason when it aborts.
   */
  readonly deadline = (ms: number, signal?: AbortSignal): Promise<void> =>
    this.wait(ms, true, signal)

  private wait(
    ms: number,
    passive: boolean,
    signal: AbortSignal | undefined,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as unknown)
        return
      }
      this.rebase()
      const sleeper: Sleeper = {
        deadline: this.anchorVirtual + Math.max(0, ms),
        passive,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
      }
      const onAbort = () => {
        this.rebase()
        this.sleepers.delete(sleeper)
        this.schedule()
        reject(signal?.reason as unknown)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.sleepers.add(sleeper)
      this.schedule()
    })
  }

  private rate(): number {
    for (const sleeper of this.sleepers) if (!sleeper.passive) return this.speed
    return 1
  }

  /** Makes the current instant the anchor; call before anything changes the rate. */
  private rebase(): void {
    const now = this.now()
    this.anchorReal = this.realNow()
    this.anchorVirtual = now
  }

  private nextDeadline(): number {
    let next = Infinity
    for (const sleeper of this.sleepers)
      if (sleeper.deadline < next) next = sleeper.deadline
    return next
  }

  private schedule(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.sleepers.size === 0) return
    const next = this.nextDeadline()
    const realMs = Math.max(0, (next - this.now()) / this.rate())
    this.timer = setTimeout(this.wake, realMs)
  }

  private readonly wake = () => {
    if (this.sleepers.size === 0) return
    this.rebase()
    // A timer rounds to whole milliseconds: the clock never shows a sleeper waking early.
    const next = this.nextDeadline()
    if (next > this.anchorVirtual) this.anchorVirtual = next
    for (const sleeper of this.sleepers) {
      if (sleeper.deadline > this.anchorVirtual) continue
      this.sleepers.delete(sleeper)
      sleeper.resolve()
    }
    this.schedule()
  }
}
