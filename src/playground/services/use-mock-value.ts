import { useMemo, useSyncExternalStore } from 'react'
import type { MockApi, MockEvent } from '../../index.ts'

type EventType = MockEvent['type']

function createValueStore<T>(
  api: MockApi,
  on: readonly EventType[],
  read: (api: MockApi) => T,
) {
  let cache: { value: T } | null = null
  return {
    subscribe: (notify: () => void) => {
      const unsubscribe = api.subscribe((event) => {
        if (event.type === 'reset' || on.includes(event.type)) {
          cache = null
          notify()
        }
      })
      // React reads the value once before it subscribes. An event in between (a shared mock's
      // fresh copy of the state, which that very read asked for) found no listener, so the value
      // read then may be stale: React reads it again once subscribed.
      cache = null
      return unsubscribe
    },
    getSnapshot: () => (cache ??= { value: read(api) }).value,
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
