import type { JournalEntry } from '../mock-server/journal.ts'
import {
  classifyStatus,
  INFERENCE_WINDOW_MS,
  TOLERANCE_MS,
} from './classify-status.ts'
import type { Grouping } from './operation.ts'

export interface RequestGroup {
  entries: JournalEntry[]
  grouping: Grouping
}

const STRENGTH: Record<Grouping, number> = { exact: 2, header: 1, inferred: 0 }
const weakest = (a: Grouping, b: Grouping) =>
  STRENGTH[a] <= STRENGTH[b] ? a : b

const endOf = (entry: JournalEntry) => entry.startMs + entry.durationMs
const shapeOf = (entry: JournalEntry) =>
  `${entry.method} ${entry.path}${entry.search} ${entry.bodyFingerprint ?? ''}`
const keyOf = (entry: JournalEntry) =>
  `${entry.method} ${entry.path} ${entry.idempotencyKey}`

/** Whether `entry` can be a retry of the group's last request by shape alone. */
function followsFailure(group: RequestGroup, entry: JournalEntry) {
  const last = group.entries.at(-1)!
  if (classifyStatus(last.status) === 'success') return false
  const end = endOf(last)
  const window = INFERENCE_WINDOW_MS + (last.retryAfter ?? 0) * 1000
  return entry.startMs >= end - TOLERANCE_MS && entry.startMs <= end + window
}

/**
 * Groups journal entries into logical operations, in order of arrival: by `Idempotency-Key` (same
 * method, path and key), else by the correlation header's value, else by the same method, URL and
 * body arriving after a failed answer, within a window. An operation is as strongly grouped as
 * its weakest link: a POST that sends a new key on each retry is tied by its shape, `inferred`.
 */
export function groupRequests(
  entries: readonly JournalEntry[],
): RequestGroup[] {
  const sorted = [...entries].sort(
    (a, b) => a.startMs - b.startMs || a.id - b.id,
  )
  const groups: RequestGroup[] = []
  const byKey = new Map<string, RequestGroup>()
  const byCorrelation = new Map<string, RequestGroup>()
  const byShape = new Map<string, RequestGroup>()
  for (const entry of sorted) {
    let group: RequestGroup | undefined
    let how: Grouping = 'inferred'
    if (entry.idempotencyKey !== null) {
      group = byKey.get(keyOf(entry))
      how = 'exact'
    }
    if (group === undefined && entry.correlationId !== null) {
      group = byCorrelation.get(entry.correlationId)
      how = 'header'
    }
    if (group === undefined) {
      const candidate = byShape.get(shapeOf(entry))
      if (candidate !== undefined && followsFailure(candidate, entry)) {
        group = candidate
        how = 'inferred'
      }
    }
    if (group === undefined) {
      const own: Grouping =
        entry.idempotencyKey !== null
          ? 'exact'
          : entry.correlationId !== null
            ? 'header'
            : 'inferred'
      group = { entries: [entry], grouping: own }
      groups.push(group)
    } else {
      group.entries.push(entry)
      group.grouping = weakest(group.grouping, how)
    }
    if (entry.idempotencyKey !== null) byKey.set(keyOf(entry), group)
    if (entry.correlationId !== null)
      byCorrelation.set(entry.correlationId, group)
    byShape.set(shapeOf(entry), group)
  }
  return groups
}
