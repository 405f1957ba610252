import type { ClientEvent } from '../../client/index.ts'
import { pageOperationId } from './page-operation-id.ts'

const LIMIT = 2000

/**
 * The reference client's events, kept for the timeline; a plain store read with useSyncExternalStore.
 * Operation ids carry this page load's prefix (see `pageOperationId`).
 */
export class ClientEventsStore {
  private events: readonly ClientEvent[] = []
  private listeners = new Set<() => void>()

  readonly push = (event: ClientEvent) => {
    const next = [
      ...this.events,
      { ...event, operationId: pageOperationId(event.operationId) },
    ]
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
