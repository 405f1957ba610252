import type { MockClock } from '../clock.ts'
import type { RateLimitConfig } from '../mock-config.ts'

export { defaultRateLimit } from '../mock-config.ts'

interface Window {
  startedAt: number
  used: number
}

export interface RateDecision {
  allowed: boolean
  remaining: number
  /** Whole seconds until the window resets, ≥ 1. */
  resetSeconds: number
}

/** Fixed windows per principal on the mock clock: advancing the clock past a window resets it. */
export class RateLimiter {
  private windows = new Map<string, Window>()
  private readonly clock: MockClock

  constructor(clock: MockClock) {
    this.clock = clock
  }

  take(key: string, config: RateLimitConfig): RateDecision {
    const now = this.clock.now()
    const length = config.windowSeconds * 1000
    let window = this.windows.get(key)
    if (!window || now >= window.startedAt + length || now < window.startedAt) {
      window = { startedAt: now, used: 0 }
      this.windows.set(key, window)
    }
    const resetSeconds = Math.max(
      1,
      Math.ceil((window.startedAt + length - now) / 1000),
    )
    if (window.used >= config.limit)
      return { allowed: false, remaining: 0, resetSeconds }
    window.used += 1
    return {
      allowed: true,
      remaining: config.limit - window.used,
      resetSeconds,
    }
  }

  /** Gives back a request that turned out not to count (a 403). */
  refund(key: string) {
    const window = this.windows.get(key)
    if (window && window.used > 0) window.used -= 1
  }

  reset() {
    this.windows.clear()
  }

  /** The windows as plain values, for a store shared by replicas. */
  save(): [string, Window][] {
    return [...this.windows].map(([key, window]) => [key, { ...window }])
  }

  /** Puts back windows `save()` gave (every replica counts one quota). */
  restore(windows: readonly [string, Window][]) {
    this.windows = new Map(windows.map(([key, window]) => [key, { ...window }]))
  }
}
