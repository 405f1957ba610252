import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react'
import { buildTimeline } from '../../../client/index.ts'
import { usePlayground } from '../../services/playground-context.tsx'
import { useLocation } from '../../navigation/use-location.ts'
import { speeds, type Speed } from '../../services/speed.ts'
import { RebuiltOperations } from './rebuilt-operations.tsx'
import { RunBox } from './run-box.tsx'
import './timeline.css'
import {
  MAX_PX_PER_SECOND,
  MIN_PX_PER_SECOND,
  fitRowsPxPerSecond,
  zoomIn,
  zoomOut,
} from './timeline-geometry.ts'
import { attemptClassLabels, type AttemptClass } from './timeline-labels.ts'
import { TimelineRowView } from './timeline-row.tsx'
import { useClientNow } from './use-client-now.ts'

/** Rows drawn at most; older operations stay in the store and come back after a clear of newer ones. */
const MAX_ROWS = 50

/** Horizontal room a row's border and padding take from its track, before a track is measured. */
const TRACK_INSET_PX = 30

const legend: AttemptClass[] = [
  'success',
  'client-error',
  'retriable',
  'no-response',
]

/**
 * The retry timeline: one row per logical operation of the reference client, newest first, each
 * attempt a bar and each wait labelled with its reason. Rows are aligned on their own start; the
 * axis is the client's clock, so delays are drawn at their nominal length whatever the demo speed.
 */
export function TimelineView() {
  const { clientEvents, clock, speed, setSpeed } = usePlayground()
  // `?op=<operationId>`: a link from a scenario card or the Explorer to one operation's row.
  const focusedOp = useLocation().params.get('op')
  const id = useId()
  const events = useSyncExternalStore(
    clientEvents.subscribe,
    clientEvents.getSnapshot,
  )
  const allRows = useMemo(() => buildTimeline(events).reverse(), [events])
  const rows = allRows.slice(0, MAX_ROWS)
  const running = rows.filter((row) => row.end === null).length
  const now = useClientNow(clientEvents, clock, running > 0)
  // "fit" follows the rows and the window; a zoom step fixes the scale.
  const [zoom, setZoom] = useState<number | 'fit'>('fit')
  // The width a row's track has (the column beside the row's head when there is room): what
  // "fit" fits into. Until a row is drawn, the section's width less the row's inset.
  const [width, setWidth] = useState(800 - TRACK_INSET_PX)
  const sectionRef = useRef<HTMLElement>(null)
  const hasRows = rows.length > 0

  useEffect(() => {
    const section = sectionRef.current
    if (!section || typeof ResizeObserver === 'undefined') return
    const track = section.querySelector('.tl-rows .tl-track-scroll')
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return
      setWidth(
        track
          ? entry.contentRect.width
          : entry.contentRect.width - TRACK_INSET_PX,
      )
    })
    observer.observe(track ?? section)
    return () => observer.disconnect()
  }, [hasRows])

  const pxPerSecond =
    zoom === 'fit' ? Math.floor(fitRowsPxPerSecond(rows, now, width)) : zoom

  return (
    <section
      ref={sectionRef}
      aria-labelledby={`${id}-heading`}
      className="tl-view"
    >
      <h2 id={`${id}-heading`}>Retry timeline</h2>
      <p className="tl-intro">
        Every operation of the reference client, newest first: each attempt is a
        bar with its status, each wait is labelled with its reason (the
        server&apos;s <code>Retry-After</code>, or{' '}
        <code>2^attempt s + jitter</code> backoff, the exponent counting failed
        attempts from 0). Attempts are numbered from 1. Each row starts at 0 s
        on its own axis.
      </p>

      <div className="tl-controls">
        <fieldset className="tl-speed">
          <legend>Demo speed</legend>
          {speeds.map((s) => (
            <label key={s}>
              <input
                type="radio"
                name={`${id}-speed`}
                value={s}
                checked={speed === s}
                onChange={() => setSpeed(s as Speed)}
              />{' '}
              {s}×
            </label>
          ))}
          <p className="tl-note">
            The playground&apos;s own setting, not part of the API conventions.
            The mock and the client share one clock; at {speed}× every wait on
            it (the mock&apos;s latency, delays and hangs, the client&apos;s
            backoff, Retry-After and 5 s time-out) passes {speed}× faster in
            real time. Everything is measured on that clock, so a 1.5 s delay is
            drawn as 1.5 s at every speed.
          </p>
        </fieldset>
        <div className="tl-zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            onClick={() => setZoom(zoomIn(pxPerSecond))}
            disabled={pxPerSecond >= MAX_PX_PER_SECOND}
          >
            Zoom in
          </button>
          <button
            type="button"
            onClick={() => setZoom(zoomOut(pxPerSecond))}
            disabled={pxPerSecond <= MIN_PX_PER_SECOND}
          >
            Zoom out
          </button>
          <button
            type="button"
            aria-pressed={zoom === 'fit'}
            onClick={() => setZoom('fit')}
          >
            Fit
          </button>
          <span className="tl-muted">
            Scale: 1 s = {pxPerSecond} px
            {zoom === 'fit' && ' (fits the longest row)'}
          </span>
        </div>
        <button
          type="button"
          onClick={clientEvents.clear}
          disabled={events.length === 0}
        >
          Clear timeline
        </button>
      </div>

      <ul className="tl-legend" aria-label="Legend">
        {legend.map((kind) => (
          <li key={kind}>
            <span className={`tl-swatch tl-${kind}`} aria-hidden="true" />
            {attemptClassLabels[kind]}
          </li>
        ))}
        <li>
          <span className="tl-swatch tl-wait-swatch" aria-hidden="true" />
          wait before the next attempt
        </li>
      </ul>

      <p role="status" className="tl-summary">
        {allRows.length === 0
          ? 'No operations yet.'
          : `${allRows.length} operation${allRows.length === 1 ? '' : 's'}${running > 0 ? `, ${running} running` : ''}${allRows.length > MAX_ROWS ? ` (the newest ${MAX_ROWS} shown)` : ''}.`}
      </p>

      {rows.length === 0 ? (
        <p className="tl-empty">
          Run a request below, run a scenario, or explore the API: its attempts
          and waits appear here as they happen.
        </p>
      ) : (
        <ol className="tl-rows" aria-label="Operations">
          {rows.map((row) => (
            <TimelineRowView
              key={row.operationId}
              row={row}
              now={now}
              pxPerSecond={pxPerSecond}
              focused={row.operationId === focusedOp}
            />
          ))}
        </ol>
      )}

      <RebuiltOperations />

      <RunBox />
    </section>
  )
}
