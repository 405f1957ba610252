import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { VirtualClock } from './virtual-clock.ts'

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
})
afterEach(() => {
  vi.useRealTimers()
})

/** A clock on fake real time, starting at virtual 1 000 000. */
function clockAt(speed: number) {
  return new VirtualClock(speed, () => Date.now(), 1_000_000)
}

describe('VirtualClock', () => {
  test('runs at real time while nothing sleeps, whatever the speed', () => {
    const clock = clockAt(16)
    vi.advanceTimersByTime(25)
    expect(clock.now()).toBe(1_000_025)
  })

  test('a sleep measures its nominal length and passes speed× faster', async () => {
    const clock = clockAt(16)
    let woke = false
    const slept = clock.sleep(1600).then(() => (woke = true))
    vi.advanceTimersByTime(99)
    await Promise.resolve()
    expect(woke).toBe(false)
    vi.advanceTimersByTime(1)
    await slept
    expect(woke).toBe(true)
    expect(clock.now()).toBe(1_001_600)
    // Back to real time once nothing sleeps.
    vi.advanceTimersByTime(10)
    expect(clock.now()).toBe(1_001_610)
  })

  test('overlapping sleeps wake in deadline order on one clock', async () => {
    const clock = clockAt(4)
    const order: string[] = []
    const long = clock.sleep(2000).then(() => order.push(`long@${clock.now()}`))
    const short = clock
      .sleep(800)
      .then(() => order.push(`short@${clock.now()}`))
    await vi.advanceTimersByTimeAsync(500)
    await Promise.all([long, short])
    expect(order).toEqual(['short@1000800', 'long@1002000'])
  })

  test('a speed change mid-sleep keeps the nominal deadline', async () => {
    const clock = clockAt(1)
    let woke = false
    const slept = clock.sleep(2000).then(() => (woke = true))
    await vi.advanceTimersByTimeAsync(1000) // half of it at 1×
    clock.setSpeed(4)
    await vi.advanceTimersByTimeAsync(249)
    expect(woke).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await slept
    expect(clock.now()).toBe(1_002_000)
  })

  test('an aborted sleep rejects with the reason and stops speeding the clock', async () => {
    const clock = clockAt(16)
    const controller = new AbortController()
    const slept = clock.sleep(60_000, controller.signal)
    vi.advanceTimersByTime(10) // 160 ms virtual while it sleeps
    controller.abort(new Error('gave up'))
    await expect(slept).rejects.toThrow('gave up')
    vi.advanceTimersByTime(10)
    expect(clock.now()).toBe(1_000_170)
  })

  test('a late timer does not stretch the sleep: the clock waits at its deadline', async () => {
    let real = 0
    const clock = new VirtualClock(16, () => real, 1_000_000)
    let woke = false
    const slept = clock.sleep(1600).then(() => (woke = true))
    // Real time runs on past the 100 ms the sleep needs before the timer gets to fire.
    real = 130
    expect(clock.now()).toBe(1_001_600)
    await vi.advanceTimersByTimeAsync(100)
    await slept
    expect(woke).toBe(true)
    expect(clock.now()).toBe(1_001_600)
    real = 140
    expect(clock.now()).toBe(1_001_610)
  })

  test('a deadline watches without speeding the clock: at real time while nothing sleeps', async () => {
    const clock = clockAt(16)
    let due = false
    const deadline = clock.deadline(5000).then(() => (due = true))
    // A slow page, nothing sleeping: 400 ms real is 400 ms on the clock, far from the deadline
    // (a plain timer of 5000 ÷ 16 ms would have fired at 313 ms).
    await vi.advanceTimersByTimeAsync(400)
    expect(clock.now()).toBe(1_000_400)
    expect(due).toBe(false)
    await vi.advanceTimersByTimeAsync(4600)
    await deadline
    expect(due).toBe(true)
    expect(clock.now()).toBe(1_005_000)
  })

  test('a deadline runs at the demo speed while the mock sleeps, and stops when aborted', async () => {
    const clock = clockAt(16)
    let due = false
    const deadline = clock.deadline(5000).then(() => (due = true))
    // A hang fault: the mock sleeps far past the deadline, so the clock runs 16×.
    const hang = new AbortController()
    const hung = clock.sleep(60_000, hang.signal).catch(() => {})
    await vi.advanceTimersByTimeAsync(300)
    expect(due).toBe(false)
    await vi.advanceTimersByTimeAsync(13)
    await deadline
    expect(due).toBe(true)
    // The timer fired at 312.5 ms rounded; the 13th ms ran at 16× too (the mock still sleeps).
    expect(clock.now()).toBe(1_005_016)
    hang.abort()
    await hung
    const controller = new AbortController()
    const aborted = clock.deadline(1000, controller.signal)
    controller.abort(new Error('answered'))
    await expect(aborted).rejects.toThrow('answered')
    vi.advanceTimersByTime(10)
    expect(clock.now()).toBe(1_005_026)
  })

  test('refuses a speed that is not > 0', () => {
    expect(() => clockAt(1).setSpeed(0)).toThrow(
      'The demo speed must be > 0, got 0.',
    )
  })
})
