import { mergeConfig, type ConfigPatch } from './control/config-patch.ts'
import type { FaultRule, FaultRuleInput } from './faults/fault-rule.ts'
import type { JournalEntry } from './journal.ts'
import { validateConfig, type MockConfig } from './options.ts'
import type { Runtime } from './runtime.ts'
import { parseSnapshot } from './store/snapshot-schema.ts'
import type { StateSnapshot } from './store/types.ts'

/**
 * Everything the control API can do, as typed calls: `/__mock/*` and `api.state`, `api.faults`…
 * are this one object, so both ways of steering the mock behave alike and emit the same events.
 */
export interface MockControls {
  state: {
    /** The whole data state as plain JSON (a deep copy). */
    snapshot(): StateSnapshot
    /** Replaces the data state; an invalid snapshot throws `InvalidSnapshotError` and changes nothing. */
    restore(snapshot: unknown): void
  }
  config: {
    get(): MockConfig
    /** Merges a patch into the live settings (validated first; `rateLimit` merges member-wise). */
    update(patch: ConfigPatch): MockConfig
  }
  faults: {
    list(): FaultRule[]
    /** Adds a rule (contract section 9); throws a zod error for an invalid one. */
    add(rule: FaultRuleInput): FaultRule
    remove(id: string): boolean
    clear(): void
  }
  journal: {
    list(): JournalEntry[]
    clear(): void
  }
  clock: {
    now(): string
    advance(ms: number): string
  }
  /** Back to the seed data and the initial config; clears faults, journal, keys and rate counters. */
  reset(): void
}

export function createControls(runtime: Runtime): MockControls {
  const { events } = runtime
  return {
    state: {
      snapshot: () => runtime.db.snapshot(),
      restore(snapshot) {
        runtime.db.load(parseSnapshot(structuredClone(snapshot)))
        events.emit({ type: 'state' })
      },
    },
    config: {
      get: () => structuredClone(runtime.config),
      update(patch) {
        runtime.config = validateConfig(
          mergeConfig(runtime.config, patch, runtime.options.config),
          'update the mock config',
        )
        if (patch.seed !== undefined) runtime.random.reseed(patch.seed)
        events.emit({ type: 'config' })
        return structuredClone(runtime.config)
      },
    },
    faults: {
      list: () => runtime.faults.list(),
      add(rule) {
        const stored = runtime.faults.add(rule)
        events.emit({ type: 'faults' })
        return stored
      },
      remove(id) {
        const removed = runtime.faults.remove(id)
        if (removed) events.emit({ type: 'faults' })
        return removed
      },
      clear() {
        runtime.faults.clear()
        events.emit({ type: 'faults' })
      },
    },
    journal: {
      list: () => runtime.journal.list(),
      clear() {
        runtime.journal.clear()
        events.emit({ type: 'journal' })
      },
    },
    clock: {
      now: () => runtime.clock.iso(),
      advance(ms) {
        runtime.clock.advance(ms)
        events.emit({ type: 'clock' })
        return runtime.clock.iso()
      },
    },
    reset: () => runtime.reset(),
  }
}
