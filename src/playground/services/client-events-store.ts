import type { ClientEvent } from '../../client/index.ts'

const LIMIT = 2000

/** The reference client's events, kept for the timeline; a plain store read with useSyncExternalStore. */
export class ClientEventsStore {
  private events: readonly ClientEvent[] = []
  private listeners = new Set<() => void>()

  readonly push = (event: ClientEvent) => {
    const next = [...this.events, event]
    this.events = next.length > LIMIT ? next.slice(next.length - LIMIT) : next
    this.notify()
  }

  readonly clear = () => {
    this.events = []
    this.notify()
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  readonly getSnapshot = () => this.events

  private notify() {
    for (const listener of this.listeners) listener()
  }
}
