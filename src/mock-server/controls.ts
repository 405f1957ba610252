import { z } from 'zod'
import {
  configPatchSchema,
  mergeConfig,
  type ConfigPatch,
} from './control/config-patch.ts'
import {
  invalidInput,
  MockControlError,
  parseControlInput,
} from './control/control-error.ts'
import {
  faultRuleInputSchema,
  type FaultRule,
  type FaultRuleInput,
} from './faults/fault-rule.ts'
import type { JournalEntry } from './journal.ts'
import { buildOperations } from '../operations/build-operations.ts'
import type { Operation } from '../operations/operation.ts'
import { limits } from './limits.ts'
import type { MockConfig } from './mock-config.ts'
import type { Runtime } from './runtime.ts'
import { InvalidSnapshotError, parseSnapshot } from './store/snapshot-schema.ts'
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
    /**
     * Merges a patch into the live settings (validated first; `rateLimit` merges member-wise).
     * Throws a `MockControlError` (422) for an invalid patch, as `PATCH /__mock/config` answers.
     */
    update(patch: ConfigPatch): MockConfig
  }
  faults: {
    list(): FaultRule[]
    /**
     * Adds a fault rule. Throws a `MockControlError`: 422 for an invalid rule, 409
     * `limit-exceeded` past 1000 rules, as `POST /__mock/faults` answers.
     */
    add(rule: FaultRuleInput): FaultRule
    remove(id: string): boolean
    clear(): void
  }
  journal: {
    list(): JournalEntry[]
    clear(): void
  }
  /**
   * The journal read as logical operations (a request and its retries), with waits and verdicts
   * against the conventions' retry rules, oldest first. Bounded as the journal is; cleared with it.
   *
   * @example
   * expect(api.operations.list()[0].verdicts).toEqual([])
   */
  operations: {
    list(): Operation[]
  }
  clock: {
    now(): string
    /**
     * Moves the mock clock forward by whole milliseconds. Throws a `MockControlError` (422) for a
     * negative or fractional step, or one past 9999-12-31T23:59:59.999Z, as `POST /__mock/clock` answers.
     */
    advance(ms: number): string
  }
  /** Back to the seed data and the initial config; clears faults, journal, keys and rate counters. */
  reset(): void
}

export const advanceSchema = z.strictObject({
  advanceMs: z
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be whole milliseconds' })
    .min(0, { error: 'must be ≥ 0' }),
})

export function createControls(
  runtime: Runtime,
  {
    owned = false,
  }: {
    /**
     * The control API's own use: a snapshot it is given was parsed from the request for it alone,
     * and one it reads is written out as JSON at once. Neither needs the copy that keeps a caller's
     * object and the mock's rows apart.
     */
    owned?: boolean
  } = {},
): MockControls {
  const { events } = runtime
  return {
    state: {
      snapshot() {
        runtime.db.sweepExpired(runtime.clock.now(), true)
        return owned ? runtime.db.snapshotView() : runtime.db.snapshot()
      },
      restore(snapshot) {
        const checked = parseSnapshot(runtime.api, snapshot)
        // Validated before it is copied: the schema bounds its depth, so cloning cannot overflow.
        // (A checked row is a new object, but a schema may pass a member's value through as given.)
        const parsed = owned ? checked : structuredClone(checked)
        const now = runtime.clock.now()
        parsed.idempotencyKeys = parsed.idempotencyKeys.filter(
          (record) => Date.parse(record.expiresAt) > now,
        )
        const max = runtime.options.maxIdempotencyKeys
        if (parsed.idempotencyKeys.length > max) {
          throw new InvalidSnapshotError([
            {
              path: ['idempotencyKeys'],
              message: `holds ${parsed.idempotencyKeys.length} unexpired keys; the limit is ${max} (the maxIdempotencyKeys option)`,
            },
          ])
        }
        runtime.db.load(parsed)
        events.emit({ type: 'state' })
      },
    },
    config: {
      get: () => structuredClone(runtime.config),
      update(input) {
        const patch = parseControlInput(
          'update the mock config',
          configPatchSchema,
          input ?? {},
        )
        runtime.config = mergeConfig(
          runtime.config,
          patch,
          runtime.options.config,
        )
        if (patch.seed !== undefined) runtime.random.reseed(patch.seed)
        events.emit({ type: 'config' })
        return structuredClone(runtime.config)
      },
    },
    faults: {
      list: () => runtime.faults.list(),
      add(input) {
        const action = 'add the fault rule'
        const rule = parseControlInput(action, faultRuleInputSchema, input)
        if (runtime.faults.size >= limits.faultRules) {
          throw new MockControlError(action, 'limit-exceeded', 409, {
            detail: `The mock already holds ${limits.faultRules} fault rules, its limit. Delete some (DELETE /__mock/faults/{id}, or DELETE /__mock/faults for all) before adding more.`,
            extensions: { limit: 'faultRules', max: limits.faultRules },
          })
        }
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
        runtime.stateEvents.verdicts.clear()
        events.emit({ type: 'journal' })
      },
    },
    operations: {
      list: () => buildOperations(runtime.journal.list(), runtime.clock.now()),
    },
    clock: {
      now: () => runtime.clock.iso(),
      advance(input) {
        const action = 'advance the mock clock'
        const { advanceMs } = parseControlInput(action, advanceSchema, {
          advanceMs: input,
        })
        const room = limits.clockMax - runtime.clock.now()
        if (advanceMs > room) {
          invalidInput(action, [
            {
              path: ['advanceMs'],
              message: `must be at most ${Math.max(0, room)}: the mock clock cannot pass ${new Date(limits.clockMax).toISOString()}`,
            },
          ])
        }
        runtime.clock.advance(advanceMs)
        events.emit({ type: 'clock' })
        runtime.webhooks.clockMoved()
        runtime.stateEvents.clockMoved()
        return runtime.clock.iso()
      },
    },
    reset: () => runtime.reset(),
  }
}
