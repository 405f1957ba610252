import type { Stage } from '../request-state.ts'

/** The mock's processing time (`latencyMs`): spent while an idempotency key is held in flight. */
export const latency: Stage = async (c, next) => {
  const ms = c.env.runtime.config.latencyMs
  if (ms > 0) await c.env.runtime.options.sleep(ms, c.req.raw.signal)
  await next()
}
