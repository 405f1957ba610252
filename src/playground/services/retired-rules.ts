import type { FaultRule, MockApi, MockEvent } from '../../index.ts'

const STORAGE_KEY = 'hypermock-retired-faults'

function load(storage: Storage | null): readonly FaultRule[] {
  try {
    const saved: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]')
    return Array.isArray(saved)
      ? saved.filter(
          (rule): rule is FaultRule =>
            typeof rule === 'object' &&
            rule !== null &&
            typeof (rule as FaultRule).id === 'string',
        )
      : []
  } catch {
    return []
  }
}

/**
 * Fault rules that fired their `times` and retired. The mock drops such a rule from its list; the
 * playground keeps showing it (fired 2/2) until the user clears it or resets the mock, so a preset
 * that was used up does not simply vanish, nor on a reload: the list is kept in `storage`, which the
 * origin's tabs share (as they share the mock). A rule the user removed is not retired: only a
 * request that the rule's last firing answered retires it.
 */
export class RetiredRules {
  private known = new Map<string, FaultRule>()
  private retired: readonly FaultRule[]
  private readonly listeners = new Set<() => void>()
  private readonly api: MockApi
  private readonly storage: Storage | null

  constructor(api: MockApi, storage: Storage | null = null) {
    this.api = api
    this.storage = storage
    this.retired = load(storage)
    this.remember()
  }

  /** Follows the mock's events, and the other tabs' changes to the list; returns the unsubscribe. */
  readonly start = (): (() => void) => {
    const stop = this.api.subscribe(this.onEvent)
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEY) return
      this.retired = load(this.storage)
      this.notify()
    }
    // Other tabs' changes to the list arrive as `storage` events, where there is a window.
    const target = typeof window === 'undefined' ? null : window
    if (this.storage) target?.addEventListener('storage', onStorage)
    return () => {
      stop()
      target?.removeEventListener('storage', onStorage)
    }
  }

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
      const listed = this.retired.some((r) => r.id === id)
      if (rule?.times !== undefined && !live && !listed) {
        // The copy remembered was taken before the last firings: each firing left was one match.
        const left = rule.times - rule.fired
        this.set([
          ...this.retired,
          { ...rule, matched: rule.matched + left, fired: rule.times },
        ])
      }
    }
    if (event.type !== 'state' && event.type !== 'clock') this.remember()
  }

  private remember() {
    for (const rule of this.api.faults.list()) this.known.set(rule.id, rule)
  }

  private set(retired: readonly FaultRule[]) {
    if (retired.length === 0 && this.retired.length === 0) return
    this.retired = retired
    try {
      if (retired.length === 0) this.storage?.removeItem(STORAGE_KEY)
      else this.storage?.setItem(STORAGE_KEY, JSON.stringify(retired))
    } catch {
      // A full or refused storage only costs the list across a reload.
    }
    this.notify()
  }

  private notify() {
    for (const listener of this.listeners) listener()
  }
}
