import type { FaultRule, faultStatuses } from '../faults/fault-rule.ts'
import { HttpResponse } from '../http-response.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage, StageContext } from '../request-state.ts'
import type { ProblemSlug } from '../problems/catalogue.ts'
import type { Runtime } from '../runtime.ts'
import type { StageAnswers } from './stage-answers.ts'

const statusSlug: Record<(typeof faultStatuses)[number], ProblemSlug> = {
  429: 'rate-limited',
  500: 'internal-error',
  502: 'bad-gateway',
  503: 'service-unavailable',
  504: 'gateway-timeout',
}

/**
 * Waits until the caller gives up. msw's browser worker does not pass a page's abort on to the
 * handler, so there the wait also ends after `limitMs`: a hang never outlives its caller for long.
 */
async function untilAbandoned(
  signal: AbortSignal,
  limitMs: number,
  sleep: Runtime['options']['sleep'],
) {
  if (signal.aborted) return
  const stop = new AbortController()
  const abandoned = new Promise<void>((resolve) =>
    signal.addEventListener('abort', () => resolve(), {
      once: true,
      signal: stop.signal,
    }),
  )
  const limit = sleep(limitMs, stop.signal).catch(() => {})
  await Promise.race([abandoned, limit])
  stop.abort()
}

/**
 * Injected faults stand for the network and the gateway, so they come before every other check.
 * `lose-response` is the exception: the operation runs (and its idempotent result is stored), then
 * the caller sees a network error, as when a connection drops after the server committed.
 */
export const faults: Stage = (c, next) => {
  const { state, runtime } = c.env
  const rule = runtime.faults.take(c.req.method.toUpperCase(), state.path)
  return rule ? inject(c, next, rule) : next()
}

async function inject(
  c: StageContext,
  next: () => Promise<void>,
  rule: FaultRule,
) {
  const { state, runtime } = c.env
  const { effect } = rule
  state.fault = `${rule.id} ${effect.kind}`
  switch (effect.kind) {
    case 'status':
      return fail(statusSlug[effect.status], {
        detail: `Injected fault ${rule.id}: the gateway answered ${effect.status}.`,
        ...(effect.retryAfter !== undefined && {
          headers: { 'Retry-After': String(effect.retryAfter) },
        }),
      })
    case 'network-error':
      state.networkError = true
      return HttpResponse.empty({ status: 200 })
    case 'hang':
      // Never answers: it ends only when the caller gives up, and holds no timer meanwhile.
      await untilAbandoned(
        c.req.raw.signal,
        runtime.options.hangLimitMs,
        runtime.options.sleep,
      )
      state.networkError = true
      return HttpResponse.empty({ status: 200 })
    case 'delay':
      await runtime.options.sleep(effect.ms, c.req.raw.signal)
      return next()
    case 'lose-response':
      await next()
      state.networkError = true
      return
  }
}

/** A fault stands for the network and the gateway: any request may meet one. */
export const faultsAnswers: StageAnswers = {
  problems: () => [
    'rate-limited',
    'internal-error',
    'bad-gateway',
    'service-unavailable',
    'gateway-timeout',
  ],
  headers: (_, status) =>
    Object.hasOwn(statusSlug, status) ? ['Retry-After'] : [],
}
