import { useEffect, useRef, useState } from 'react'
import type { ClientEventsStore } from '../../services/client-events-store.ts'

/**
 * An estimate of "now" on the client's clock, refreshed every animation frame while `live`. The
 * client's clock runs `speed`× real time (the demo speed), so now = the last event's time plus the
 * real time since it arrived, times the speed. It is exact again at each new event.
 */
export function useClientNow(
  store: ClientEventsStore,
  speed: number,
  live: boolean,
): number {
  const anchor = useRef({ time: 0, real: 0 })
  const [now, setNow] = useState(0)

  useEffect(() => {
    const mark = () => {
      const last = store.getSnapshot().at(-1)
      anchor.current = {
        time: last?.time ?? Date.now(),
        real: performance.now(),
      }
    }
    mark()
    return store.subscribe(mark)
  }, [store])

  useEffect(() => {
    if (!live) return
    let frame = 0
    const tick = () => {
      const { time, real } = anchor.current
      setNow(time + (performance.now() - real) * speed)
      frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [live, speed])

  return now
}
