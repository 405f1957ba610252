import type { TimelineRow } from '../../../client/index.ts'
import type { MockApi } from '../../../index.ts'
import type { ScenarioResult } from './scenarios.ts'

interface RunTrace {
  /** The operations the run made so far, as the timeline draws them (each one links there). */
  readonly operations: readonly TimelineRow[]
  /** What the run did to the page's own settings, in a sentence (the credential it borrowed). */
  readonly note?: string
}

export type ScenarioRun =
  | (RunTrace & {
      readonly status: 'running'
      /** What the client is doing now: `Attempt 2 of GET /api/orders/1…`. */
      readonly progress: string
    })
  | (RunTrace & { readonly status: 'done'; readonly result: ScenarioResult })
  | (RunTrace & { readonly status: 'failed'; readonly error: string })

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

  /**
   * Forgets every finished run: the mock was reset (by a later run, Data → Reset, another tab), so
   * the orders and payments their cards name are gone. A run still going keeps its card.
   */
  readonly wipeFinished = () => {
    const kept = [...this.runs].filter(([, run]) => run.status === 'running')
    if (kept.length === this.runs.size) return
    this.runs = new Map(kept)
    for (const listener of this.listeners) listener()
  }

  /** Follows `api`'s resets, once per page whichever view is shown (see `wipeFinished`). */
  readonly follow = (api: MockApi) => {
    if (this.followed === api) return
    this.followed = api
    api.subscribe((event) => {
      if (event.type === 'reset') this.wipeFinished()
    })
  }

  private followed: MockApi | null = null

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
