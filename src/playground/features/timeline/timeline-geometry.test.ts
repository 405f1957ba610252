import { describe, expect, test } from 'vitest'
import type { TimelineRow } from '../../../client/index.ts'
import {
  MAX_PX_PER_SECOND,
  MIN_ATTEMPT_PX,
  MIN_PX_PER_SECOND,
  axisTicks,
  fitPxPerSecond,
  fitRowsPxPerSecond,
  layoutRow,
  rowDurationMs,
  timeToX,
  trackWidth,
  zoomIn,
  zoomOut,
} from './timeline-geometry.ts'

const row: TimelineRow = {
  operationId: 'op-1',
  method: 'POST',
  url: 'http://x.test/api/payments',
  idempotencyKey: 'k',
  start: 10_000,
  end: 13_440,
  attempts: [
    {
      attempt: 0,
      start: 10_000,
      end: 10_030,
      status: 503,
      error: null,
      replayed: false,
    },
    {
      attempt: 1,
      start: 11_400,
      end: 11_420,
      status: 201,
      error: null,
      replayed: true,
    },
  ],
  waits: [
    {
      afterAttempt: 0,
      start: 10_030,
      durationMs: 1370,
      reason: 'backoff',
      baseDelayMs: 1000,
      jitterMs: 370,
    },
  ],
  outcome: 'success',
  status: 201,
}

describe('timeline geometry', () => {
  test('maps milliseconds to pixels at the zoom, never left of 0', () => {
    expect(timeToX(0, 80)).toBe(0)
    expect(timeToX(1500, 80)).toBe(120)
    expect(timeToX(250, 1600)).toBe(400)
    expect(timeToX(-20, 80)).toBe(0)
  })

  test('zooms by factors of two within bounds', () => {
    expect(zoomIn(80)).toBe(160)
    expect(zoomOut(80)).toBe(40)
    expect(zoomIn(MAX_PX_PER_SECOND)).toBe(MAX_PX_PER_SECOND)
    expect(zoomOut(MIN_PX_PER_SECOND)).toBe(MIN_PX_PER_SECOND)
  })

  test('fits a duration into the available width, leaving room for the last label', () => {
    const px = fitPxPerSecond(4000, 800 + MIN_ATTEMPT_PX)
    expect(px).toBe(200)
    expect(timeToX(4000, px)).toBe(800)
    expect(fitPxPerSecond(0, 800)).toBe(80)
    expect(fitPxPerSecond(10, 800)).toBe(MAX_PX_PER_SECOND)
    expect(fitPxPerSecond(3_600_000, 800)).toBe(MIN_PX_PER_SECOND)
  })

  test('fits every row whole, bars at their minimum width included', () => {
    // What a row's track is drawn as: its bars and waits, and never less than its duration.
    const drawn = (px: number) =>
      Math.max(
        trackWidth(layoutRow(row, 0, px)),
        timeToX(rowDurationMs(row, 0), px),
      )
    for (const available of [200, 320, 900]) {
      const px = fitRowsPxPerSecond([row], 0, available)
      expect(drawn(px)).toBeLessThanOrEqual(available)
      // The largest such scale: a little more no longer fits.
      expect(drawn(px + 2)).toBeGreaterThan(available)
    }
    // Room for less than one bar: the default scale, whatever is drawn then scrolls.
    expect(fitRowsPxPerSecond([row], 0, 40)).toBe(80)
  })

  test('places ticks every 1, 2 or 5 units, at least the minimum gap apart', () => {
    expect(axisTicks(3000, 80).map((t) => t.label)).toEqual([
      '0 s',
      '1 s',
      '2 s',
      '3 s',
    ])
    expect(axisTicks(3000, 20).map((t) => t.label)).toEqual(['0 s'])
    expect(axisTicks(6000, 20).map((t) => t.label)).toEqual(['0 s', '5 s'])
    expect(axisTicks(1000, 400).map((t) => [t.label, t.x])).toEqual([
      ['0 s', 0],
      ['0.2 s', 80],
      ['0.4 s', 160],
      ['0.6 s', 240],
      ['0.8 s', 320],
      ['1 s', 400],
    ])
  })

  test('lays out attempts (at least the minimum width) and waits (true width) from the row start', () => {
    const segments = layoutRow(row, 0, 100)
    expect(segments).toEqual([
      {
        kind: 'attempt',
        index: 0,
        x: 0,
        width: MIN_ATTEMPT_PX,
        running: false,
      },
      // The first bar is drawn wider than its 3 px: what follows moves right by the extra.
      {
        kind: 'attempt',
        index: 1,
        x: MIN_ATTEMPT_PX + 137,
        width: MIN_ATTEMPT_PX,
        running: false,
      },
      {
        kind: 'wait',
        index: 0,
        x: MIN_ATTEMPT_PX,
        width: 137,
        elapsedWidth: 137,
        running: false,
      },
    ])
    expect(trackWidth(segments)).toBe(MIN_ATTEMPT_PX + 137 + MIN_ATTEMPT_PX)
  })

  test('a wait in progress grows with now; an attempt in flight runs to now', () => {
    const running: TimelineRow = {
      ...row,
      end: null,
      outcome: null,
      status: null,
      attempts: [row.attempts[0]!],
    }
    const waiting = layoutRow(running, 10_530, 1000)
    expect(waiting.find((s) => s.kind === 'wait')).toEqual({
      kind: 'wait',
      index: 0,
      // After the first bar: 30 ms long, drawn 56 px wide.
      x: MIN_ATTEMPT_PX,
      width: 1370,
      elapsedWidth: 500,
      running: true,
    })
    const inFlight: TimelineRow = {
      ...running,
      waits: [],
      attempts: [{ ...row.attempts[0]!, end: null, status: null }],
    }
    expect(layoutRow(inFlight, 10_200, 1000)[0]).toMatchObject({
      width: 200,
      running: true,
    })
  })

  test('a row lasts to its end, or to now while it runs, and at least to its scheduled wait', () => {
    expect(rowDurationMs(row, 0)).toBe(3440)
    const running = { ...row, end: null }
    expect(rowDurationMs(running, 10_500)).toBe(1400)
    expect(rowDurationMs(running, 20_000)).toBe(10_000)
  })
})
