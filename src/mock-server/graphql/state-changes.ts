import { mayRead } from '../conventions/event-stream.ts'
import type { Principal } from '../auth/tokens.ts'
import { limits } from '../limits.ts'
import type { StateEvents } from '../store/state-events.ts'
import type { CloudEventJson, StoredEvent } from '../store/state-event.ts'
import type { ChangeFilter } from './graphql-data.ts'

/**
 * The state events a GraphQL subscription receives, as they are committed: those of the
 * principal's rows that the filter takes. It counts as one of the event streams a mock allows, and
 * ends (its stream with it) when the request is aborted or the consumer falls a whole log behind.
 */
export function stateChanges(
  stateEvents: StateEvents,
  principal: Principal,
  filter: ChangeFilter,
  signal: AbortSignal,
): AsyncIterableIterator<CloudEventJson> {
  if (stateEvents.openStreams >= limits.eventStreams)
    throw new Error(
      `${limits.eventStreams} event streams are open on this mock, as many as it allows. Close one before opening another.`,
    )
  stateEvents.openStreams += 1
  const prefix = `${filter.collection}.`
  // The type names the collection; the subject (its record's path, wherever the API serves
  // the collection) ends with the record's key.
  const suffix = filter.id === null ? null : `/${encodeURIComponent(filter.id)}`
  const queue: CloudEventJson[] = []
  let waiting: ((result: IteratorResult<CloudEventJson>) => void) | null = null
  let done = false
  const finish = () => {
    if (done) return
    done = true
    stateEvents.openStreams -= 1
    unsubscribe()
    signal.removeEventListener('abort', finish)
    waiting?.({ value: undefined, done: true })
    waiting = null
  }
  const unsubscribe = stateEvents.log.subscribe((stored: StoredEvent) => {
    const { event } = stored
    if (!event.type.startsWith(prefix)) return
    if (suffix !== null && !event.subject.endsWith(suffix)) return
    if (filter.types !== null && !filter.types.includes(event.type)) return
    if (!mayRead(principal, stored)) return
    if (waiting) {
      const resolve = waiting
      waiting = null
      resolve({ value: event, done: false })
    } else if (queue.push(event) > limits.events) finish()
  })
  signal.addEventListener('abort', finish)
  if (signal.aborted) finish()
  const iterator: AsyncIterableIterator<CloudEventJson> = {
    next() {
      const value = queue.shift()
      if (value !== undefined) return Promise.resolve({ value, done: false })
      if (done) return Promise.resolve({ value: undefined, done: true })
      return new Promise((resolve) => (waiting = resolve))
    },
    return() {
      finish()
      return Promise.resolve({ value: undefined, done: true })
    },
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}
