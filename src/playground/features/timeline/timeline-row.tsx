import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import {
  isRetriableStatus,
  type TimelineRow as Row,
} from '../../../client/index.ts'
import {
  axisTicks,
  layoutRow,
  rowDurationMs,
  timeToX,
  trackWidth,
} from './timeline-geometry.ts'
import {
  attemptClass,
  attemptResultText,
  attemptShortText,
  displayPath,
  formatDuration,
  rowOutcomeText,
  waitReasonText,
} from './timeline-labels.ts'

/**
 * What a wait bar of `width` px can hold whole: the reason, else its length (`2 s`), else nothing
 * (the steps list below the track always has the full text).
 */
function waitBarText(reason: string, ms: number, width: number): string {
  if (width >= reason.length * 7 + 12) return reason
  const short = formatDuration(ms)
  return width >= short.length * 7 + 8 ? short : ''
}

interface TimelineRowProps {
  /** The row a link named (`?op=`): highlighted and scrolled into view. */
  focused?: boolean
  row: Row
  /** "Now" on the client's clock, for what is still running. */
  now: number
  pxPerSecond: number
}

function outcomeClass(row: Row): string {
  if (row.outcome === null) return 'pending'
  if (row.status === null) return 'no-response'
  if (isRetriableStatus(row.status)) return 'retriable'
  if (row.status >= 400) return 'client-error'
  return 'success'
}

/**
 * One logical operation: a header (method, path, outcome, the idempotency key once), a track drawn
 * to scale (decorative: hidden from assistive technology), and the same steps as an ordered list
 * of text, which is what screen readers, tests and narrow windows rely on.
 */
export function TimelineRowView({
  row,
  now,
  pxPerSecond,
  focused = false,
}: TimelineRowProps) {
  const rowRef = useRef<HTMLLIElement>(null)
  const stepsId = useId()
  // One dense line per operation; its steps as text open below it on demand (always in the
  // accessibility tree, where screen readers and tests read them).
  const [expanded, setExpanded] = useState(focused)
  // The row a link pointed at (`?op=`) comes into view once.
  useEffect(() => {
    if (focused) rowRef.current?.scrollIntoView?.({ block: 'center' })
  }, [focused])
  const segments = layoutRow(row, now, pxPerSecond)
  const duration = rowDurationMs(row, now)
  const width = Math.max(trackWidth(segments), timeToX(duration, pxPerSecond))
  const ticks = axisTicks(duration, pxPerSecond)
  const path = displayPath(row.url)
  const name = `${row.method} ${path}`

  const steps: { key: string; start: number; node: ReactNode }[] = []
  row.attempts.forEach((attempt, index) => {
    const kind = attemptClass(attempt)
    const took =
      attempt.end === null
        ? formatDuration(Math.max(0, now - attempt.start))
        : formatDuration(attempt.end - attempt.start)
    steps.push({
      key: `a${index}`,
      start: attempt.start,
      node: (
        <li className="tl-step">
          <span className={`tl-swatch tl-${kind}`} aria-hidden="true" />
          Attempt {attempt.attempt + 1}:{' '}
          <strong>{attemptResultText(attempt)}</strong>{' '}
          <span className="tl-muted">({took})</span>
          {attempt.replayed && (
            <>
              {' '}
              <span
                className="tl-mark"
                title="The server answered from its idempotency store (Idempotent-Replayed: true)"
              >
                replayed
              </span>
            </>
          )}
        </li>
      ),
    })
  })
  row.waits.forEach((wait, index) => {
    const segment = segments.find((s) => s.kind === 'wait' && s.index === index)
    const running = segment?.kind === 'wait' && segment.running
    steps.push({
      key: `w${index}`,
      // A wait follows its attempt's end, which shares its timestamp: keep it after the attempt.
      start: wait.start + 0.5,
      node: (
        <li className="tl-step">
          <span className="tl-swatch tl-wait-swatch" aria-hidden="true" />
          Wait {formatDuration(wait.durationMs)}:{' '}
          <strong>{waitReasonText(wait)}</strong>
          {running && (
            <span className="tl-muted">
              {' '}
              (waiting… {formatDuration(Math.max(0, now - wait.start))} so far)
            </span>
          )}
        </li>
      ),
    })
  })
  steps.sort((a, b) => a.start - b.start)

  return (
    <li
      ref={rowRef}
      className={`tl-row${focused ? ' tl-focused' : ''}`}
      aria-label={name}
      aria-current={focused ? true : undefined}
    >
      <div className="tl-row-head">
        <button
          type="button"
          className="tl-expand"
          aria-expanded={expanded}
          aria-controls={stepsId}
          aria-label={`Steps of ${name}`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? '▾' : '▸'}
        </button>
        <span className="tl-method">{row.method}</span>{' '}
        <code className="tl-path">{path}</code>{' '}
        <span className={`tl-outcome tl-${outcomeClass(row)}`}>
          {rowOutcomeText(row)}
        </span>
        <span className="tl-muted">{formatDuration(duration)} in all</span>
        {row.idempotencyKey !== null && (
          <span className="tl-key">
            Idempotency-Key <code>{row.idempotencyKey}</code>
          </span>
        )}
      </div>
      <div className="tl-track-scroll">
        <div className="tl-track" style={{ width }} aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick.ms} className="tl-tick" style={{ left: tick.x }}>
              {tick.label}
            </span>
          ))}
          {segments.map((segment) => {
            if (segment.kind === 'attempt') {
              const attempt = row.attempts[segment.index]!
              return (
                <span
                  key={`a${segment.index}`}
                  className={`tl-bar tl-${attemptClass(attempt)}${segment.running ? ' tl-running' : ''}`}
                  style={{ left: segment.x, width: segment.width }}
                  title={`Attempt ${attempt.attempt + 1}: ${attemptResultText(attempt)}${attempt.replayed ? ' (replayed)' : ''}`}
                >
                  {attemptShortText(attempt)}
                  {attempt.replayed && ' ↻'}
                </span>
              )
            }
            const wait = row.waits[segment.index]!
            const reason = waitReasonText(wait)
            return (
              <span
                key={`w${segment.index}`}
                className={`tl-wait${segment.running ? ' tl-running' : ''}`}
                style={{ left: segment.x, width: segment.width }}
                title={`Wait ${formatDuration(wait.durationMs)}: ${reason}`}
              >
                <span
                  className="tl-wait-elapsed"
                  style={{ width: segment.elapsedWidth }}
                />
                <span className="tl-wait-text">
                  {waitBarText(reason, wait.durationMs, segment.width)}
                </span>
              </span>
            )
          })}
        </div>
      </div>
      <ol
        id={stepsId}
        className={`tl-steps${expanded ? '' : ' tl-steps-folded'}`}
        aria-label={`Attempts and waits of ${name}`}
      >
        {steps.map((step) => (
          <Fragment key={step.key}>{step.node}</Fragment>
        ))}
      </ol>
    </li>
  )
}
