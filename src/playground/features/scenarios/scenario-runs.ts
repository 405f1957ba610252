import type { ScenarioResult } from './scenarios.ts'

export type ScenarioRun =
  | { readonly status: 'running' }
  | { readonly status: 'done'; readonly result: ScenarioResult }
  | { readonly status: 'failed'; readonly error: string }

/**
 * The last run of each scenario, kept outside React so that a run finishing while the user looks
 * at the timeline is still shown when they come back. A plain store read with useSyncExternalStore.
 */
export class ScenarioRuns {
  private runs: ReadonlyMap<string, ScenarioRun> = new Map()
  private listeners = new Set<() => void>()

  readonly set = (id: string, run: ScenarioRun | null) => {
    const next = new Map(this.runs)
    if (run === null) next.delete(id)
    else next.set(id, run)
    this.runs = next
    for (const listener of this.listeners) listener()
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  readonly getSnapshot = () => this.runs
}

/** One per page, like the mock behind the worker. */
export const scenarioRuns = new ScenarioRuns()
