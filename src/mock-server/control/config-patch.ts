import { z } from 'zod'
import { limits } from '../limits.ts'
import type { MockConfig } from '../mock-config.ts'
import { defaultRateLimit } from '../mock-config.ts'

const rateLimit = z.strictObject({
  limit: z
    .number({ error: 'must be a whole number of requests' })
    .int({ error: 'must be a whole number of requests' })
    .min(1, { error: 'must be ≥ 1' })
    .max(limits.rateLimitRequests, {
      error: `must be at most ${limits.rateLimitRequests}`,
    })
    .optional(),
  windowSeconds: z
    .number({ error: 'must be whole seconds' })
    .int({ error: 'must be whole seconds' })
    .min(1, { error: 'must be ≥ 1' })
    .max(limits.rateLimitWindowSeconds, {
      error: `must be at most ${limits.rateLimitWindowSeconds} (one day)`,
    })
    .optional(),
})

export const configPatchSchema = z.strictObject({
  rateLimit: z
    .union([z.literal(false), rateLimit], {
      error: 'must be false or { limit, windowSeconds }',
    })
    .optional(),
  requireIdempotencyKey: z
    .boolean({ error: 'must be true or false' })
    .optional(),
  latencyMs: z
    .number({ error: 'must be milliseconds' })
    .int({ error: 'must be whole milliseconds' })
    .min(0, { error: 'must be ≥ 0' })
    .max(limits.latencyMs, {
      error: `must be at most ${limits.latencyMs} (10 minutes)`,
    })
    .optional(),
  seed: z
    .number({ error: 'must be an integer' })
    .int({ error: 'must be an integer' })
    .min(Number.MIN_SAFE_INTEGER, { error: 'must be a safe integer' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'must be a safe integer' })
    .optional(),
})

export type ConfigPatch = z.infer<typeof configPatchSchema>

/** Merges a patch: `rateLimit` objects merge member-wise onto the current (or default) policy. */
export function mergeConfig(
  current: MockConfig,
  patch: ConfigPatch,
  fallback: MockConfig,
): MockConfig {
  const next: MockConfig = { ...current }
  if (patch.requireIdempotencyKey !== undefined)
    next.requireIdempotencyKey = patch.requireIdempotencyKey
  if (patch.latencyMs !== undefined) next.latencyMs = patch.latencyMs
  if (patch.seed !== undefined) next.seed = patch.seed
  if (patch.rateLimit === false) next.rateLimit = false
  else if (patch.rateLimit) {
    const base = current.rateLimit || fallback.rateLimit || defaultRateLimit
    next.rateLimit = {
      limit: patch.rateLimit.limit ?? base.limit,
      windowSeconds: patch.rateLimit.windowSeconds ?? base.windowSeconds,
    }
  }
  return next
}
