/** Timing helpers: warm up, then time every call on its own, and read medians and percentiles. */
export interface Samples {
  /** Milliseconds per call, sorted ascending. */
  sorted: number[]
}

export async function sample(
  run: () => unknown,
  options: { warmup: number; samples: number },
): Promise<Samples> {
  for (let i = 0; i < options.warmup; i++) await run()
  const durations: number[] = []
  for (let i = 0; i < options.samples; i++) {
    const start = performance.now()
    await run()
    durations.push(performance.now() - start)
  }
  return { sorted: durations.sort((a, b) => a - b) }
}

export function percentile({ sorted }: Samples, p: number) {
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(
    sorted.length - 1,
    Math.ceil((p / 100) * sorted.length) - 1,
  )
  return sorted[Math.max(0, index)]!
}

export const median = (samples: Samples) => percentile(samples, 50)

/** Merges interleaved rounds, so that drift on a shared machine hits both sides alike. */
export function merge(rounds: Samples[]): Samples {
  return { sorted: rounds.flatMap((r) => r.sorted).sort((a, b) => a - b) }
}
