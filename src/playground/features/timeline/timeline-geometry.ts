import type { TimelineRow } from '../../../client/index.ts'

/** Zoom bounds, in pixels per second of the client's (nominal) clock. */
export const MIN_PX_PER_SECOND = 10
export const MAX_PX_PER_SECOND = 1600
export const DEFAULT_PX_PER_SECOND = 80

/** An attempt lasts milliseconds; it is drawn at least this wide so its status text stays legible. */
export const MIN_ATTEMPT_PX = 56

/** Time → x: milliseconds since the row started, to pixels from the track's left edge. */
export function timeToX(ms: number, pxPerSecond: number): number {
  return (Math.max(0, ms) / 1000) * pxPerSecond
}

function clamp(value: number, min: number, max: number) {
  return Math.min(max, Math.max(min, value))
}

/** One zoom step in (×2), bounded. */
export function zoomIn(pxPerSecond: number): number {
  return clamp(pxPerSecond * 2, MIN_PX_PER_SECOND, MAX_PX_PER_SECOND)
}

/** One zoom step out (÷2), bounded. */
export function zoomOut(pxPerSecond: number): number {
  return clamp(pxPerSecond / 2, MIN_PX_PER_SECOND, MAX_PX_PER_SECOND)
}

/** The zoom at which `durationMs` fills `availablePx` (with room for the last attempt's label). */
export function fitPxPerSecond(
  durationMs: number,
  availablePx: number,
): number {
  const usable = Math.max(0, availablePx - MIN_ATTEMPT_PX)
  if (durationMs <= 0 || usable <= 0) return DEFAULT_PX_PER_SECOND
  return clamp(
    (usable / durationMs) * 1000,
    MIN_PX_PER_SECOND,
    MAX_PX_PER_SECOND,
  )
}

export interface AxisTick {
  readonly ms: number
  readonly x: number
  readonly label: string
}

const tickSteps = [
  100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000,
  300_000, 600_000,
]

function formatTick(ms: number): string {
  if (ms === 0) return '0 s'
  if (ms % 1000 === 0) return `${ms / 1000} s`
  return `${(ms / 1000).toFixed(1)} s`
}

/** Ticks every 1, 2 or 5 units, the finest step that keeps labels `minGapPx` apart. */
export function axisTicks(
  durationMs: number,
  pxPerSecond: number,
  minGapPx = 56,
): AxisTick[] {
  const step =
    tickSteps.find((ms) => timeToX(ms, pxPerSecond) >= minGapPx) ??
    tickSteps[tickSteps.length - 1]!
  const ticks: AxisTick[] = []
  for (let ms = 0; ms <= durationMs; ms += step) {
    ticks.push({ ms, x: timeToX(ms, pxPerSecond), label: formatTick(ms) })
  }
  return ticks
}

/** How long a row has lasted: to its end, or to `now` while it runs (never less than its last wait). */
export function rowDurationMs(row: TimelineRow, now: number): number {
  const end = row.end ?? Math.max(now, row.start)
  let last = end
  for (const wait of row.waits) {
    last = Math.max(last, wait.start + wait.durationMs)
  }
  return Math.max(0, last - row.start)
}

export interface AttemptSegment {
  readonly kind: 'attempt'
  readonly index: number
  readonly x: number
  readonly width: number
  /** Still in flight: the bar grows with `now`. */
  readonly running: boolean
}

export interface WaitSegment {
  readonly kind: 'wait'
  readonly index: number
  readonly x: number
  /** The whole scheduled wait. */
  readonly width: number
  /** The part already waited (equals `width` once the wait is over). */
  readonly elapsedWidth: number
  readonly running: boolean
}

export type Segment = AttemptSegment | WaitSegment

/**
 * Where each attempt and wait of a row sits on its track, at `pxPerSecond`, with `now` on the
 * client's clock for what is still running. Attempts get a minimum width; waits keep their true one.
 */
export function layoutRow(
  row: TimelineRow,
  now: number,
  pxPerSecond: number,
): Segment[] {
  const at = (time: number) => timeToX(time - row.start, pxPerSecond)
  const attempts: Segment[] = row.attempts.map((attempt, index) => {
    const running = attempt.end === null
    const end = attempt.end ?? Math.max(now, attempt.start)
    const width = Math.max(MIN_ATTEMPT_PX, at(end) - at(attempt.start))
    return { kind: 'attempt', index, x: at(attempt.start), width, running }
  })
  const waits: Segment[] = row.waits.map((wait, index) => {
    const scheduledEnd = wait.start + wait.durationMs
    const running = row.end === null && now < scheduledEnd
    const elapsedEnd = running ? Math.max(now, wait.start) : scheduledEnd
    return {
      kind: 'wait',
      index,
      x: at(wait.start),
      width: at(scheduledEnd) - at(wait.start),
      elapsedWidth: at(elapsedEnd) - at(wait.start),
      running,
    }
  })
  return [...attempts, ...waits]
}

/** The track's width: the row's duration, plus room for the widest label-bearing bar at its end. */
export function trackWidth(segments: readonly Segment[]): number {
  return segments.reduce(
    (widest, segment) => Math.max(widest, segment.x + segment.width),
    MIN_ATTEMPT_PX,
  )
}
