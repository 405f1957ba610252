import { useEffect, useRef, useState } from 'react'
import type { ClientEventsStore } from '../../services/client-events-store.ts'
import type { VirtualClock } from '../../services/virtual-clock.ts'

/**
 * "Now" on the client's clock, refreshed every animation frame while `live`: the last event's time
 * plus the time since it arrived, measured on the playground's clock (the one the client stamps
 * its events with, so the two agree at every speed). Anchoring on the last event keeps a row drawn
 * from events of another source, such as a recording, from stretching to the present.
 */
export function useClientNow(
  store: ClientEventsStore,
  clock: VirtualClock,
  live: boolean,
): number {
  const anchor = useRef({ time: 0, at: 0 })
  const [now, setNow] = useState(0)

  useEffect(() => {
    const mark = () => {
      const at = clock.now()
      anchor.current = { time: store.getSnapshot().at(-1)?.time ?? at, at }
    }
    mark()
    return store.subscribe(mark)
  }, [store, clock])

  useEffect(() => {
    if (!live) return
    let frame = 0
    const tick = () => {
      const { time, at } = anchor.current
      setNow(time + (clock.now() - at))
      frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [live, clock])

  return now
}
