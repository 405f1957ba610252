/**
 * The mock's clock: real time plus an offset that tests and the control API can advance. Timestamps,
 * idempotency-key expiry and rate windows all read it, so a day of mock time passes in one call.
 */
export interface MockClock {
  now(): number
  iso(): string
  advance(ms: number): void
  reset(): void
  /** How far the clock runs ahead of its source: what a store keeps across restarts. */
  offset(): number
  setOffset(ms: number): void
}

export function createClock(source: () => number = Date.now): MockClock {
  let offset = 0
  return {
    now: () => source() + offset,
    iso: () => new Date(source() + offset).toISOString(),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) {
        throw new RangeError(
          `Failed to advance the mock clock: advanceMs must be a finite number ≥ 0, got ${ms}.`,
        )
      }
      offset += ms
    },
    reset() {
      offset = 0
    },
    offset: () => offset,
    setOffset(ms) {
      if (Number.isFinite(ms) && ms >= 0) offset = ms
    },
  }
}
