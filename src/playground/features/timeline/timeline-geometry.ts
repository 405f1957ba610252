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
 * client's clock for what is still running. Attempts get a minimum width so their status stays
 * legible; waits keep their true width. A bar drawn wider than its attempt lasted pushes what
 * follows to the right by the extra, so a wait line never runs under an attempt's label.
 */
export function layoutRow(
  row: TimelineRow,
  now: number,
  pxPerSecond: number,
): Segment[] {
  const at = (time: number) => timeToX(time - row.start, pxPerSecond)
  type Step =
    | { kind: 'attempt'; index: number; start: number }
    | { kind: 'wait'; index: number; start: number }
  const steps: Step[] = [
    ...row.attempts.map((attempt, index) => ({
      kind: 'attempt' as const,
      index,
      start: attempt.start,
    })),
    // A wait follows its attempt's end, which shares its timestamp: keep it after the attempt.
    ...row.waits.map((wait, index) => ({
      kind: 'wait' as const,
      index,
      start: wait.start + 0.5,
    })),
  ].sort((a, b) => a.start - b.start)
  // How far right of its true place the step is drawn, and where the last drawn one ended.
  let shift = 0
  let cursor = 0
  const attempts: Segment[] = []
  const waits: Segment[] = []
  for (const step of steps) {
    if (step.kind === 'attempt') {
      const attempt = row.attempts[step.index]!
      const running = attempt.end === null
      const end = attempt.end ?? Math.max(now, attempt.start)
      shift = Math.max(shift, cursor - at(attempt.start))
      const x = at(attempt.start) + shift
      const width = Math.max(MIN_ATTEMPT_PX, at(end) - at(attempt.start))
      attempts.push({ kind: 'attempt', index: step.index, x, width, running })
      cursor = x + width
    } else {
      const wait = row.waits[step.index]!
      const scheduledEnd = wait.start + wait.durationMs
      const running = row.end === null && now < scheduledEnd
      const elapsedEnd = running ? Math.max(now, wait.start) : scheduledEnd
      shift = Math.max(shift, cursor - at(wait.start))
      const x = at(wait.start) + shift
      const width = at(scheduledEnd) - at(wait.start)
      waits.push({
        kind: 'wait',
        index: step.index,
        x,
        width,
        elapsedWidth: at(elapsedEnd) - at(wait.start),
        running,
      })
      cursor = x + width
    }
  }
  return [...attempts, ...waits]
}

/**
 * The largest zoom at which every row's drawing, bars at their minimum width included, fits in
 * `availablePx`; bounded by the zoom limits. A row's drawn width grows with the zoom, so a
 * bisection finds it.
 */
export function fitRowsPxPerSecond(
  rows: readonly TimelineRow[],
  now: number,
  availablePx: number,
): number {
  const longest = rows.reduce(
    (max, row) => Math.max(max, rowDurationMs(row, now)),
    0,
  )
  if (longest <= 0 || availablePx <= MIN_ATTEMPT_PX)
    return DEFAULT_PX_PER_SECOND
  const fits = (pxPerSecond: number) =>
    rows.every(
      (row) =>
        Math.max(
          trackWidth(layoutRow(row, now, pxPerSecond)),
          timeToX(rowDurationMs(row, now), pxPerSecond),
        ) <= availablePx,
    )
  // No row can be drawn narrower than its duration at the scale: the bound to search below.
  let high = clamp(
    (availablePx / longest) * 1000,
    MIN_PX_PER_SECOND,
    MAX_PX_PER_SECOND,
  )
  if (fits(high)) return high
  let low = MIN_PX_PER_SECOND
  if (!fits(low)) return low
  for (let i = 0; i < 20 && high - low > 0.5; i++) {
    const middle = (low + high) / 2
    if (fits(middle)) low = middle
    else high = middle
  }
  return low
}

/** The track's width: the row's duration, plus room for the widest label-bearing bar at its end. */
export function trackWidth(segments: readonly Segment[]): number {
  return segments.reduce(
    (widest, segment) => Math.max(widest, segment.x + segment.width),
    MIN_ATTEMPT_PX,
  )
}
