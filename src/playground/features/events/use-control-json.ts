import { useEffect, useState } from 'react'
import type { MockApi } from '../../../index.ts'

export type ControlRead<T> =
  | { kind: 'loading' }
  | { kind: 'loaded'; value: T }
  | { kind: 'failed'; message: string }

/**
 * `GET <control><path>` through the mock API, read again whenever the mock changes (a request,
 * a fault, the clock, the journal, a reset) and whenever `again` changes (the view passes the
 * count of events it received: a delivery or a verdict follows an event).
 */
export function useControlJson<T>(
  api: MockApi,
  path: string,
  pick: (body: unknown) => T,
  again: number,
): ControlRead<T> {
  const [read, setRead] = useState<ControlRead<T>>({ kind: 'loading' })
  const [changes, setChanges] = useState(0)
  useEffect(
    () =>
      api.subscribe((event) => {
        if (event.type !== 'state' && event.type !== 'config')
          setChanges((count) => count + 1)
      }),
    [api],
  )
  useEffect(() => {
    const controller = new AbortController()
    const url = new URL(`${api.controlPath}${path}`, window.location.href)
    api
      .fetch(new Request(url, { signal: controller.signal }))
      .then(async (response) => {
        if (!response.ok)
          throw new Error(`${response.status} ${await response.text()}`)
        return pick(await response.json())
      })
      .then(
        (value) => {
          if (!controller.signal.aborted) setRead({ kind: 'loaded', value })
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            setRead({
              kind: 'failed',
              message: error instanceof Error ? error.message : String(error),
            })
        },
      )
    return () => controller.abort()
  }, [api, path, pick, again, changes])
  return read
}
