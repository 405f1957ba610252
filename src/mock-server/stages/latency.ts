import type { Stage } from '../request-state.ts'

/** The mock's processing time (`latencyMs`): spent while an idempotency key is held in flight. */
export const latency: Stage = (c, next) => {
  const ms = c.env.runtime.config.latencyMs
  if (ms <= 0) return next() // no promise of its own when there is no wait
  return c.env.runtime.options.sleep(ms, c.req.raw.signal).then(() => next())
}
