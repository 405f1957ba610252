export const speeds = [1, 4, 16] as const
export type Speed = (typeof speeds)[number]

/** The client's time-out per attempt, on the playground's clock. */
export const CLIENT_TIMEOUT_MS = 5000

/**
 * The client's time-out in real milliseconds at `speed`×. The client times an attempt with a plain
 * timer; an attempt that lasts is one the mock makes wait (latency, a delay or a hang fault), and
 * while it waits the playground's clock runs `speed`× (see VirtualClock), so this is 5 s on that clock.
 */
export function clientTimeoutMs(speed: Speed): number {
  return CLIENT_TIMEOUT_MS / speed
}
