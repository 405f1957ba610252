import type { RandomSource } from '../random.ts'
import {
  matchesPathPattern,
  type EventFault,
  type EventFaultEffect,
  type FaultRule,
  type FaultRuleInput,
} from './fault-rule.ts'
import { faultRuleInputSchema } from './fault-rule.ts'

/**
 * The injected faults, evaluated in order: the first rule that matches and decides to fire wins. A
 * rule in its `skip` phase, or whose `probability` draw misses, lets the request go on to later rules.
 */
export class FaultStore {
  private rules: FaultRule[] = []
  private counter = 0
  private readonly random: RandomSource
  /** Moves on every change (a rule added or removed, a counter moved): what a store watches. */
  revision = 0

  constructor(random: RandomSource) {
    this.random = random
  }

  get size() {
    return this.rules.length
  }

  list(): FaultRule[] {
    return structuredClone(this.rules)
  }

  /** The number the next rule's id takes (`fault-<n>`). */
  get nextNumber() {
    return this.counter + 1
  }

  /** Puts back rules a store kept, counters and all (trusted: the store wrote them from `list()`). */
  restore(rules: readonly FaultRule[], nextNumber: number) {
    this.rules = structuredClone([...rules])
    this.counter = Math.max(0, nextNumber - 1)
    this.revision += 1
  }

  /** Adds a rule (validated: throws the zod error; `api.faults.add` checks it and the limit first). */
  add(input: FaultRuleInput): FaultRule {
    const parsed = faultRuleInputSchema.parse(input)
    const rule: FaultRule = {
      id: `fault-${++this.counter}`,
      ...parsed,
      matched: 0,
      fired: 0,
    }
    this.rules.push(rule)
    this.revision += 1
    return structuredClone(rule)
  }

  remove(id: string): boolean {
    const before = this.rules.length
    this.rules = this.rules.filter((rule) => rule.id !== id)
    if (this.rules.length === before) return false
    this.revision += 1
    return true
  }

  clear() {
    this.rules = []
    this.revision += 1
  }

  reset() {
    this.rules = []
    this.counter = 0
    this.revision += 1
  }

  private matches(rule: FaultRule, method: string, path: string) {
    if (rule.target === 'events') return false
    if (rule.match.method && rule.match.method !== method) return false
    if (rule.match.path === undefined) return true
    return matchesPathPattern(rule.match.path, path)
  }

  /** The rule that fires for this request, if any; counts matches and retires spent rules. */
  take(method: string, path: string): FaultRule | undefined {
    return this.fire((rule) => this.matches(rule, method, path))
  }

  /**
   * The events fault that fires for the event about to be delivered, if any: every events rule
   * matches every event, so `times` counts events, `skip` lets the first ones through.
   */
  takeEvent(): EventFault | undefined {
    if (!this.rules.some((rule) => rule.target === 'events')) return undefined
    const rule = this.fire((candidate) => candidate.target === 'events')
    return rule && { rule: rule.id, effect: rule.effect as EventFaultEffect }
  }

  private fire(applies: (rule: FaultRule) => boolean): FaultRule | undefined {
    for (const rule of this.rules) {
      if (!applies(rule)) continue
      rule.matched += 1
      this.revision += 1
      if (rule.skip !== undefined && rule.matched <= rule.skip) continue
      if (
        rule.probability !== undefined &&
        !(this.random.next() < rule.probability)
      )
        continue
      rule.fired += 1
      if (rule.times !== undefined && rule.fired >= rule.times)
        this.remove(rule.id)
      return structuredClone(rule)
    }
    return undefined
  }
}
