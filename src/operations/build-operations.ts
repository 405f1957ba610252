import type { JournalEntry } from '../mock-server/journal.ts'
import { classifyStatus, INFERENCE_WINDOW_MS } from './classify-status.ts'
import { groupRequests, type RequestGroup } from './group-requests.ts'
import { judgeOperation } from './judge-operation.ts'
import type { Attempt, Operation } from './operation.ts'
import { readWait } from './read-wait.ts'

const toAttempt = (entry: JournalEntry): Attempt => ({
  id: entry.id,
  requestId: entry.requestId,
  time: entry.time,
  startMs: entry.startMs,
  durationMs: entry.durationMs,
  status: entry.status,
  fault: entry.fault,
  idempotencyKey: entry.idempotencyKey,
  replayed: entry.replayed,
  retryAfter: entry.retryAfter,
  bodyFingerprint: entry.bodyFingerprint,
})

function toOperation(group: RequestGroup, now: number): Operation {
  const first = group.entries[0]!
  const attempts = group.entries.map(toAttempt)
  const last = attempts.at(-1)!
  const endMs = last.startMs + last.durationMs
  const waits = attempts.slice(1).map((attempt, i) => {
    const before = attempts[i]!
    return readWait(
      i + 1,
      Math.max(0, attempt.startMs - (before.startMs + before.durationMs)),
      before.retryAfter,
    )
  })
  const lastClass = classifyStatus(last.status)
  const failed = lastClass !== 'success'
  // After a retriable answer a retry may still come, until the window after it has passed.
  const window = INFERENCE_WINDOW_MS + (last.retryAfter ?? 0) * 1000
  const settled = lastClass !== 'retriable' || now > endMs + window
  return {
    id: `op-${first.id}`,
    method: first.method,
    path: first.path,
    search: first.search,
    grouping: group.grouping,
    idempotencyKey: first.idempotencyKey,
    correlationId: first.correlationId,
    attempts,
    waits,
    startMs: first.startMs,
    endMs,
    status: last.status,
    outcome: !failed ? 'succeeded' : settled ? 'failed' : 'waiting',
    verdicts: judgeOperation(first.method, attempts, waits, settled),
    ...(first.graphql && { graphql: first.graphql }),
  }
}

/**
 * The journal, read as logical operations with their waits and verdicts, oldest first. A pure
 * fold: it reads what the mock saw and never changes what the mock answers. `now` (mock-clock ms)
 * decides whether a failed operation may still get its retry.
 *
 * @example
 * buildOperations(api.journal.list(), Date.parse(api.clock.now()))
 */
export function buildOperations(
  entries: readonly JournalEntry[],
  now: number,
): Operation[] {
  return groupRequests(entries).map((group) => toOperation(group, now))
}
