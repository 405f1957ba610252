import { fail, type Stage } from '../pipeline.ts'
import { ProblemError } from '../problems/problem-error.ts'
import type { IdempotencyRecord, StoredResponse } from '../store/types.ts'
import { canonicalJson, parseIdempotencyKey } from './idempotency-key.ts'

/** Problems raised once the operation has begun executing: their answer is the operation's result. */
const EXECUTED_PROBLEMS = new Set(['state-conflict', 'insufficient-funds'])
const STORED_HEADERS = ['Location', 'ETag', 'Content-Type']

/**
 * A result is stored once the operation has executed: a success, or a problem it raised itself. An
 * unexpected exception stores nothing, so the same key may be retried (no operation commits before
 * its last synchronous step, so nothing ran twice).
 */
function isStorable(response: Response, error: unknown) {
  if (error instanceof ProblemError) return EXECUTED_PROBLEMS.has(error.slug)
  if (error !== undefined) return false
  return response.status < 400
}

/** Routes where strict mode requires a key: the ones that move money. */
export function requiresKey(basePath: string, path: string) {
  const rest = path.startsWith(basePath) ? path.slice(basePath.length) : ''
  return /^\/(payments|transfers)$|^\/orders\/[^/]+\/payment$/.test(rest)
}

/**
 * Idempotency-Key on every POST (contract section 8): the first request with a key runs and its
 * result is stored; a repeat gets the stored bytes with `Idempotent-Replayed: true`; a repeat while the
 * first is running gets 409; the same key with another body gets 422. Claiming a key is synchronous,
 * so concurrent requests with one key execute the operation at most once.
 */
export const idempotency: Stage = async (c, next) => {
  const { state, runtime } = c.env
  if (c.req.method.toUpperCase() !== 'POST' || !state.principal) return next()
  const key = parseIdempotencyKey(c.req.header('Idempotency-Key'))
  if (key === null) {
    if (
      runtime.config.requireIdempotencyKey &&
      requiresKey(runtime.basePath, state.path)
    ) {
      fail('idempotency-key-missing', {
        detail: `POST ${state.path} needs an Idempotency-Key header (strict mode): generate one per logical operation and reuse it on every retry.`,
      })
    }
    return next()
  }
  state.idempotencyKey = key
  const now = runtime.clock.now()
  const scope = `${state.principal.id} POST ${state.path} ${key}`
  const fingerprint = state.body === undefined ? '' : canonicalJson(state.body)
  const table = runtime.db.idempotency
  let record = table.get(scope)
  if (record && Date.parse(record.expiresAt) <= now) {
    table.delete(scope)
    record = undefined
  }
  if (record) {
    if (record.fingerprint !== fingerprint) {
      fail('idempotency-key-reused', {
        detail: `The Idempotency-Key "${key}" was already used with a different request body. Use a new key for a new operation.`,
      })
    }
    if (record.state === 'in-flight' || !record.response) {
      fail('idempotency-key-in-use', {
        detail: `A request with the Idempotency-Key "${key}" is still being processed. Retry after a second to get its result.`,
        headers: { 'Retry-After': '1' },
      })
    }
    state.replayed = true
    const stored = record.response
    return new Response(stored.body, {
      status: stored.status,
      headers: {
        ...stored.headers,
        'Cache-Control': 'no-store',
        'Idempotent-Replayed': 'true',
      },
    })
  }
  const claimed: IdempotencyRecord = {
    scope,
    key,
    method: 'POST',
    path: state.path,
    principal: state.principal.id,
    fingerprint,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + runtime.options.idempotencyTtlMs).toISOString(),
    state: 'in-flight',
    response: null,
  }
  table.set(scope, claimed)
  try {
    await next()
  } catch (error) {
    table.delete(scope)
    throw error
  }
  if (table.get(scope) !== claimed) return // a reset or restore ran meanwhile: keep nothing
  if (!isStorable(c.res, c.error)) {
    table.delete(scope)
    return
  }
  const body = await c.res.clone().text()
  const headers: Record<string, string> = {}
  for (const name of STORED_HEADERS) {
    const value = c.res.headers.get(name)
    if (value !== null) headers[name] = value
  }
  const response: StoredResponse = { status: c.res.status, body, headers }
  table.set(scope, { ...claimed, state: 'completed', response })
}
