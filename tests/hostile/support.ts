import { expect } from 'vitest'
import { createMockApi, type MockApiOptions } from '../../src/index.ts'

export const ORIGIN = 'http://hypermock.test'
export const CUSTOMER = { Authorization: 'Bearer customer-1-token' }
export const ADMIN = { Authorization: 'Bearer admin-token' }
export const JSON_HEADERS = { 'Content-Type': 'application/json' }

/** Generous bounds: the bugs they guard against took seconds to hours and hundreds of megabytes. */
export const ANSWER_WITHIN_MS = 2_000
export const RSS_GROWTH_LIMIT = 200 * 1024 * 1024
/** Live heap a churn may leave behind: a healthy one leaves about none, a leak tens of megabytes. */
export const RETAINED_HEAP_LIMIT = 16 * 1024 * 1024

/** A mock instance answering direct calls, rate limit off unless told otherwise. */
export function mock(options: MockApiOptions = {}) {
  const api = createMockApi({ config: { rateLimit: false }, ...options })
  const call = (path: string, init: RequestInit = {}) =>
    api.fetch(new Request(`${ORIGIN}${path}`, init))
  const json = (
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    call(path, {
      method,
      headers: { ...JSON_HEADERS, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  return { api, call, json }
}

/** Runs `work` and asserts it finished within the stated time; returns its result. */
export async function within<T>(ms: number, work: () => Promise<T> | T) {
  const started = performance.now()
  const result = await work()
  const took = performance.now() - started
  expect(took, `took ${took.toFixed(0)} ms`).toBeLessThan(ms)
  return result
}

/** Resident memory growth across `work`, after a collection when `--expose-gc` allows one. */
export async function rssGrowth(work: () => Promise<unknown>) {
  const collect = (globalThis as { gc?: () => void }).gc
  collect?.()
  const before = process.memoryUsage().rss
  let peak = before
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  peak = Math.max(peak, process.memoryUsage().rss)
  return peak - before
}

/**
 * Live heap growth across `work`: the heap in use after a full collection, before and after. What
 * the work still holds, whatever the collector had not reached yet (which moves resident memory
 * with the machine's load). Needs `--expose-gc`.
 */
export async function retainedHeapGrowth(work: () => Promise<unknown>) {
  const collect = (globalThis as { gc?: () => void }).gc
  if (!collect) throw new Error('retainedHeapGrowth needs node --expose-gc')
  collect()
  const before = process.memoryUsage().heapUsed
  await work()
  collect()
  return process.memoryUsage().heapUsed - before
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`

/** JSON text nested `depth` levels: `{"a":{"a":...}}`. */
export function deepJson(depth: number) {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}
