import { defaultSleep } from '../../client/index.ts'

export const speeds = [1, 4, 16] as const
export type Speed = (typeof speeds)[number]

export const CLIENT_TIMEOUT_MS = 5000

/**
 * The playground's own demo setting, not part of the conventions: at `speed`× the client's clock,
 * its waits and its 5 s time-out all run that much faster in real time, so the timeline still shows
 * the nominal delays (a 2 s backoff is drawn as 2 s) while a demo takes a quarter of the time.
 */
export function demoTime(
  speed: Speed,
  realNow: () => number = () => performance.now(),
) {
  const realStart = realNow()
  const virtualStart = Date.now()
  return {
    now: () => virtualStart + (realNow() - realStart) * speed,
    sleep: (ms: number, signal?: AbortSignal) =>
      defaultSleep(ms / speed, signal),
    timeoutMs: CLIENT_TIMEOUT_MS / speed,
  }
}
