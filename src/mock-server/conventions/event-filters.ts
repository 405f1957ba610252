/**
 * What a consumer of `<base>/events` asks for, whichever way it connects (Server-Sent Events or a
 * WebSocket): the types and subject it takes, where it stopped, and whether it may read an event.
 */
import type { Principal } from '../auth/tokens.ts'
import { fail } from '../problems/problem-error.ts'
import type { RouteContext } from '../route-spec.ts'
import type { StoredEvent } from '../store/state-event.ts'

const MAX_TYPES = 32
const MAX_PARAM_CHARS = 1_000
const TYPE_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

/** Whether the principal may read the event's record (as it was when the event was made). */
export function mayRead(principal: Principal, stored: StoredEvent) {
  if (stored.owners === null || principal.owns === 'all') return true
  const owns = principal.owns
  return stored.owners.some((key) => owns.includes(key))
}

/** What a consumer asked for: which events, and where it stopped (`after`, -1: nowhere). */
export interface Filters {
  types: Set<string> | null
  subject: string | null
  after: number
}

/** A resume point as `Last-Event-ID` or `last_event_id` carries it: -1 for none, NaN if invalid. */
export function resumePoint(text: string | null | undefined): number {
  if (text === null || text === undefined || text.trim() === '') return -1
  return /^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
}

export const RESUME_MESSAGE =
  'The id of the last event received: a whole number this stream sent as "id:".'

/** The filters of `?types=`, `?subject=`, and the resume point (`Last-Event-ID`, `?last_event_id=`). */
export function readFilters(ctx: RouteContext): Filters {
  const errors: { field: string; message: string }[] = []
  const query = ctx.url.searchParams
  let types: Set<string> | null = null
  const typesParam = query.get('types')
  if (typesParam !== null) {
    const list = typesParam.split(',').map((t) => t.trim())
    if (typesParam.length > MAX_PARAM_CHARS || list.length > MAX_TYPES)
      errors.push({
        field: 'types',
        message: `At most ${MAX_TYPES} types in ${MAX_PARAM_CHARS} characters.`,
      })
    else if (!list.every((t) => TYPE_PATTERN.test(t)))
      errors.push({
        field: 'types',
        message:
          'A comma-separated list of event types, each <collection>.<change>: plants.created,plants.harvest.',
      })
    else types = new Set(list)
  }
  const subject = query.get('subject')
  if (
    subject !== null &&
    (!subject.startsWith('/') || subject.length > MAX_PARAM_CHARS)
  )
    errors.push({
      field: 'subject',
      message: `A path starting with "/" (a record's, /plants/3, or a collection's, /plants), of at most ${MAX_PARAM_CHARS} characters.`,
    })
  const header = ctx.request.headers.get('Last-Event-ID')
  const field = header !== null ? 'Last-Event-ID' : 'last_event_id'
  const after = resumePoint(header ?? query.get('last_event_id'))
  if (Number.isNaN(after)) errors.push({ field, message: RESUME_MESSAGE })
  if (errors.length > 0)
    fail('invalid-query', {
      detail: `Cannot open the event stream: ${errors.map((e) => `${e.field}: ${e.message}`).join(' ')}`,
      extensions: { errors },
    })
  return { types, subject, after }
}

export function matches(filters: Filters, stored: StoredEvent) {
  if (filters.types && !filters.types.has(stored.event.type)) return false
  const { subject } = filters
  if (
    subject !== null &&
    stored.event.subject !== subject &&
    !stored.event.subject.startsWith(
      subject.endsWith('/') ? subject : `${subject}/`,
    )
  )
    return false
  return true
}
