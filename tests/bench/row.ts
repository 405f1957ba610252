/**
 * What a bench row is: one function that measures something against a baseline taken in the same
 * run and returns its lines of the table. Adding a row is a file in `rows/` exporting a `BenchRow`
 * and one entry in the list in `run.ts`.
 */
export interface RowResult {
  id: string
  measure: string
  /** hypermock's figure: the median over rounds with its spread, where there are rounds. */
  figure: string
  baseline: string
  ratio: string
  target: string
  result: 'PASS' | 'MISS' | '—'
}

export interface BenchContext {
  /** How many rounds each side-by-side row repeats and alternates (`--rounds`, 5). */
  rounds: number
  /** Seconds of load per round for the throughput row (`--round-seconds`, 5). */
  roundSeconds: number
  /** Where the playground build is (`--dist`, dist-playground). */
  dist: string
  /** Soak length in seconds (`--soak-seconds`, 60; 0 skips it). */
  soakSeconds: number
  /**
   * The commit row 3's guard measures this checkout against (`--base`, by default where this
   * branch left `main`); null when there is none or `--base none`.
   */
  base: string | null
  /** Give the guard's verdict even on a busy machine (`--judge-busy`). */
  judgeBusy: boolean
  /** Progress, on stderr. */
  log(message: string): void
}

export interface BenchRow {
  /** The row ids it reports, for `--only`. */
  ids: readonly string[]
  run(context: BenchContext): Promise<RowResult[]>
}

export const verdict = (pass: boolean): RowResult['result'] =>
  pass ? 'PASS' : 'MISS'

export const us = (ms: number) => `${(ms * 1000).toFixed(ms < 0.1 ? 1 : 0)} µs`
export const ms = (value: number) => `${value.toFixed(2)} ms`
export const times = (ratio: number) => `${ratio.toFixed(2)}×`
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const count = (value: number) => Math.round(value).toLocaleString('en')
