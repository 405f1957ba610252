/**
 * Timing helpers: warm up, then time every call on its own, in wall-clock time and in this process's
 * CPU time, and read medians, percentiles and the spread of figures over rounds.
 */
export interface Samples {
  /** Wall-clock milliseconds per call, sorted ascending. */
  sorted: number[]
  /**
   * Milliseconds of this process's CPU time per call, sorted ascending: unlike wall-clock time, it
   * does not grow while other work on a shared machine holds the core.
   */
  cpu: number[]
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

export async function sample(
  run: () => unknown,
  options: { warmup: number; samples: number },
): Promise<Samples> {
  for (let i = 0; i < options.warmup; i++) await run()
  // process.cpuUsage() counts every thread, V8's concurrent GC among them: collect what earlier
  // rows left behind (autocannon's buffers, a restored state), so that marking it is not billed
  // to these samples. `npm run bench` starts Node with --expose-gc.
  ;(globalThis as { gc?: () => void }).gc?.()
  const durations: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < options.samples; i++) {
    const cpuStart = cpuMs()
    const start = performance.now()
    await run()
    durations.push(performance.now() - start)
    cpu.push(cpuMs() - cpuStart)
  }
  const ascending = (a: number, b: number) => a - b
  return { sorted: durations.sort(ascending), cpu: cpu.sort(ascending) }
}

/**
 * Two jobs timed call by call in turns (a, b, then b, a, …), so whatever the machine does meanwhile
 * (another process on the core, a frequency change, V8 settling) falls on both sides alike: what
 * blocks of one side after the other cannot promise on a shared machine.
 */
export async function samplePairs(
  a: () => unknown,
  b: () => unknown,
  options: { warmup: number; samples: number },
): Promise<[Samples, Samples]> {
  for (let i = 0; i < options.warmup; i++) {
    await a()
    await b()
  }
  ;(globalThis as { gc?: () => void }).gc?.()
  const sides = [
    { run: a, durations: [] as number[], cpu: [] as number[] },
    { run: b, durations: [] as number[], cpu: [] as number[] },
  ] as const
  for (let i = 0; i < options.samples; i++) {
    const order = i % 2 === 0 ? [sides[0], sides[1]] : [sides[1], sides[0]]
    for (const side of order) {
      const cpuStart = cpuMs()
      const start = performance.now()
      await side.run()
      side.durations.push(performance.now() - start)
      side.cpu.push(cpuMs() - cpuStart)
    }
  }
  const ascending = (x: number, y: number) => x - y
  const [first, second] = sides.map(({ durations, cpu }) => ({
    sorted: durations.sort(ascending),
    cpu: cpu.sort(ascending),
  })) as [Samples, Samples]
  return [first, second]
}

export function percentile({ sorted }: { sorted: number[] }, p: number) {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(
    sorted.length - 1,
    Math.ceil((p / 100) * sorted.length) - 1,
  )
  return sorted[Math.max(0, index)]!
}

export const median = (samples: { sorted: number[] }) => percentile(samples, 50)

/** The CPU time per call at percentile `p`. */
export const cpuPercentile = (samples: Samples, p: number) =>
  percentile({ sorted: samples.cpu }, p)

/** One figure over repeated rounds: its median, and its lowest and highest value. */
export interface Spread {
  median: number
  min: number
  max: number
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    median: median({ sorted }),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
  }
}

/** `median (min–max)`, each in `format`; a unit the three share is written once, at the end. */
export function showSpread(
  { median, min, max }: Spread,
  format: (value: number) => string,
) {
  const [mid, low, high] = [median, min, max].map(format) as [
    string,
    string,
    string,
  ]
  const unit = / \S+$/.exec(mid)?.[0]
  if (unit && low.endsWith(unit) && high.endsWith(unit)) {
    const bare = (text: string) => text.slice(0, -unit.length)
    return `${bare(mid)} (${bare(low)}–${bare(high)})${unit}`
  }
  return `${mid} (${low}–${high})`
}
