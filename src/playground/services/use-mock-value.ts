import { useMemo, useSyncExternalStore } from 'react'
import type { MockApi, MockEvent } from '../../index.ts'

type EventType = MockEvent['type']

/** Whether `event` changes a value read on the events `on` (a reset changes every value). */
const changes = (on: readonly EventType[], event: MockEvent) =>
  event.type === 'reset' || on.includes(event.type)

/** The events that changed a store's value, counted; and whether a watcher counts them now. */
interface Seen {
  version: number
  watching: boolean
}

/**
 * Counts the events that change the value until the store subscribes, then stops; it also stops
 * at the first such event, so a store whose render React threw away holds a listener no longer
 * than that. Module-level, so the listener keeps only `seen`, never a value read.
 */
function watchUntilSubscribed(
  api: MockApi,
  on: readonly EventType[],
  seen: Seen,
) {
  seen.watching = true
  const stop = api.subscribe((event) => {
    if (!changes(on, event)) return
    seen.version += 1
    seen.watching = false
    stop()
  })
  return () => {
    seen.watching = false
    stop()
  }
}

function createValueStore<T>(
  api: MockApi,
  on: readonly EventType[],
  read: (api: MockApi) => T,
) {
  // `seen.version` counts the events that changed the value; a read is kept with the count it was
  // made at, and read again once the count moves on.
  const seen: Seen = { version: 0, watching: false }
  let cache: { value: T; version: number } | null = null
  let subscribers = 0
  let stopWatching: (() => void) | undefined
  return {
    subscribe: (notify: () => void) => {
      // React reads the value once before it subscribes. An event in between (a shared mock's
      // fresh copy of the state, which that very read asked for) found no listener of the view's:
      // the watcher started by that read counted it, and React's read after subscribing reads
      // again only then. (Reading again every time copied every table of the state twice.)
      stopWatching?.()
      stopWatching = undefined
      subscribers += 1
      const unsubscribe = api.subscribe((event) => {
        if (!changes(on, event)) return
        seen.version += 1
        notify()
      })
      return () => {
        unsubscribe()
        subscribers -= 1
        // Unheard from now on: the next read reads again.
        if (subscribers === 0) seen.version += 1
      }
    },
    getSnapshot: () => {
      if (cache?.version === seen.version) return cache.value
      if (subscribers === 0 && !seen.watching)
        stopWatching = watchUntilSubscribed(api, on, seen)
      const version = seen.version
      cache = { value: read(api), version }
      return cache.value
    },
  }
}

/**
 * Reads a value from the in-page mock and re-reads it when one of the named events fires (and on
 * reset). `read` runs only then, so views of big tables stay cheap while requests stream by. Pass a
 * stable `read` (module-level or memoised): a new function re-creates the store.
 */
export function useMockValue<T>(
  api: MockApi,
  on: readonly EventType[],
  read: (api: MockApi) => T,
): T {
  const key = on.join(',')
  const store = useMemo(
    () => createValueStore(api, key.split(',') as EventType[], read),
    [api, key, read],
  )
  return useSyncExternalStore(store.subscribe, store.getSnapshot)
}
