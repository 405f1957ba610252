import { raceAbort, type Clock, type Random, type Sleep } from '../clock.ts'
import { NetworkError, type AttemptRecord } from '../errors.ts'
import type {
  ClientEvent,
  OperationEventBase,
  RequestOutcome,
} from '../events.ts'
import { drainBody } from './drain-body.ts'
import { decideRetry, type AttemptResult, type RetryPolicy } from './policy.ts'
import { runAttempt } from './run-attempt.ts'

export interface RetryRun {
  readonly operation: Omit<OperationEventBase, 'time'>
  readonly createRequest: (signal: AbortSignal) => Request
  /** A POST without an idempotency key: retried on 429 only. */
  readonly keyless: boolean
  readonly signal: AbortSignal | undefined
  readonly policy: RetryPolicy
  readonly fetch: (request: Request) => Promise<Response>
  readonly clock: Clock
  readonly sleep: Sleep
  readonly random: Random
  readonly emit: (event: ClientEvent) => void
}

type Ended =
  | AttemptResult
  | { readonly kind: 'aborted'; readonly error: unknown }

function failureMessage(
  run: RetryRun,
  outcome: RequestOutcome,
  attempts: number,
): string {
  const { method, url } = run.operation
  const advice =
    outcome === 'not-retried'
      ? 'The POST was sent without an idempotency key, so it was not retried: repeating it could run it twice. Let the client add a key to make retries safe.'
      : 'Check that the server is reachable, or raise attempts or timeoutMs in createClient().'
  const count = `${attempts} attempt${attempts === 1 ? '' : 's'}`
  return `Failed to ${method} ${url}: no response after ${count}. ${advice}`
}

/**
 * Runs one logical operation: attempts, the waits between them, and an event for each. Resolves with
 * the final response, whatever its status (the conventions return the last response when attempts
 * run out); rejects with a {@link NetworkError} when the last attempt got no response, and with the
 * signal's reason when the caller aborts.
 */
export async function runWithRetry(run: RetryRun): Promise<Response> {
  const { operation, clock, emit, signal } = run
  const records: AttemptRecord[] = []

  const endAttempt = (attempt: number, startedAt: number, ended: Ended) => {
    const time = clock()
    const response = ended.kind === 'response' ? ended.response : null
    const record: AttemptRecord = {
      attempt,
      startedAt,
      durationMs: time - startedAt,
      status: response?.status ?? null,
      errorKind:
        ended.kind === 'response'
          ? null
          : ended.kind === 'error'
            ? ended.errorKind
            : 'aborted',
      error: ended.kind === 'response' ? null : ended.error,
    }
    records.push(record)
    const replayed = response?.headers.get('Idempotent-Replayed') === 'true'
    const { durationMs, status, errorKind: error } = record
    emit({
      type: 'attempt:end',
      ...operation,
      time,
      attempt,
      durationMs,
      status,
      error,
      replayed,
    })
    return record
  }
  const endOperation = (
    outcome: RequestOutcome,
    last: AttemptRecord,
    retryAfterMs?: number,
  ) => {
    const { status, errorKind } = last
    const error = outcome === 'aborted' ? 'aborted' : errorKind
    const attempts = records.length
    emit({
      type: 'request:end',
      ...operation,
      time: clock(),
      outcome,
      status,
      error,
      attempts,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    })
  }

  signal?.throwIfAborted()
  for (let attempt = 0; ; attempt += 1) {
    const startedAt = clock()
    emit({ type: 'attempt:start', ...operation, time: startedAt, attempt })
    let result: AttemptResult
    try {
      result = await runAttempt({ ...run, timeoutMs: run.policy.timeoutMs })
    } catch (reason) {
      endOperation(
        'aborted',
        endAttempt(attempt, startedAt, { kind: 'aborted', error: reason }),
      )
      throw reason
    }
    const record = endAttempt(attempt, startedAt, result)
    const { keyless, random, policy } = run
    const decision = decideRetry({
      attempt,
      result,
      keyless,
      now: clock(),
      random,
      policy,
    })
    if (!decision.retry) {
      endOperation(decision.outcome, record, decision.retryAfterMs)
      if (result.kind === 'response') return result.response
      const message = failureMessage(run, decision.outcome, records.length)
      throw new NetworkError(message, records, { cause: result.error })
    }
    emit({
      type: 'retry:scheduled',
      ...operation,
      time: clock(),
      attempt,
      ...decision.delay,
    })
    // The retried body is read to its end during the wait, so devtools shows the problem the
    // server sent and the connection is released; the next attempt waits for both.
    const drained =
      result.kind === 'response'
        ? drainBody(result.response, policy.timeoutMs)
        : undefined
    try {
      await raceAbort(
        Promise.all([run.sleep(decision.delay.delayMs, signal), drained]),
        signal,
      )
    } catch (reason) {
      if (signal?.aborted) endOperation('aborted', record)
      throw reason
    }
  }
}
