/**
 * The live, patchable settings and their defaults, as data. The options, the config patch and the
 * rate limiter each import this module; it imports none of them.
 */

export interface RateLimitConfig {
  limit: number
  windowSeconds: number
}

/** The live, patchable settings (`GET`/`PATCH /__mock/config`). */
export interface MockConfig {
  rateLimit: RateLimitConfig | false
  requireIdempotencyKey: boolean
  latencyMs: number
  seed: number
}

/** A principal's requests per window when nothing else is configured. */
export const defaultRateLimit: Readonly<RateLimitConfig> = Object.freeze({
  limit: 100,
  windowSeconds: 60,
})

export const defaultConfig: MockConfig = {
  rateLimit: { ...defaultRateLimit },
  requireIdempotencyKey: false,
  latencyMs: 0,
  seed: 1,
}
