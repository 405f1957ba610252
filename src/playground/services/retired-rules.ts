import type { FaultRule, MockApi, MockEvent } from '../../mock-server/index.ts'

/**
 * Fault rules that fired their `times` and retired. The mock drops such a rule from its list; the
 * playground keeps showing it (fired 2/2) until the user clears it, so a preset that was used up
 * does not simply vanish. A rule the user removed is not retired: only a request that the rule's
 * last firing answered retires it.
 */
export class RetiredRules {
  private known = new Map<string, FaultRule>()
  private retired: readonly FaultRule[] = []
  private readonly listeners = new Set<() => void>()
  private readonly api: MockApi

  constructor(api: MockApi) {
    this.api = api
    this.remember()
  }

  /** Follows the mock's events; returns the unsubscribe. */
  readonly start = (): (() => void) => this.api.subscribe(this.onEvent)

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  readonly getSnapshot = (): readonly FaultRule[] => this.retired

  readonly clear = () => this.set([])

  private readonly onEvent = (event: MockEvent) => {
    if (event.type === 'reset') {
      this.known.clear()
      this.set([])
    } else if (event.type === 'request' && event.entry.fault !== null) {
      const id = event.entry.fault.split(' ')[0]!
      const rule = this.known.get(id)
      const live = this.api.faults.list().some((r) => r.id === id)
      if (rule?.times !== undefined && !live)
        this.set([...this.retired, { ...rule, fired: rule.times }])
    }
    if (event.type !== 'state' && event.type !== 'clock') this.remember()
  }

  private remember() {
    for (const rule of this.api.faults.list()) this.known.set(rule.id, rule)
  }

  private set(retired: readonly FaultRule[]) {
    if (retired.length === 0 && this.retired.length === 0) return
    this.retired = retired
    for (const listener of this.listeners) listener()
  }
}
