import { HttpResponse } from '../http-response.ts'
import { limits } from '../limits.ts'
import { draftOf, headerOf } from '../response-draft.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage, StageContext } from '../request-state.ts'
import { ProblemError } from '../problems/problem-error.ts'
import type { IdempotencyRecord, StoredResponse } from '../store/types.ts'
import {
  canonicalJson,
  parseIdempotencyKey,
} from '../idempotency/idempotency-key.ts'
import type { Runtime } from '../runtime.ts'
import type { StageAnswers } from './stage-answers.ts'

/**
 * The headers that are part of an operation's result, so a replay answers them as the first answer
 * did; `Hypermock-Stateless` marks an imported operation answered from its description.
 */
const STORED_HEADERS = [
  'Location',
  'ETag',
  'Content-Type',
  'Hypermock-Stateless',
]

/**
 * A result is stored once the operation has executed: a success, or a problem it raised itself. An
 * unexpected exception stores nothing, so the same key may be retried (no operation commits before
 * its last synchronous step, so nothing ran twice).
 */
function isStorable(runtime: Runtime, response: Response, error: unknown) {
  // Problems raised once the operation has begun (a state conflict, a declared domain problem):
  // their answer is the operation's result.
  if (error instanceof ProblemError)
    return runtime.api.problems.get(error.slug)?.stored === true
  if (error !== undefined) return false
  return response.status < 400
}

/** Statuses whose responses carry no body (a stored one may come from a snapshot). */
const NULL_BODY = new Set([204, 205, 304])

/** The stored answer, byte for byte, marked as a replay. */
function replay(stored: StoredResponse) {
  const init = {
    status: stored.status,
    headers: { ...stored.headers, 'Idempotent-Replayed': 'true' },
  }
  return NULL_BODY.has(stored.status)
    ? HttpResponse.empty(init)
    : HttpResponse.text(stored.body, init)
}

/**
 * Idempotency-Key on every POST (concepts/idempotency.md#idempotency-replay): the first request with a key runs and its
 * result is stored; a repeat gets the stored bytes with `Idempotent-Replayed: true`; a repeat while the
 * first is running gets 409; the same key with another body gets 422. Claiming a key is synchronous,
 * so concurrent requests with one key execute the operation at most once.
 */
export const idempotency: Stage = (c, next) =>
  c.req.method.toUpperCase() !== 'POST' || !c.env.state.principal
    ? next()
    : keyed(c, next)

async function keyed(c: StageContext, next: () => Promise<void>) {
  const { state, runtime } = c.env
  if (!state.principal) return next()
  const key = parseIdempotencyKey(c.req.header('idempotency-key'))
  if (key === null) {
    if (
      runtime.config.requireIdempotencyKey &&
      state.route?.spec.strictKey === true
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
  const db = runtime.db
  db.sweepExpired(now)
  let record = db.idempotency.get(scope)
  if (record?.state === 'completed' && Date.parse(record.expiresAt) <= now) {
    db.releaseKey(scope)
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
    return replay(record.response)
  }
  // The sweep above freed the oldest expired keys (a bounded number per request, keys expire in
  // the order made), so a mock at its limit frees room a few requests after keys expire.
  const max = runtime.options.maxIdempotencyKeys
  if (db.idempotency.size >= max) {
    fail('limit-exceeded', {
      detail: `The mock already holds ${max} unexpired idempotency keys, its limit (the maxIdempotencyKeys option). Send this request without a key, wait for keys to expire (POST /__mock/clock moves time), or reset the mock.`,
      extensions: { limit: 'idempotencyKeys', max },
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
    // Never past the clock's own range, so that a snapshot holding the key stays restorable.
    expiresAt: new Date(
      Math.min(now + runtime.options.idempotencyTtlMs, limits.clockMax),
    ).toISOString(),
    state: 'in-flight',
    response: null,
  }
  db.claimKey(claimed)
  state.claim = claimed
  // A restore or reset may replace the tables while this request waits; the claim moves with them,
  // so the record is looked up in whatever table is current, never in the one captured here.
  const release = () => {
    if (runtime.db.idempotency.get(scope) === claimed)
      runtime.db.releaseKey(scope)
  }
  try {
    await next()
  } catch (error) {
    release()
    throw error
  }
  const res = c.res
  if (!res || !isStorable(runtime, res, c.error)) return release()
  // A drafted answer's text is at hand: no clone of it to read.
  const body = draftOf(res)?.body ?? (await res.clone().text())
  // The operation wrote into data that a restore or reset has since replaced: its result is gone
  // with that data, so the key is free again and a retry executes against the data now current.
  if (
    state.committedIn !== runtime.db.generation ||
    runtime.db.idempotency.get(scope) !== claimed
  )
    return release()
  const headers: Record<string, string> = {}
  for (const name of STORED_HEADERS) {
    const value = headerOf(res, name)
    if (value !== null) headers[name] = value
  }
  const response: StoredResponse = { status: res.status, body, headers }
  // Stored with the operation's own writes, in one commit: after a crash, both or neither.
  runtime.db.completeKey(
    { ...claimed, state: 'completed', response },
    state.unit?.changes ?? null,
  )
}

export const idempotencyAnswers: StageAnswers = {
  problems: ({ method, route }) =>
    method !== 'POST'
      ? []
      : [
          'invalid-idempotency-key',
          'idempotency-key-in-use',
          'idempotency-key-reused',
          'limit-exceeded',
          ...(route.strictKey ? ['idempotency-key-missing'] : []),
        ],
  headers: (ctx, status, slugs) => {
    if (ctx.method !== 'POST') return []
    const replayed =
      typeof ctx.doc === 'object' &&
      (status < 400 || slugs.some((slug) => ctx.stored(slug)))
    return [
      ...(status === 409 ? (['Retry-After'] as const) : []),
      ...(replayed ? (['Idempotent-Replayed'] as const) : []),
    ]
  },
}
