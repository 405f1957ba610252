import type { Rule } from './rule.ts'
import * as registered from './rules/index.ts'

type Registered = (typeof registered)[keyof typeof registered]

/** A rule's id, derived from the registry: adding a rule file and its line adds its id. */
export type RuleId = Registered['id']

/**
 * Every registered rule, by id. The runner orders them by phase: the rate-limit probe after the
 * other active rules (it exhausts the caller's quota), the journal rules last (they judge every
 * response of the run).
 */
export const rules: readonly Rule<RuleId>[] = Object.values(
  registered as Record<string, Registered>,
).sort((a, b) => a.id.localeCompare(b.id))

/** Every rule id, in the order reports list them. */
export const ruleIds: readonly RuleId[] = rules.map((rule) => rule.id)

export const isRuleId = (value: string): value is RuleId =>
  (ruleIds as readonly string[]).includes(value)
