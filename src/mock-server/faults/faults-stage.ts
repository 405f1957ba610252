import { fail, type Stage } from '../pipeline.ts'
import type { ProblemSlug } from '../problems/catalogue.ts'

const statusSlug: Record<number, ProblemSlug> = {
  429: 'rate-limited',
  500: 'internal-error',
  502: 'bad-gateway',
  503: 'service-unavailable',
  504: 'gateway-timeout',
}

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  )
}

/**
 * Injected faults stand for the network and the gateway, so they come before every other check.
 * `lose-response` is the exception: the operation runs (and its idempotent result is stored), then
 * the caller sees a network error, as when a connection drops after the server committed.
 */
export const faults: Stage = async (c, next) => {
  const { state, runtime } = c.env
  const rule = runtime.faults.take(c.req.method.toUpperCase(), state.path)
  if (!rule) return next()
  const { effect } = rule
  state.fault = `${rule.id} ${effect.kind}`
  switch (effect.kind) {
    case 'status':
      return fail(statusSlug[effect.status]!, {
        detail: `Injected fault ${rule.id}: the gateway answered ${effect.status}.`,
        ...(effect.retryAfter !== undefined && {
          headers: { 'Retry-After': String(effect.retryAfter) },
        }),
      })
    case 'network-error':
      state.networkError = true
      return new Response(null)
    case 'hang':
      // Never answers: it ends only when the caller gives up, and holds no timer meanwhile.
      await untilAborted(c.req.raw.signal)
      state.networkError = true
      return new Response(null)
    case 'delay':
      await runtime.options.sleep(effect.ms, c.req.raw.signal)
      return next()
    case 'lose-response':
      await next()
      state.networkError = true
      return
  }
}
